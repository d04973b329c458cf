import { NextResponse } from "next/server";
import { IgnoredBody, OrderParams } from "@/lib/domain/payments/schemas";
import { route } from "@/lib/server/http";
import { startHostedCheckout } from "@/lib/server/payments/stripe-start";

/** Stripe's hosted Checkout for the viewer's order: `{url}`. */
export const POST = route({ name: "starting a hosted checkout", auth: "member", params: OrderParams, body: IgnoredBody }, async ({ viewer, params }) => {
  return NextResponse.json(await startHostedCheckout(viewer, params.orderGuid), { headers: { "Cache-Control": "no-store" } });
});
