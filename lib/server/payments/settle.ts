import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import type { OrderView } from "@/lib/domain/payments/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { logger } from "@/lib/server/logger";
import { orderForViewer, orderRowForViewer } from "./orders";
import { idOf, requireStripe, stripeClient } from "./stripe-client";
import { effectOfCheckoutSession, effectOfInvoice, effectOfPaymentIntent, effectOfSubscription, type Effect } from "./stripe-sync";

export interface ReturnHints {
  orderGuid: string;
  /** Stripe's redirect parameters: hints only, used when they name the order's own Stripe object. */
  paymentIntentId?: string;
  sessionId?: string;
}

/**
 * Where Stripe sends the member back: asks Stripe about the order's own PaymentIntent / Session / Subscription and
 * fulfils it when paid, so access does not wait for the webhook. The webhook may do the same; the grant happens once.
 */
export async function settleOrderForViewer(viewer: Viewer, hints: ReturnHints): Promise<OrderView | null> {
  const order = await orderRowForViewer(viewer, hints.orderGuid);
  if (!order) return null;
  if (order.status !== "pending" && order.status !== "failed") return orderForViewer(viewer, hints.orderGuid);
  const ref = order.providerRef;
  if (!ref || !stripeClient()) return orderForViewer(viewer, hints.orderGuid);
  const named = [hints.paymentIntentId, hints.sessionId].filter(Boolean);
  if (named.length && !named.includes(ref)) {
    logger().warn({ security: true, orderGuid: order.orderGuid, named }, "stripe return names an object that is not this order's: ignored");
  }
  try {
    const effect = await effectOfRef(ref);
    await (await db()).transaction((tx) => effect(tx));
  } catch (err) {
    // The page still shows the order; the webhook will settle it.
    logger().error({ err, orderGuid: order.orderGuid }, "settling an order from Stripe's return failed");
  }
  return orderForViewer(viewer, hints.orderGuid);
}

async function effectOfRef(ref: string): Promise<Effect> {
  if (ref.startsWith("pi_")) return effectOfPaymentIntent(ref);
  if (ref.startsWith("cs_")) return effectOfCheckoutSession(ref);
  if (ref.startsWith("sub_")) {
    const sub = await requireStripe().subscriptions.retrieve(ref);
    const invoiceId = idOf(sub.latest_invoice as string | Stripe.Invoice | null);
    const effects = [await effectOfSubscription(ref), ...(invoiceId ? [await effectOfInvoice(invoiceId)] : [])];
    return async (tx) => {
      for (const effect of effects) await effect(tx);
    };
  }
  return async () => {};
}
