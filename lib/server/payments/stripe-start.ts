import "server-only";
import type Stripe from "stripe";
import { and, eq, isNull } from "drizzle-orm";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { planById } from "./catalog";
import { orderRowForViewer } from "./orders";
import type { OrderRow } from "./order-view";
import { withStoredStripeIds } from "./stored-stripe-ids";
import { requireStripe } from "./stripe-client";

export interface CardPaymentStart {
  clientSecret: string;
  publishableKey: string;
  mode: "payment" | "subscription";
  amountFen: number;
}

function metadataOf(order: OrderRow, kind: "pass" | "subscription"): Record<string, string> {
  return { orderGuid: order.orderGuid, userId: order.userId, planId: order.planId, kind };
}

/** Remembers the Stripe object made for the order; a concurrent request that made one first wins. */
async function attachProviderRef(order: OrderRow, providerRef: string): Promise<string> {
  const database = await db();
  await database.update(orders).set({ providerRef, updatedAt: new Date() }).where(and(eq(orders.id, order.id), isNull(orders.providerRef)));
  const [row] = await database.select({ ref: orders.providerRef }).from(orders).where(eq(orders.id, order.id)).limit(1);
  return row?.ref ?? providerRef;
}

async function payableOrder(viewer: Viewer, orderGuid: string, method: "card" | "checkout"): Promise<OrderRow> {
  if (!config().stripe) throw new AppError("unavailable", "在线支付暂未开通，当前无法下单，也不会产生任何扣款");
  const order = await orderRowForViewer(viewer, orderGuid);
  if (!order || order.method !== method) throw new AppError("not_found", "订单不存在");
  if (order.status === "paid" || order.status === "refunded" || order.status === "partially_refunded") {
    throw new AppError("conflict", "该订单已支付，无需重复支付");
  }
  if (order.status === "canceled") throw new AppError("conflict", "该订单已取消，请重新下单");
  return order;
}

/** The Payment Element's client secret: a PaymentIntent for a pass, the first invoice's for a subscription. */
export async function startCardPayment(viewer: Viewer, orderGuid: string): Promise<CardPaymentStart> {
  const order = await payableOrder(viewer, orderGuid, "card");
  const stripe = requireStripe();
  const publishableKey = config().stripe!.publishableKey;
  if (!order.autoRenew) {
    const existing = order.providerRef ? await stripe.paymentIntents.retrieve(order.providerRef) : null;
    const pi =
      existing ??
      (await withStoredStripeIds({ userId: order.userId, price: null }, ({ customer }) =>
        stripe.paymentIntents.create(
          {
            amount: order.amountFen,
            currency: "cny",
            customer,
            automatic_payment_methods: { enabled: true },
            description: order.planName,
            metadata: metadataOf(order, "pass"),
          },
          { idempotencyKey: `order:${order.orderGuid}:payment-intent:${customer}` },
        ),
      ));
    const ref = existing ? pi.id : await attachProviderRef(order, pi.id);
    const final = ref === pi.id ? pi : await stripe.paymentIntents.retrieve(ref);
    return { clientSecret: final.client_secret!, publishableKey, mode: "payment", amountFen: order.amountFen };
  }
  const plan = await planById(order.planId);
  if (!plan) throw new AppError("not_found", "该套餐不存在或已下架");
  let sub: Stripe.Subscription;
  if (order.providerRef) {
    sub = await stripe.subscriptions.retrieve(order.providerRef, { expand: ["latest_invoice.confirmation_secret"] });
  } else {
    sub = await withStoredStripeIds({ userId: order.userId, price: { plan, amountFen: order.amountFen, recurring: true } }, ({ customer, price }) =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: metadataOf(order, "subscription"),
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: `order:${order.orderGuid}:subscription:${customer}:${price}` },
      ),
    );
    const ref = await attachProviderRef(order, sub.id);
    if (ref !== sub.id) sub = await stripe.subscriptions.retrieve(ref, { expand: ["latest_invoice.confirmation_secret"] });
  }
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!clientSecret) throw new AppError("conflict", "该订阅已无需支付");
  return { clientSecret, publishableKey, mode: "subscription", amountFen: order.amountFen };
}

/** Stripe's hosted Checkout page for the order (one Session per order; an expired one asks for a new order). */
export async function startHostedCheckout(viewer: Viewer, orderGuid: string): Promise<{ url: string }> {
  const order = await payableOrder(viewer, orderGuid, "checkout");
  const stripe = requireStripe();
  if (order.providerRef) {
    const session = await stripe.checkout.sessions.retrieve(order.providerRef);
    if (session.status === "open" && session.url) return { url: session.url };
    // Paid already (the webhook may not have come yet): the result page settles it rather than inviting a second charge.
    if (session.status === "complete") return { url: `/stripePay/result?order=${order.orderGuid}&session_id=${session.id}` };
    throw new AppError("conflict", "该订单的收银台已失效，请重新下单");
  }
  const plan = await planById(order.planId);
  if (!plan) throw new AppError("not_found", "该套餐不存在或已下架");
  const site = config().siteUrl;
  const needs = { userId: order.userId, price: { plan, amountFen: order.amountFen, recurring: order.autoRenew } };
  const session = await withStoredStripeIds(needs, ({ customer, price }) => stripe.checkout.sessions.create(
    {
      mode: order.autoRenew ? "subscription" : "payment",
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: order.orderGuid,
      locale: "zh",
      success_url: `${site}/stripePay/result?order=${order.orderGuid}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/pay?plan=${encodeURIComponent(order.planId)}`,
      metadata: metadataOf(order, order.autoRenew ? "subscription" : "pass"),
      ...(order.autoRenew
        ? { subscription_data: { metadata: metadataOf(order, "subscription") } }
        : { payment_intent_data: { metadata: metadataOf(order, "pass"), description: order.planName } }),
    },
    { idempotencyKey: `order:${order.orderGuid}:checkout:${customer}:${price}` },
  ));
  const ref = await attachProviderRef(order, session.id);
  if (ref !== session.id) {
    const winner = await stripe.checkout.sessions.retrieve(ref);
    if (!winner.url) throw new AppError("conflict", "该订单的收银台已失效，请重新下单");
    return { url: winner.url };
  }
  return { url: session.url! };
}

