import { NextResponse } from "next/server";
import { OrderParams } from "@/lib/domain/payments/schemas";
import { AppError, route } from "@/lib/server/http";
import { orderForViewer } from "@/lib/server/payments/orders";

/** The viewer's own order (for the result page's poller); someone else's order is a 404 like an unknown one. */
export const GET = route({ name: "reading an order", auth: "member", params: OrderParams }, async ({ viewer, params }) => {
  const order = await orderForViewer(viewer, params.orderGuid);
  if (!order) throw new AppError("not_found", "订单不存在");
  return NextResponse.json({ order }, { headers: { "Cache-Control": "no-store" } });
});
