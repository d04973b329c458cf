import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { FailedBefore, OrderNotPayable } from "@/components/payments/OrderNotPayable";
import { OrderSummary } from "@/components/payments/OrderSummary";
import { continuePayHref, isPayable } from "@/components/payments/pay-helpers";
import { SwitchMethodButton } from "@/components/payments/SwitchMethodButton";
import { StripePaymentForm } from "@/components/payments/StripePaymentForm";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";
import { ORDER_STATUS_LABELS } from "@/lib/domain/payments/labels";
import { requireViewer } from "@/lib/server/auth/gate";
import { paymentAvailability } from "@/lib/server/payments/catalog";
import { orderForViewer } from "@/lib/server/payments/orders";

export const metadata: Metadata = { title: "银行卡支付", description: "使用银行卡、支付宝或微信支付完成订单支付。", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").slice(0, 64);

export default async function StripePayPage({ searchParams }: Props) {
  // Nothing to pay with: say so before asking anyone to log in.
  if (!paymentAvailability().stripe) return <PaymentUnavailable title="银行卡支付" />;
  const viewer = await requireViewer();
  const orderGuid = first((await searchParams).order);
  const order = orderGuid ? await orderForViewer(viewer, orderGuid) : null;
  if (!order || !isPayable(order)) {
    return <OrderNotPayable order={order} statusLabel={order ? ORDER_STATUS_LABELS[order.status] : undefined} />;
  }
  // An order is paid the way it was made: send it to its own page.
  if (order.method !== "card") redirect(continuePayHref(order));

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
