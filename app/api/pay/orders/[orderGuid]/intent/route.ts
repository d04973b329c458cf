import { NextResponse } from "next/server";
import { IgnoredBody, OrderParams } from "@/lib/domain/payments/schemas";
import { route } from "@/lib/server/http";
import { startCardPayment } from "@/lib/server/payments/stripe-start";

/** The Payment Element's client secret for the viewer's card order: `{clientSecret, publishableKey, mode, amountFen}`. */
export const POST = route({ name: "starting a card payment", auth: "member", params: OrderParams, body: IgnoredBody }, async ({ viewer, params }) => {
  return NextResponse.json(await startCardPayment(viewer, params.orderGuid), { headers: { "Cache-Control": "no-store" } });
});
