import { NextResponse } from "next/server";
import { OrderBody } from "@/lib/domain/payments/schemas";
import { route } from "@/lib/server/http";
import { createOrder } from "@/lib/server/payments/orders";

/** Creates (or, for the same nonce, finds) an order: `{order, next}` where next is the page that takes the payment. */
export const POST = route({ name: "creating an order", auth: "member", body: OrderBody }, async ({ viewer, body }) => {
  const { order, next } = await createOrder(viewer, body);
  return NextResponse.json({ order, next }, { headers: { "Cache-Control": "no-store" } });
});
