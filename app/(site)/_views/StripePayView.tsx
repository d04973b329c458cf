import type { ReactNode } from "react";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { HostedCheckoutButton } from "@/components/payments/HostedCheckoutButton";
import { FailedBefore, OrderNotPayable } from "@/components/payments/OrderNotPayable";
import { OrderSummary } from "@/components/payments/OrderSummary";
import { StripePaymentForm } from "@/components/payments/StripePaymentForm";
import { SwitchMethodButton } from "@/components/payments/SwitchMethodButton";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";
import { ORDER_STATUS_LABELS } from "@/lib/domain/payments/labels";
import type { OrderView } from "@/lib/domain/payments/types";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { stripePayPageState } from "@/lib/server/payments/pay-page";

type StripeMethod = "card" | "checkout";

/** What each page says, how it takes the payment, and the way to the other one. */
const METHODS: Record<StripeMethod, {
  title: string;
  intro: string;
  pay: (order: OrderView) => ReactNode;
  switchTo: { method: StripeMethod; question: string; label: string };
}> = {
  card: {
    title: "银行卡支付",
    intro: "支持银行卡、支付宝和微信支付（以页面显示为准）",
    pay: (order) => <StripePaymentForm orderGuid={order.orderGuid} amountFen={order.amountFen} planId={order.planId} autoRenew={order.autoRenew} />,
    switchTo: { method: "checkout", question: "页面打不开或支付方式不全？", label: "改用 Stripe 收银台" },
  },
  checkout: {
    title: "Stripe 收银台",
    intro: "将跳转到 Stripe 官方收银台完成支付，支付后自动返回本站",
    pay: (order) => (
      <>
        <HostedCheckoutButton orderGuid={order.orderGuid} />
        <p className="mt-3 text-center text-xs text-slate-500">支付由 Stripe 处理，本站不保存你的卡号。</p>
      </>
    ),
    switchTo: { method: "card", question: "想留在本站支付？", label: "使用银行卡 / 支付宝 / 微信支付" },
  },
};

/**
 * /stripePay (the Payment Element on this site) and /stripePay1 (Stripe's hosted Checkout), both SPEC routes: the
 * member's payable order of that method, its summary, the way to pay and a switch to the other page.
 */
export async function StripePayView({ searchParams, method }: { searchParams: Promise<SearchParamsRecord>; method: StripeMethod }) {
  const page = await stripePayPageState(firstParam((await searchParams).order), method);
  if (page.state === "unavailable") return <PaymentUnavailable title="银行卡支付" />;
  if (page.state === "not-payable") {
    return <OrderNotPayable order={page.order} statusLabel={page.order ? ORDER_STATUS_LABELS[page.order.status] : undefined} />;
  }
  const { order } = page;
  const { title, intro, pay, switchTo } = METHODS[method];

  return (
    <div className="mx-auto max-w-xl">
      <PageIntro title={title}>{intro}</PageIntro>
      {order.status === "failed" ? <FailedBefore message={order.failureMessage} /> : null}
      <Card className="mb-4">
        <OrderSummary order={order} />
      </Card>
      <Card>{pay(order)}</Card>
      <p className="mt-4 text-center text-sm text-slate-500">
        {switchTo.question}
        <SwitchMethodButton planId={order.planId} method={switchTo.method} autoRenew={order.autoRenew}>{switchTo.label}</SwitchMethodButton>
      </p>
    </div>
  );
}
