"use client";

import type { Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { postJson } from "@/components/dialogs/auth-fetch";
import { Button, buttonClass } from "@/components/ui/Button";
import { formatYuanFromFen } from "@/lib/domain/format";
import { resultHref } from "./pay-helpers";
import { SwitchMethodButton } from "./SwitchMethodButton";

interface IntentAnswer {
  clientSecret: string;
  publishableKey: string;
  mode: "payment" | "subscription";
  amountFen: number;
}

type Phase =
  | { kind: "loading" }
  | { kind: "ready" }
  | { kind: "intent-error"; message: string; status: number }
  | { kind: "stripe-unavailable" };

/** Stripe's brand colours in our tokens; Chinese labels. */
const APPEARANCE = {
  theme: "stripe" as const,
  variables: {
    colorPrimary: "#1d4ed8",
    colorDanger: "#b91c1c",
    borderRadius: "8px",
    fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  },
};

const loadStripeJs = async (publishableKey: string): Promise<Stripe | null> => {
  const { loadStripe } = await import("@stripe/stripe-js");
  return loadStripe(publishableKey);
};

/** Stripe's error for the member (Stripe localises its messages with locale zh), or ours. */
function confirmErrorText(error: { type?: string; message?: string } | undefined): string {
  if (error && (error.type === "card_error" || error.type === "validation_error") && error.message) return error.message;
  return "支付未完成，请检查支付信息后重试；如已扣款，请勿重复支付。";
}

function Skeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-3" data-testid="stripe-skeleton">
      <div className="flex gap-2">
        <div className="h-14 flex-1 rounded-lg bg-slate-100" />
        <div className="h-14 flex-1 rounded-lg bg-slate-100" />
        <div className="h-14 flex-1 rounded-lg bg-slate-100" />
      </div>
      <div className="h-11 rounded-lg bg-slate-100" />
      <div className="flex gap-3">
        <div className="h-11 flex-1 rounded-lg bg-slate-100" />
        <div className="h-11 flex-1 rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

/**
 * The Payment Element for one order: asks the server for the order's client secret, mounts Stripe's form (card,
 * Alipay, WeChat Pay where enabled) and confirms it; Stripe then returns to /stripePay/result, which asks the server.
 */
export function StripePaymentForm({ orderGuid, amountFen, planId, autoRenew }: { orderGuid: string; amountFen: number; planId: string; autoRenew: boolean }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const secretRef = useRef("");
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [elementReady, setElementReady] = useState(false);
  const [amount, setAmount] = useState(amountFen);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState("");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let element: StripePaymentElement | null = null;

    (async () => {
      const answer = await postJson(`/api/pay/orders/${encodeURIComponent(orderGuid)}/intent`, {});
      if (cancelled) return;
      const body = answer.body as Partial<IntentAnswer>;
      if (!answer.ok || typeof body.clientSecret !== "string" || typeof body.publishableKey !== "string") {
        setPhase({ kind: "intent-error", message: answer.message || "无法创建支付，请稍后再试", status: answer.status });
        return;
      }
      if (typeof body.amountFen === "number") setAmount(body.amountFen);

      let stripe: Stripe | null = null;
      try {
        stripe = await loadStripeJs(body.publishableKey);
      } catch {
        stripe = null;
      }
      if (cancelled) return;
      if (!stripe || !mountRef.current) {
        setPhase({ kind: "stripe-unavailable" });
        return;
      }
      const elements = stripe.elements({ clientSecret: body.clientSecret, appearance: APPEARANCE, locale: "zh" });
      element = elements.create("payment", { layout: "tabs" });
      element.on("ready", () => {
        if (!cancelled) setElementReady(true);
      });
      element.on("loaderror", () => {
        if (!cancelled) setPhase({ kind: "stripe-unavailable" });
      });
      element.mount(mountRef.current);
      stripeRef.current = stripe;
      elementsRef.current = elements;
      secretRef.current = body.clientSecret;
      setPhase({ kind: "ready" });
    })();

    return () => {
      cancelled = true;
      element?.destroy();
      stripeRef.current = null;
      elementsRef.current = null;
    };
  }, [orderGuid, attempt]);

  function retry() {
    setPhase({ kind: "loading" });
    setElementReady(false);
    setError("");
    setAttempt((n) => n + 1);
  }

  async function pay() {
    const stripe = stripeRef.current;
    const elements = elementsRef.current;
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError("");
    const returnUrl = `${window.location.origin}/stripePay/result?order=${encodeURIComponent(orderGuid)}`;
    try {
      // A subscription that starts with a free or zero-amount period hands us a SetupIntent instead.
      const { error: failure } = secretRef.current.startsWith("seti_")
        ? await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } })
        : await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      // Reaching here means Stripe did not redirect: the payment was not completed.
      setError(confirmErrorText(failure));
    } catch {
      setError("网络异常，请稍后再试");
    }
    setSubmitting(false);
  }

  if (phase.kind === "intent-error") {
    return (
      <div className="space-y-3" data-testid="stripe-payment">
        <p role="alert" className="text-sm text-red-700">{phase.message}</p>
        <div className="flex flex-wrap gap-3">
          {phase.status === 409 || phase.status === 410 ? (
            <Link href={resultHref(orderGuid)} className={buttonClass("primary", "sm")}>查看订单状态</Link>
          ) : (
            <Button size="sm" onClick={retry}>重试</Button>
          )}
        </div>
      </div>
    );
  }

  if (phase.kind === "stripe-unavailable") {
    return (
      <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="stripe-payment">
        <p role="alert" className="text-[15px] font-medium text-amber-900">支付组件加载失败</p>
        <p className="text-sm text-amber-900">
          无法连接 Stripe（可能是网络限制或浏览器插件拦截）。你可以刷新重试，或改用 Stripe 收银台页面支付，本次未产生任何扣款。
        </p>
        <div className="flex flex-wrap gap-3">
          <SwitchMethodButton planId={planId} method="checkout" autoRenew={autoRenew} className={buttonClass("primary", "sm")}>
            改用 Stripe 收银台
          </SwitchMethodButton>
          <Button variant="secondary" size="sm" onClick={retry}>重新加载</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      aria-label="填写支付信息"
      className="space-y-4"
      data-testid="stripe-payment"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      {!elementReady ? <Skeleton /> : null}
      <div ref={mountRef} className={elementReady ? undefined : "h-0 overflow-hidden"} />
      <Button type="submit" size="lg" block loading={submitting} disabled={!elementReady} data-testid="stripe-submit">
        支付 {formatYuanFromFen(amount)}
      </Button>
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      <p className="text-center text-xs text-slate-500">支付由 Stripe 处理，本站不保存你的卡号。</p>
    </form>
  );
}
