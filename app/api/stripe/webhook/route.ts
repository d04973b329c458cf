import { NextResponse } from "next/server";
import { route } from "@/lib/server/http";
import { handleStripeWebhook, WEBHOOK_BODY_LIMIT } from "@/lib/server/payments/webhook";

/**
 * Stripe's events. The signature over the raw body is the authentication: no login, no Origin check (Stripe sends
 * none), and the body is read as text, never parsed and re-serialised before verification.
 */
export const POST = route(
  { name: "Stripe webhook", auth: "visitor", session: false, sameOrigin: false, body: "text", maxBytes: WEBHOOK_BODY_LIMIT },
  async ({ req, body }) => {
    const answer = await handleStripeWebhook(body, req.headers.get("stripe-signature"));
    return NextResponse.json(answer.body, { status: answer.status });
  },
);
