import type { Metadata } from "next";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { HostedCheckoutButton } from "@/components/payments/HostedCheckoutButton";
import { FailedBefore, OrderNotPayable } from "@/components/payments/OrderNotPayable";
import { OrderSummary } from "@/components/payments/OrderSummary";
import { SwitchMethodButton } from "@/components/payments/SwitchMethodButton";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";
import { ORDER_STATUS_LABELS } from "@/lib/domain/payments/labels";
import { stripePayPageState } from "@/lib/server/payments/pay-page";

export const metadata: Metadata = { title: "银行卡支付", description: "跳转到 Stripe 收银台完成订单支付。", robots: { index: false } };

type Props = { searchParams: Promise<SearchParamsRecord> };

export default async function StripePay1Page({ searchParams }: Props) {
  const page = await stripePayPageState(firstParam((await searchParams).order), "checkout");
  if (page.state === "unavailable") return <PaymentUnavailable title="银行卡支付" />;
  if (page.state === "not-payable") {
    return <OrderNotPayable order={page.order} statusLabel={page.order ? ORDER_STATUS_LABELS[page.order.status] : undefined} />;
  }
  const { order } = page;

  return (
    <div className="mx-auto max-w-xl">
      <PageIntro title="Stripe 收银台">将跳转到 Stripe 官方收银台完成支付，支付后自动返回本站</PageIntro>
      {order.status === "failed" ? <FailedBefore message={order.failureMessage} /> : null}
      <Card className="mb-4">
        <OrderSummary order={order} />
      </Card>
      <Card>
        <HostedCheckoutButton orderGuid={order.orderGuid} />
        <p className="mt-3 text-center text-xs text-slate-500">支付由 Stripe 处理，本站不保存你的卡号。</p>
      </Card>
      <p className="mt-4 text-center text-sm text-slate-500">
        想留在本站支付？
        <SwitchMethodButton planId={order.planId} method="card" autoRenew={order.autoRenew}>使用银行卡 / 支付宝 / 微信支付</SwitchMethodButton>
      </p>
    </div>
  );
}
