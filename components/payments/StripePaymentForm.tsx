"use client";

import type { Stripe } from "@stripe/stripe-js";
import Link from "@/components/ui/Link";
import { useEffect, useState } from "react";
import { submitJson } from "@/lib/client/request";
import { Button, buttonClass } from "@/components/ui/Button";
import { PaymentFormFrame } from "./PaymentFormFrame";
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
  | { kind: "ready"; stripe: Stripe; ui: typeof import("./StripeElements"); clientSecret: string }
  | { kind: "intent-error"; message: string; status: number }
  | { kind: "stripe-unavailable" };

const loadStripeJs = async (publishableKey: string): Promise<Stripe | null> => {
  const { loadStripe } = await import("@stripe/stripe-js");
  return loadStripe(publishableKey);
};

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
      const [stripe, ui] = await Promise.all([loadStripeJs(body.publishableKey), import("./StripeElements")]).catch(() => [null, null] as const);
      if (cancelled) return;
      setPhase(stripe && ui ? { kind: "ready", stripe, ui, clientSecret: body.clientSecret } : { kind: "stripe-unavailable" });
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
    <phase.ui.StripeElements
      key={attempt}
      stripe={phase.stripe}
      clientSecret={phase.clientSecret}
      orderGuid={orderGuid}
      amount={amount}
      onUnavailable={() => setPhase({ kind: "stripe-unavailable" })}
    />
  );
}

