import { NextResponse } from "next/server";
import { TestCardBody } from "@/lib/domain/payments/schemas";
import { route } from "@/lib/server/http";
import { payWithTestCard } from "@/lib/server/payments/test-provider";

/** 测试模式 only (404 otherwise): pays the viewer's test order with a Stripe test card number. */
export const POST = route({ name: "a test-mode payment", auth: "member", body: TestCardBody }, async ({ viewer, body }) => {
  const { order, message } = await payWithTestCard(viewer, body.orderGuid, { number: body.number, expiry: body.expiry, cvc: body.cvc });
  return NextResponse.json({ order, message }, { headers: { "Cache-Control": "no-store" } });
});
