"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { submitJson } from "@/lib/client/request";
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
  | { kind: "ready"; stripe: Stripe; clientSecret: string }
  | { kind: "intent-error"; message: string; status: number }
  | { kind: "stripe-unavailable" };

const PAYMENT_ELEMENT_OPTIONS = { layout: "tabs" } as const;

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
 * The Payment Element for one order: asks the server for the order's client secret, loads Stripe.js and hands it to
 * react-stripe-js's <Elements> (card, Alipay, WeChat Pay where enabled); Stripe then returns to /stripePay/result,
 * which asks the server.
 */
export function StripePaymentForm({ orderGuid, amountFen, planId, autoRenew }: { orderGuid: string; amountFen: number; planId: string; autoRenew: boolean }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [amount, setAmount] = useState(amountFen);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const answer = await submitJson(`/api/pay/orders/${encodeURIComponent(orderGuid)}/intent`, {});
      if (cancelled) return;
      const body = answer.body as Partial<IntentAnswer>;
      if (!answer.ok || typeof body.clientSecret !== "string" || typeof body.publishableKey !== "string") {
        setPhase({ kind: "intent-error", message: answer.message || "无法创建支付，请稍后再试", status: answer.status });
        return;
      }
      if (typeof body.amountFen === "number") setAmount(body.amountFen);
      const stripe = await loadStripeJs(body.publishableKey).catch(() => null);
      if (cancelled) return;
      setPhase(stripe ? { kind: "ready", stripe, clientSecret: body.clientSecret } : { kind: "stripe-unavailable" });
    })();
    return () => {
      cancelled = true;
    };
  }, [orderGuid, attempt]);

  function retry() {
    setPhase({ kind: "loading" });
    setAttempt((n) => n + 1);
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

  if (phase.kind === "loading") {
    return <PaymentFormFrame amount={amount} elementReady={false} submitting={false} error="" onSubmit={() => {}} />;
  }

  return (
    <Elements key={attempt} stripe={phase.stripe} options={{ clientSecret: phase.clientSecret, appearance: APPEARANCE, locale: "zh" }}>
      <PaymentFields orderGuid={orderGuid} clientSecret={phase.clientSecret} amount={amount} onUnavailable={() => setPhase({ kind: "stripe-unavailable" })} />
    </Elements>
  );
}

/** The Payment Element and its 支付 button, inside <Elements>: confirms with Stripe, which redirects on success. */
function PaymentFields({ orderGuid, clientSecret, amount, onUnavailable }: { orderGuid: string; clientSecret: string; amount: number; onUnavailable: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState("");

  async function pay() {
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError("");
    const returnUrl = `${window.location.origin}/stripePay/result?order=${encodeURIComponent(orderGuid)}`;
    try {
      // A subscription that starts with a free or zero-amount period hands us a SetupIntent instead.
      const { error: failure } = clientSecret.startsWith("seti_")
        ? await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } })
        : await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      // Reaching here means Stripe did not redirect: the payment was not completed.
      setError(confirmErrorText(failure));
    } catch {
      setError("网络异常，请稍后再试");
    }
    setSubmitting(false);
  }

  return (
    <PaymentFormFrame amount={amount} elementReady={elementReady} submitting={submitting} error={error} onSubmit={() => void pay()}>
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} onReady={() => setElementReady(true)} onLoadError={onUnavailable} />
    </PaymentFormFrame>
  );
}

function PaymentFormFrame({ amount, elementReady, submitting, error, onSubmit, children }: {
  amount: number;
  elementReady: boolean;
  submitting: boolean;
  error: string;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      aria-label="填写支付信息"
      className="space-y-4"
      data-testid="stripe-payment"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {!elementReady ? <Skeleton /> : null}
      <div className={elementReady ? undefined : "h-0 overflow-hidden"}>{children}</div>
      <Button type="submit" size="lg" block loading={submitting} disabled={!elementReady} data-testid="stripe-submit">
        支付 {formatYuanFromFen(amount)}
      </Button>
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      <p className="text-center text-xs text-slate-500">支付由 Stripe 处理，本站不保存你的卡号。</p>
    </form>
  );
}
