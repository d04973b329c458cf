import "server-only";
import type Stripe from "stripe";
import { and, eq, sql } from "drizzle-orm";
import { orders, stripeCustomers, subscriptions } from "@/lib/db/schema";
import { levelById } from "@/lib/domain/levels";
import { shanghaiDate } from "@/lib/domain/membership";
import { subscriptionGrantDays } from "@/lib/domain/payments/labels";
import { logger } from "@/lib/server/logger";
import { catalogPrice } from "./catalog";
import { recordFailedAttempt, recordPaidCharge, recordRefundTotal, type Tx } from "./fulfil";
import { notifyPayment } from "./mail";
import type { OrderRow } from "./order-view";
import { idOf, requireStripe } from "./stripe-client";

/**
 * Each Stripe object we act on is first re-read from Stripe (never taken from the event or the query string); the
 * returned effect then applies that state inside a database transaction. Effects are idempotent: the grant and the
 * payment are keyed by the Stripe id, subscriptions are upserted to their current state.
 */
export type Effect = (tx: Tx) => Promise<void>;

const NOTHING: Effect = async () => {};

function securityWarning(details: Record<string, unknown>, message: string): void {
  logger().warn({ security: true, ...details }, `stripe: ${message}`);
}

async function orderByGuid(tx: Tx, orderGuid: string | undefined | null): Promise<OrderRow | null> {
  if (!orderGuid || !/^[0-9a-f-]{36}$/i.test(orderGuid)) return null;
  const [row] = await tx.select().from(orders).where(eq(orders.orderGuid, orderGuid.toLowerCase())).limit(1);
  return row ?? null;
}

function declineMessage(error: Stripe.PaymentIntent.LastPaymentError | null | undefined): string {
  switch (error?.code) {
    case "card_declined":
      return error.decline_code === "insufficient_funds" ? "余额不足，请换一张卡" : "银行卡被拒绝，请换一张卡或联系发卡行";
    case "expired_card":
      return "卡片已过期";
    case "incorrect_cvc":
      return "安全码（CVC）错误";
    case "processing_error":
      return "支付处理出错，请稍后重试";
    default:
      return "支付未成功，请重试或更换支付方式";
  }
}

