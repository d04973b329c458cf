import { NextResponse, type NextRequest } from "next/server";
import { handleStripeWebhook, WEBHOOK_BODY_LIMIT } from "@/lib/server/payments/webhook";
import { readTextBody } from "@/lib/server/request-body";

/**
 * Stripe's events. The signature over the raw body is the authentication: no login, no Origin check (Stripe sends
 * none), and the body is read as text, never parsed and re-serialised before verification.
 */
export async function POST(req: NextRequest) {
  const body = await readTextBody(req, WEBHOOK_BODY_LIMIT);
  if (!body.ok) return body.refusal;
  const answer = await handleStripeWebhook(body.value, req.headers.get("stripe-signature"));
  return NextResponse.json(answer.body, { status: answer.status });
}
