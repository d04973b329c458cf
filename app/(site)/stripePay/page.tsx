import type { Metadata } from "next";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { FailedBefore, OrderNotPayable } from "@/components/payments/OrderNotPayable";
import { OrderSummary } from "@/components/payments/OrderSummary";
import { SwitchMethodButton } from "@/components/payments/SwitchMethodButton";
import { StripePaymentForm } from "@/components/payments/StripePaymentForm";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";
import { ORDER_STATUS_LABELS } from "@/lib/domain/payments/labels";
import { stripePayPageState } from "@/lib/server/payments/pay-page";

export const metadata: Metadata = { title: "银行卡支付", description: "使用银行卡、支付宝或微信支付完成订单支付。", robots: { index: false } };

type Props = { searchParams: Promise<SearchParamsRecord> };

export default async function StripePayPage({ searchParams }: Props) {
  const page = await stripePayPageState(firstParam((await searchParams).order), "card");
  if (page.state === "unavailable") return <PaymentUnavailable title="银行卡支付" />;
  if (page.state === "not-payable") {
    return <OrderNotPayable order={page.order} statusLabel={page.order ? ORDER_STATUS_LABELS[page.order.status] : undefined} />;
  }
  const { order } = page;

  return (
    <div className="mx-auto max-w-xl">
      <PageIntro title="银行卡支付">支持银行卡、支付宝和微信支付（以页面显示为准）</PageIntro>
      {order.status === "failed" ? <FailedBefore message={order.failureMessage} /> : null}
      <Card className="mb-4">
        <OrderSummary order={order} />
      </Card>
      <Card>
        <StripePaymentForm orderGuid={order.orderGuid} amountFen={order.amountFen} planId={order.planId} autoRenew={order.autoRenew} />
      </Card>
      <p className="mt-4 text-center text-sm text-slate-500">
        页面打不开或支付方式不全？
        <SwitchMethodButton planId={order.planId} method="checkout" autoRenew={order.autoRenew}>改用 Stripe 收银台</SwitchMethodButton>
      </p>
    </div>
  );
}
