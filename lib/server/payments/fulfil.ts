import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { grants, orders, payments } from "@/lib/db/schema";
import { levelById } from "@/lib/domain/levels";
import { closeGap, levelEndDateString, membershipAt } from "@/lib/domain/membership";
import { receiptNumber } from "@/lib/domain/payments/labels";
import { refundShortening } from "@/lib/domain/payments/refund";
import { grantDays } from "@/lib/server/members/grants";
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
export async function recordPaidCharge(tx: Tx, charge: PaidCharge, now = new Date()): Promise<boolean> {
  const { order } = charge;
  const inserted = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      userId: order.userId,
      providerPaymentId: charge.providerPaymentId,
      paymentIntentId: charge.paymentIntentId,
      kind: charge.kind,
      amountFen: charge.amountFen,
      receiptNumber: receiptNumber(charge.paidAt, charge.providerPaymentId),
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
      receiptNumber: receiptNumber(charge.paidAt, charge.providerPaymentId),
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
  const [payment] = await tx.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId)).for("update").limit(1);
  if (!payment) return "unknown";
  const total = Math.min(refundedTotalFen, payment.amountFen);
  if (total <= payment.refundedFen) return "unchanged";
  const full = total >= payment.amountFen;
  const fraction = full ? 1 : (total - payment.refundedFen) / payment.amountFen;
  await tx.update(payments).set({ refundedFen: total }).where(eq(payments.id, payment.id));
  if (payment.grantId) {
    const ledger = await tx
      .select({ id: grants.id, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt })
      .from(grants)
      .where(eq(grants.userId, payment.userId))
      .for("update");
    const target = ledger.find((g) => g.id === payment.grantId);
    const change = target ? refundShortening(ledger, target.id, fraction, now).find((c) => c.id === target.id) : undefined;
    if (target && change) {
      await tx.update(grants).set({ startsAt: change.startsAt, endsAt: change.endsAt }).where(eq(grants.id, target.id));
      // Days queued behind the refunded grant (its level and below) move up, so the refund opens no gap.
      for (const m of closeGap(ledger, { levelId: target.levelId, oldEnd: target.endsAt, newEnd: change.endsAt }, now)) {
        await tx.update(grants).set({ startsAt: m.startsAt, endsAt: m.endsAt }).where(eq(grants.id, m.id));
      }
    }
  }
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
