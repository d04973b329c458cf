import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { grants, orders, payments } from "@/lib/db/schema";
import { levelById } from "@/lib/domain/levels";
import { closeGap, levelEndDateString, membershipAt } from "@/lib/domain/membership";
import { receiptNumber } from "@/lib/domain/payments/labels";
import { grantDays } from "@/lib/server/members/grants";
import { lockMemberLedger } from "@/lib/server/members/member-lock";
import { notifyPayment } from "./mail";
import type { OrderRow } from "./order-view";

export type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export interface PaidCharge {
  order: OrderRow;
  /** The grant's source key: PaymentIntent id (passes), Invoice id (subscriptions) or the test provider's id. */
  providerPaymentId: string;
  paymentIntentId: string | null;
  kind: "pass" | "subscription_start" | "renewal";
  amountFen: number;
  days: number;
  paidAt: Date;
}

async function levelEndOf(tx: Tx, userId: string, now: Date): Promise<string> {
  const rows = await tx.select({ levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt }).from(grants).where(eq(grants.userId, userId));
  return levelEndDateString(membershipAt(rows, now).endsAt);
}

/**
 * Records a successful charge and grants its days, once per providerPaymentId whoever calls (webhook, result page,
 * test provider) and however often. Returns false when this charge was already fulfilled.
 */
export async function recordPaidCharge(tx: Tx, charge: PaidCharge, clock?: Date): Promise<boolean> {
  const { order } = charge;
  // One member's payments are recorded one after the other, and "now" is read under that lock: two payments landing
  // at the same moment would otherwise both start "now" and overlap instead of adding up.
  await lockMemberLedger(tx, order.userId);
  const now = clock ?? new Date();
  const paymentId = randomUUID();
  const receipt = receiptNumber(charge.paidAt, paymentId);
  const inserted = await tx
    .insert(payments)
    .values({
      id: paymentId,
      orderId: order.id,
      userId: order.userId,
      providerPaymentId: charge.providerPaymentId,
      paymentIntentId: charge.paymentIntentId,
      kind: charge.kind,
      amountFen: charge.amountFen,
      receiptNumber: receipt,
      paidAt: charge.paidAt,
    })
    .onConflictDoNothing({ target: payments.providerPaymentId })
    .returning({ id: payments.id });
  if (inserted.length === 0) return false;
  const sourceKey = `pay:${charge.providerPaymentId}`;
  await grantDays(
    { userId: order.userId, levelId: order.levelId === 200 ? 200 : 100, days: charge.days, source: charge.kind === "pass" ? "purchase" : "subscription", sourceKey, now },
    tx,
  );
  const [grant] = await tx.select({ id: grants.id }).from(grants).where(eq(grants.sourceKey, sourceKey)).limit(1);
  await tx.update(payments).set({ grantId: grant?.id ?? null }).where(eq(payments.id, inserted[0]!.id));
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: charge.paidAt, failureMessage: null, updatedAt: now })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ["pending", "failed", "canceled"])));
  await notifyPayment(
    tx,
    order.userId,
    charge.kind === "renewal" ? "renewal_succeeded" : "payment_succeeded",
    {
      levelName: levelById(order.levelId)?.levelName ?? "会员",
      planName: order.planName,
      amountFen: charge.amountFen,
      levelEndDate: await levelEndOf(tx, order.userId, now),
      receiptNumber: receipt,
    },
    `payment:${charge.providerPaymentId}`,
  );
  return true;
}

/** A declined or abandoned attempt: the order shows why and can be paid again. */
export async function recordFailedAttempt(tx: Tx, order: OrderRow, failureMessage: string, attemptKey: string, renewal = false, now = new Date()): Promise<void> {
  if (!renewal) {
    await tx
      .update(orders)
      .set({ status: "failed", failureMessage, updatedAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ["pending", "failed"])));
  }
  await notifyPayment(
    tx,
    order.userId,
    renewal ? "renewal_failed" : "payment_failed",
    {
      levelName: levelById(order.levelId)?.levelName ?? "会员",
      planName: order.planName,
      amountFen: order.amountFen,
      failureMessage,
      levelEndDate: await levelEndOf(tx, order.userId, now),
    },
    `payment-failed:${attemptKey}`,
  );
}

