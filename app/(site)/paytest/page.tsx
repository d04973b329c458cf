import type { Metadata } from "next";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { notFound, redirect } from "next/navigation";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { EmptyState } from "@/components/content/EmptyState";
import { ConfirmOrderForm } from "@/components/payments/ConfirmOrderForm";
import { FailedBefore, OrderNotPayable } from "@/components/payments/OrderNotPayable";
import { continuePayHref, isPayable } from "@/components/payments/pay-helpers";
import { OrderSummary } from "@/components/payments/OrderSummary";
import { TestCardForm } from "@/components/payments/TestCardForm";
import { TestModeBanner } from "@/components/payments/TestModeBadge";
import { config } from "@/lib/config";
import { formatPrice, formatYuanFromFen } from "@/lib/domain/format";
import { LEVELS } from "@/lib/domain/levels";
import { ORDER_STATUS_LABELS } from "@/lib/domain/payments/labels";
import { TEST_CARDS } from "@/lib/domain/payments/test-cards";
import { requireViewer } from "@/lib/server/auth/gate";
import { listPlans } from "@/lib/server/payments/catalog";
import { orderForViewer } from "@/lib/server/payments/orders";

export const metadata: Metadata = { title: "支付测试（测试模式）", description: "测试模式：用测试卡号走完支付流程。", robots: { index: false } };

type Props = { searchParams: Promise<SearchParamsRecord> };

/** Exists only with PAYMENT_TEST_MODE=1; a 404 otherwise. */
export default async function PayTestPage({ searchParams }: Props) {
  if (!config().paymentTestMode) notFound();
  const viewer = await requireViewer();
  const orderGuid = firstParam((await searchParams).order);

  if (orderGuid) {
    const order = await orderForViewer(viewer, orderGuid);
    if (!order || !isPayable(order)) {
      return (
        <>
          <TestModeBanner />
          <OrderNotPayable order={order} statusLabel={order ? ORDER_STATUS_LABELS[order.status] : undefined} />
        </>
      );
    }
    // A Stripe order is paid on its own page.
    if (order.method !== "test") redirect(continuePayHref(order));
    return (
      <div className="mx-auto max-w-xl">
        <TestModeBanner />
        <PageIntro title="测试支付" />
        {order.status === "failed" ? <FailedBefore message={order.failureMessage} /> : null}
        <Card className="mb-4">
          <OrderSummary order={order} />
        </Card>
        <Card>
          <TestCardForm orderGuid={order.orderGuid} cards={TEST_CARDS} />
        </Card>
      </div>
    );
  }

  const plans = await listPlans();
  return (
    <div className="mx-auto max-w-3xl">
      <TestModeBanner />
      <PageIntro title="支付测试">选择一个套餐创建测试订单，再用测试卡号模拟支付</PageIntro>
      {plans.length === 0 ? (
        <EmptyState title="暂无在售套餐" />
      ) : (
        LEVELS.filter((l) => plans.some((p) => p.levelId === l.levelId)).map((level) => (
          <Section key={level.levelId} title={level.levelName}>
            <div className="grid gap-3 sm:grid-cols-3">
              {plans
                .filter((p) => p.levelId === level.levelId)
                .map((p) => (
                  <Card key={p.id} className="flex flex-col gap-3">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="font-medium text-slate-900">{p.name}</span>
                      <span className="text-lg font-semibold text-up tabular-nums">{formatPrice(p.priceFen)}</span>
                    </div>
                    <p className="text-xs text-slate-500">{p.days} 天</p>
                    <ConfirmOrderForm
                      planId={p.id}
                      methods={["test"]}
                      renewable={p.renewable}
                      amountText={formatYuanFromFen(p.priceFen)}
                      variant="compact"
                      submitLabel="创建测试订单"
                    />
                  </Card>
                ))}
            </div>
          </Section>
        ))
      )}
    </div>
  );
}
