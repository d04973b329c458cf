import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { chargeTestCard, type TestCardInput } from "@/lib/domain/payments/test-cards";
import type { OrderView } from "@/lib/domain/payments/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { recordFailedAttempt, recordPaidCharge } from "./fulfil";
import { orderForViewer, orderRowForViewer } from "./orders";

/** A refusal that also answers the order as it now stands (`{message, order}`), so the page can show it. */
function refusal(code: "payment_required" | "conflict", message: string, order: OrderView | null): AppError {
  return new AppError(code, message, undefined, { order });
}

/**
 * The 测试模式 provider (PAYMENT_TEST_MODE=1 only): charges Stripe's test card numbers without any network and
 * fulfils through the same path as Stripe, keyed by the order, so paying twice grants once.
 */
export async function payWithTestCard(viewer: Viewer, orderGuid: string, card: TestCardInput, now = new Date()): Promise<{ order: OrderView; message: string }> {
  if (!config().paymentTestMode) throw new AppError("not_found", "页面不存在", undefined, { order: null });
  const order = await orderRowForViewer(viewer, orderGuid);
  if (!order || order.method !== "test") throw new AppError("not_found", "订单不存在", undefined, { order: null });
  if (order.status !== "pending" && order.status !== "failed") {
    throw refusal("conflict", "该订单已支付，无需重复支付", await orderForViewer(viewer, orderGuid));
  }
  const outcome = chargeTestCard(card, now);
  const database = await db();
  if (!outcome.ok) {
    await database.transaction((tx) => recordFailedAttempt(tx, order, outcome.message, `test:${order.orderGuid}:${now.getTime()}`));
    logger().info({ orderGuid, code: outcome.code }, "test-mode card declined");
    throw refusal("payment_required", outcome.message, await orderForViewer(viewer, orderGuid));
  }
  await database.transaction((tx) =>
    recordPaidCharge(
      tx,
      { order, providerPaymentId: `test_${order.orderGuid}`, paymentIntentId: null, kind: "pass", amountFen: order.amountFen, days: order.days, paidAt: now },
      now,
    ),
  );
  logger().info({ orderGuid, last4: outcome.last4 }, "test-mode payment succeeded");
  return { order: (await orderForViewer(viewer, orderGuid))!, message: "支付成功（测试模式）" };
}
