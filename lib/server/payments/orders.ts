import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants, orders, payments } from "@/lib/db/schema";
import { levelEndDateString, shanghaiDate } from "@/lib/domain/membership";
import { payPageHref } from "@/lib/domain/payments/links";
import type { OrderView, PayMethod, ReceiptView } from "@/lib/domain/payments/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { paymentAvailability, planById } from "./catalog";
import { toOrderView, type OrderRow } from "./order-view";

/** More pending orders than this in an hour is a script, not a member choosing a plan. */
const MAX_PENDING_ORDERS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export interface NewOrderRequest {
  planId: string;
  method: PayMethod;
  autoRenew: boolean;
  /** One per page view: the same nonce (a double click, a retried request) yields the same order. */
  nonce: string;
}

/** The order and the page that takes its payment. */
export interface CreatedOrder {
  order: OrderView;
  next: string;
}

export async function createOrder(viewer: Viewer, req: NewOrderRequest): Promise<CreatedOrder> {
  const plan = await planById(req.planId);
  if (!plan || !plan.active) throw new AppError("not_found", "该套餐不存在或已下架");
  const available = paymentAvailability();
  if (req.method === "test" ? !available.testMode : !available.stripe) {
    throw new AppError("unavailable", "在线支付暂未开通，当前无法下单，也不会产生任何扣款");
  }
  // Renewal needs a card kept on file with Stripe; the test provider charges once.
  const autoRenew = req.autoRenew && plan.renewable && req.method !== "test";
  const idempotencyKey = createHash("sha256")
    .update([viewer.userId, plan.id, req.method, autoRenew ? "renew" : "once", req.nonce].join("|"))
    .digest("hex");
  const database = await db();
  const [existing] = await database.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey)).limit(1);
  if (existing) return { order: toOrderView(existing), next: payPageHref(existing) };

  const recent = await database
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, viewer.userId), eq(orders.status, "pending"), gt(orders.createdAt, new Date(Date.now() - HOUR_MS))))
    .limit(MAX_PENDING_ORDERS_PER_HOUR);
  if (recent.length >= MAX_PENDING_ORDERS_PER_HOUR) throw new AppError("rate_limited", "下单过于频繁，请稍后再试");

  await database
    .insert(orders)
    .values({
      userId: viewer.userId,
      planId: plan.id,
      planName: plan.name,
      levelId: plan.levelId,
      days: plan.days,
      amountFen: plan.priceFen,
      method: req.method,
      autoRenew,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: orders.idempotencyKey });
  const [row] = await database.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey)).limit(1);
  return { order: toOrderView(row!), next: payPageHref(row!) };
}

/** The viewer's own order; null for an unknown order or someone else's (indistinguishable on purpose). */
export async function orderRowForViewer(viewer: Pick<Viewer, "userId">, orderGuid: string): Promise<OrderRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderGuid)) return null;
  const [row] = await (await db())
    .select()
    .from(orders)
    .where(and(eq(orders.orderGuid, orderGuid.toLowerCase()), eq(orders.userId, viewer.userId)))
    .limit(1);
  return row ?? null;
}

export async function orderForViewer(viewer: Pick<Viewer, "userId">, orderGuid: string): Promise<OrderView | null> {
  const row = await orderRowForViewer(viewer, orderGuid);
  return row ? toOrderView(row) : null;
}

/** The viewer's own orders, newest first. */
export async function ordersOfMember(viewer: Viewer): Promise<OrderView[]> {
  const rows = await (await db()).select().from(orders).where(eq(orders.userId, viewer.userId)).orderBy(desc(orders.createdAt)).limit(100);
  return rows.map(toOrderView);
}

/** The viewer's own receipts. */
export async function receiptsOfMember(viewer: Viewer): Promise<ReceiptView[]> {
  const userId = viewer.userId;
  const database = await db();
  const rows = await database
    .select({ payment: payments, orderGuid: orders.orderGuid, planName: orders.planName })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt))
    .limit(100);
  const grantIds = rows.map((r) => r.payment.grantId).filter((id): id is string => id !== null);
  const periods = grantIds.length
    ? await database.select({ id: grants.id, startsAt: grants.startsAt, endsAt: grants.endsAt }).from(grants).where(inArray(grants.id, grantIds))
    : [];
  const byId = new Map(periods.map((p) => [p.id, p]));
  return rows.map(({ payment, orderGuid, planName }) => {
    const period = payment.grantId ? byId.get(payment.grantId) : undefined;
    const used = period && period.endsAt > period.startsAt;
    return {
      receiptNumber: payment.receiptNumber,
      orderGuid,
      planName,
      kind: payment.kind,
      amountFen: payment.amountFen,
      refundedFen: payment.refundedFen,
      paidAt: payment.paidAt.toISOString(),
      grantFrom: used ? shanghaiDate(period.startsAt) : null,
      grantTo: used ? levelEndDateString(period.endsAt) : null,
    };
  });
}