/**
 * Applies the refunded total Stripe reports for a payment: only the increase since last time shortens the grant
 * (so replays change nothing), and the order shows refunded / partially refunded.
 */
export async function recordRefundTotal(tx: Tx, paymentIntentId: string, refundedTotalFen: number, now = new Date()): Promise<"applied" | "unchanged" | "unknown"> {
  const [known] = await tx.select({ userId: payments.userId }).from(payments).where(eq(payments.paymentIntentId, paymentIntentId)).limit(1);
  if (!known) return "unknown";
  await lockMemberLedger(tx, known.userId);
  const [payment] = await tx.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId)).for("update").limit(1);
  if (!payment) return "unknown";
  const total = Math.min(refundedTotalFen, payment.amountFen);
  if (total <= payment.refundedFen) return "unchanged";
  const full = total >= payment.amountFen;
  const fraction = full ? 1 : (total - payment.refundedFen) / payment.amountFen;
  await tx.update(payments).set({ refundedFen: total }).where(eq(payments.id, payment.id));
  if (payment.grantId) await shortenPaidGrant(tx, payment.userId, payment.grantId, full ? 1 : fraction, now);
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1);
  if (order) {
    const ofOrder = await tx.select({ amountFen: payments.amountFen, refundedFen: payments.refundedFen }).from(payments).where(eq(payments.orderId, order.id));
    const allRefunded = ofOrder.every((p) => p.refundedFen >= p.amountFen);
    await tx.update(orders).set({ status: allRefunded ? "refunded" : "partially_refunded", updatedAt: now }).where(eq(orders.id, order.id));
    const endDate = await levelEndOf(tx, payment.userId, now);
    await notifyPayment(
      tx,
      payment.userId,
      "refunded",
      {
        levelName: levelById(order.levelId)?.levelName ?? "会员",
        planName: order.planName,
        amountFen: payment.amountFen,
        refundedFen: total - payment.refundedFen,
        ...(endDate ? { levelEndDate: endDate } : {}),
      },
      `refund:${paymentIntentId}:${total}`,
    );
  }
  return "applied";
}

/**
 * Takes a refund out of the grant a payment bought. A higher grant bought later may have split it in two (the rest
 * resumes after, source key `<key>>after:…`): the refunded time comes off the latest piece first, a full refund removes
 * every unused day, and what was queued behind each shortened piece moves up.
 */
async function shortenPaidGrant(tx: Tx, userId: string, grantId: string, fraction: number, now: Date): Promise<void> {
  const ledger = await tx
    .select({ id: grants.id, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt, sourceKey: grants.sourceKey })
    .from(grants)
    .where(eq(grants.userId, userId))
    .for("update");
  const paid = ledger.find((g) => g.id === grantId);
  if (!paid) return;
  const pieces = ledger
    .filter((g) => g.id === grantId || g.sourceKey.startsWith(`${paid.sourceKey}>after:`))
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  const bought = pieces.reduce((sum, g) => sum + (g.endsAt.getTime() - g.startsAt.getTime()), 0);
  let toRemove = fraction >= 1 ? Number.POSITIVE_INFINITY : Math.round(bought * fraction);
  for (const piece of pieces) {
    if (toRemove <= 0) break;
    const unused = Math.max(0, piece.endsAt.getTime() - Math.max(piece.startsAt.getTime(), now.getTime()));
    const take = Math.min(unused, toRemove);
    if (take <= 0) continue;
    toRemove -= take;
    const newEnd = new Date(piece.endsAt.getTime() - take);
    await tx.update(grants).set({ endsAt: newEnd }).where(eq(grants.id, piece.id));
    const current = await tx.select({ id: grants.id, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt }).from(grants).where(eq(grants.userId, userId));
    for (const m of closeGap(current, { levelId: piece.levelId, oldEnd: piece.endsAt, newEnd }, now)) {
      await tx.update(grants).set({ startsAt: m.startsAt, endsAt: m.endsAt }).where(eq(grants.id, m.id));
    }
  }
}
