import { NextResponse, type NextRequest } from "next/server";
import { handleStripeWebhook } from "@/lib/server/payments/webhook";

/**
 * Stripe's events. The signature over the raw body is the authentication: no login, no Origin check (Stripe sends
 * none), and the body is read as text, never parsed and re-serialised before verification.
 */
export async function POST(req: NextRequest) {
  const answer = await handleStripeWebhook(await req.text(), req.headers.get("stripe-signature"));
  return NextResponse.json(answer.body, { status: answer.status });
}