/** A pass paid with a PaymentIntent (Payment Element or Checkout in payment mode). */
export async function effectOfPaymentIntent(paymentIntentId: string): Promise<Effect> {
  const pi = await requireStripe().paymentIntents.retrieve(paymentIntentId);
  // Subscription invoices have their own PaymentIntents; they are fulfilled through invoice.paid.
  if (pi.metadata?.kind !== "pass") return NOTHING;
  return async (tx) => {
    const order = await orderByGuid(tx, pi.metadata.orderGuid);
    if (!order || order.userId !== pi.metadata.userId) {
      securityWarning({ paymentIntentId: pi.id, orderGuid: pi.metadata.orderGuid }, "payment intent names no order of ours");
      return;
    }
    if (pi.status === "succeeded") {
      if (pi.amount_received !== order.amountFen || pi.amount !== order.amountFen || pi.currency !== "cny") {
        securityWarning({ paymentIntentId: pi.id, orderGuid: order.orderGuid, amount: pi.amount_received, currency: pi.currency, expected: order.amountFen }, "amount or currency differs from the order: no grant");
        return;
      }
      await recordPaidCharge(tx, {
        order, providerPaymentId: pi.id, paymentIntentId: pi.id, kind: "pass", amountFen: order.amountFen, days: order.days,
        paidAt: new Date(),
      });
    } else if (pi.status === "requires_payment_method" && pi.last_payment_error) {
      await recordFailedAttempt(tx, order, declineMessage(pi.last_payment_error), `${pi.id}:${pi.last_payment_error.charge ?? pi.last_payment_error.code ?? ""}`);
    } else if (pi.status === "canceled") {
      await tx.update(orders).set({ status: "canceled", updatedAt: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
    }
  };
}

/** Hosted Checkout: a pass (payment mode) or the start of a subscription. */
export async function effectOfCheckoutSession(sessionId: string): Promise<Effect> {
  const stripe = requireStripe();
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
  const orderGuid = session.client_reference_id ?? session.metadata?.orderGuid;
  if (session.status !== "complete" || session.payment_status !== "paid") return NOTHING;
  const priceId = idOf(session.line_items?.data[0]?.price ?? null);
  const inner =
    session.mode === "subscription"
      ? await combine(
          idOf(session.subscription) ? effectOfSubscription(idOf(session.subscription)!) : Promise.resolve(NOTHING),
          idOf(session.invoice) ? effectOfInvoice(idOf(session.invoice)!) : Promise.resolve(NOTHING),
        )
      : NOTHING;
  const paymentIntentId = idOf(session.payment_intent);
  return async (tx) => {
    const order = await orderByGuid(tx, orderGuid);
    if (!order || order.providerRef !== session.id) {
      securityWarning({ sessionId: session.id, orderGuid }, "checkout session names no order of ours");
      return;
    }
    if (session.mode === "subscription") return inner(tx);
    const price = priceId ? await catalogPrice(priceId, tx) : null;
    if (!price || price.planId !== order.planId || session.amount_total !== order.amountFen || session.currency !== "cny" || !paymentIntentId) {
      securityWarning({ sessionId: session.id, orderGuid: order.orderGuid, priceId, amount: session.amount_total, currency: session.currency }, "unknown price or wrong amount: no grant");
      return;
    }
    await recordPaidCharge(tx, {
      order, providerPaymentId: paymentIntentId, paymentIntentId, kind: "pass", amountFen: order.amountFen, days: order.days, paidAt: new Date(),
    });
  };
}

/** A subscription invoice: paid → grant the billing period; failed renewal → tell the member. */
export async function effectOfInvoice(invoiceId: string): Promise<Effect> {
  const invoice = await requireStripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
  const details = invoice.parent?.subscription_details;
  if (!details) return NOTHING;
  const line = invoice.lines.data[0];
  const priceId = idOf(line?.pricing?.price_details?.price ?? null);
  const paymentIntentId = idOf(invoice.payments?.data.find((p) => p.payment.type === "payment_intent")?.payment.payment_intent ?? null);
  const renewal = invoice.billing_reason !== "subscription_create";
  return async (tx) => {
    const order = await orderByGuid(tx, details.metadata?.orderGuid);
    if (!order) {
      securityWarning({ invoiceId: invoice.id, subscription: idOf(details.subscription) }, "invoice of a subscription we did not make");
      return;
    }
    if (invoice.status === "paid") {
      const price = priceId ? await catalogPrice(priceId, tx) : null;
      if (!price || price.planId !== order.planId || !price.recurring || invoice.amount_paid !== price.amountFen || invoice.currency !== "cny" || !line) {
        securityWarning({ invoiceId: invoice.id, orderGuid: order.orderGuid, priceId, amount: invoice.amount_paid, currency: invoice.currency }, "unknown price or wrong amount: no grant");
        return;
      }
      const paidAt = invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : new Date();
      await recordPaidCharge(tx, {
        order, providerPaymentId: invoice.id, paymentIntentId, kind: renewal ? "renewal" : "subscription_start",
        amountFen: invoice.amount_paid, days: subscriptionGrantDays(line.period.start, line.period.end), paidAt,
      });
    } else if (invoice.status === "open" && invoice.attempt_count > 0) {
      await recordFailedAttempt(tx, order, renewal ? "自动续费扣款失败，请更新付款方式" : "支付未成功，请重试或更换支付方式", `${invoice.id}:${invoice.attempt_count}`, renewal);
    }
  };
}

/** Upserts the subscription to Stripe's current state (events may come in any order; this one is always right). */
export async function effectOfSubscription(subscriptionId: string): Promise<Effect> {
  return async (tx) => {
    // Read under a lock, inside the transaction: two deliveries that read Stripe at different moments cannot commit
    // the older state last.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscription:${subscriptionId}`}))`);
    const sub = await requireStripe().subscriptions.retrieve(subscriptionId);
    const periodEndSec = sub.items.data[0]?.current_period_end ?? null;
    const currentPeriodEnd = periodEndSec ? new Date(periodEndSec * 1000) : null;
    const order = await orderByGuid(tx, sub.metadata?.orderGuid);
    if (!order || order.userId !== sub.metadata?.userId) {
      securityWarning({ subscriptionId: sub.id, orderGuid: sub.metadata?.orderGuid }, "subscription names no order of ours");
      return;
    }
    const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, sub.id)).limit(1);
    const state = { status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end, currentPeriodEnd, updatedAt: new Date() };
    await tx
      .insert(subscriptions)
      .values({ stripeSubscriptionId: sub.id, userId: order.userId, orderId: order.id, planId: order.planId, ...state })
      .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: state });
    const stopped = (sub.status === "canceled" || sub.cancel_at_period_end) && !(before && (before.status === "canceled" || before.cancelAtPeriodEnd));
    if (stopped && before) {
      await notifyPayment(
        tx,
        order.userId,
        "subscription_canceled",
        {
          levelName: levelById(order.levelId)?.levelName ?? "会员",
          planName: order.planName,
          amountFen: order.amountFen,
          ...(currentPeriodEnd ? { periodEnd: shanghaiDate(new Date(currentPeriodEnd.getTime() - 1)) } : {}),
        },
        `subscription-stopped:${sub.id}:${periodEndSec ?? 0}`,
      );
    }
  };
}

/** charge.refunded: Stripe's refunded total for that charge's PaymentIntent. */
export async function effectOfCharge(chargeId: string): Promise<Effect> {
  const charge = await requireStripe().charges.retrieve(chargeId);
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId || charge.amount_refunded <= 0) return NOTHING;
  const customerId = idOf(charge.customer);
  return async (tx) => {
    const outcome = await recordRefundTotal(tx, paymentIntentId, charge.amount_refunded);
    if (outcome !== "unknown") return;
    const [ours] = customerId
      ? await tx.select({ id: stripeCustomers.userId }).from(stripeCustomers).where(eq(stripeCustomers.stripeCustomerId, customerId)).limit(1)
      : [];
    // Our member's charge whose payment we have not recorded yet (its event failed and waits for a retry): fail, so
    // Stripe delivers this refund again after the payment is in and the refund is not lost.
    if (ours) throw new Error(`refund of ${chargeId} arrived before its payment ${paymentIntentId} was recorded`);
    logger().warn({ chargeId, paymentIntentId }, "stripe: refund of a charge that is not ours");
  };
}

async function combine(...effects: Promise<Effect>[]): Promise<Effect> {
  const all = await Promise.all(effects);
  return async (tx) => {
    for (const effect of all) await effect(tx);
  };
}
