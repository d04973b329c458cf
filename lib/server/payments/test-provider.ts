import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { chargeTestCard, type TestCardInput } from "@/lib/domain/payments/test-cards";
import type { OrderView } from "@/lib/domain/payments/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { logger } from "@/lib/server/logger";
import { recordFailedAttempt, recordPaidCharge } from "./fulfil";
import { orderForViewer, orderRowForViewer } from "./orders";

export type TestPaymentResult =
  | { ok: true; order: OrderView; message: string }
  | { ok: false; status: 402 | 404 | 409; message: string; order: OrderView | null };

/**
 * The 测试模式 provider (PAYMENT_TEST_MODE=1 only): charges Stripe's test card numbers without any network and
 * fulfils through the same path as Stripe, keyed by the order, so paying twice grants once.
 */
export async function payWithTestCard(viewer: Viewer, orderGuid: string, card: TestCardInput, now = new Date()): Promise<TestPaymentResult> {
  if (!config().paymentTestMode) return { ok: false, status: 404, message: "页面不存在", order: null };
  const order = await orderRowForViewer(viewer, orderGuid);
  if (!order || order.method !== "test") return { ok: false, status: 404, message: "订单不存在", order: null };
  if (order.status !== "pending" && order.status !== "failed") {
    return { ok: false, status: 409, message: "该订单已支付，无需重复支付", order: await orderForViewer(viewer, orderGuid) };
  }
  const outcome = chargeTestCard(card, now);
  const database = await db();
  if (!outcome.ok) {
    await database.transaction((tx) => recordFailedAttempt(tx, order, outcome.message, `test:${order.orderGuid}:${now.getTime()}`));
    logger().info({ orderGuid, code: outcome.code }, "test-mode card declined");
    return { ok: false, status: 402, message: outcome.message, order: await orderForViewer(viewer, orderGuid) };
  }
  await database.transaction((tx) =>
    recordPaidCharge(
      tx,
      { order, providerPaymentId: `test_${order.orderGuid}`, paymentIntentId: null, kind: "pass", amountFen: order.amountFen, days: order.days, paidAt: now },
      now,
    ),
  );
  logger().info({ orderGuid, last4: outcome.last4 }, "test-mode payment succeeded");
  return { ok: true, order: (await orderForViewer(viewer, orderGuid))!, message: "支付成功（测试模式）" };
}
