import "server-only";
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { stripeEvents } from "@/lib/db/schema";
import { logger } from "@/lib/server/logger";
import { idOf, stripeClient } from "./stripe-client";
import { effectOfCharge, effectOfCheckoutSession, effectOfInvoice, effectOfPaymentIntent, effectOfSubscription, type Effect } from "./stripe-sync";

/** Stripe's event bodies are a few kilobytes; anything near this is not from Stripe (ADR 0025). */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Stripe's signature window (seconds): older deliveries are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const HANDLED: Record<string, (objectId: string) => Promise<Effect>> = {
  "payment_intent.succeeded": effectOfPaymentIntent,
  "payment_intent.payment_failed": effectOfPaymentIntent,
  "checkout.session.completed": effectOfCheckoutSession,
  "checkout.session.async_payment_succeeded": effectOfCheckoutSession,
  "invoice.paid": effectOfInvoice,
  "invoice.payment_failed": effectOfInvoice,
  "customer.subscription.created": effectOfSubscription,
  "customer.subscription.updated": effectOfSubscription,
  "customer.subscription.deleted": effectOfSubscription,
  "charge.refunded": effectOfCharge,
};

/**
 * What a verified event must look like before anything reads it (P25: a signed but malformed body is a 400 that
 * changes nothing, never a TypeError and a 500). Only the fields used below are required; the rest passes through.
 */
const EventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.looseObject({ id: z.string().optional() }) }),
});

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; ignored?: boolean; message?: string };
}

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body (400 and no change otherwise, and also when the
 * signed body is not an event with an id, a type and a data object), re-reads the
 * object from Stripe, and applies it in one transaction with the event id, so a redelivered event changes nothing.
 * A failure answers 500 so Stripe retries.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const stripe = stripeClient();
  const secret = config().stripe?.webhookSecret;
  if (!stripe || !secret) return { status: 503, body: { received: false, message: "payments are not configured" } };
  if (!signature) {
    logger().warn({ security: true }, "stripe webhook without a signature refused");
    return { status: 400, body: { received: false, message: "missing Stripe-Signature" } };
  }
  // The SDK refuses only old timestamps; one from the future is as suspect (P5: within 300 s either way).
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (Number.isFinite(signedAt) && signedAt * 1000 > Date.now() + WEBHOOK_TOLERANCE_SECONDS * 1000) {
    logger().warn({ security: true, signedAt }, "stripe webhook signed in the future refused");
    return { status: 400, body: { received: false, message: "invalid signature" } };
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    logger().warn({ security: true, reason: (err as Error).message }, "stripe webhook with a bad or stale signature refused");
    return { status: 400, body: { received: false, message: "invalid signature" } };
  }
  if (!EventShape.safeParse(event).success) {
    logger().warn({ security: true }, "signed stripe webhook body is not an event; refused");
    return { status: 400, body: { received: false, message: "malformed event" } };
  }
  const effectOf = HANDLED[event.type];
  const objectId = idOf(event.data.object as { id: string });
  if (!effectOf || !objectId) return { status: 200, body: { received: true, ignored: true } };

  const database = await db();
  const [seen] = await database.select({ id: stripeEvents.eventId }).from(stripeEvents).where(eq(stripeEvents.eventId, event.id)).limit(1);
  if (seen) return { status: 200, body: { received: true, duplicate: true } };
  try {
    const effect = await effectOf(objectId);
    const applied = await database.transaction(async (tx) => {
      const claimed = await tx
        .insert(stripeEvents)
        .values({ eventId: event.id, type: event.type, objectId })
        .onConflictDoNothing({ target: stripeEvents.eventId })
        .returning({ id: stripeEvents.eventId });
      if (claimed.length === 0) return false;
      await effect(tx);
      return true;
    });
    logger().info({ eventId: event.id, type: event.type, objectId, applied }, "stripe event processed");
    return { status: 200, body: { received: true, ...(applied ? {} : { duplicate: true }) } };
  } catch (err) {
    logger().error({ err, eventId: event.id, type: event.type }, "stripe event failed; Stripe will retry");
    return { status: 500, body: { received: false, message: "processing failed" } };
  }
}

