import { NextResponse, type NextRequest } from "next/server";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { orderForViewer } from "@/lib/server/payments/orders";

/** The viewer's own order (for the result page's poller); someone else's order is a 404 like an unknown one. */
export async function GET(req: NextRequest, ctx: { params: Promise<{ orderGuid: string }> }) {
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const order = await orderForViewer(session.viewer, (await ctx.params).orderGuid);
    if (!order) return fail(404, "订单不存在");
    return NextResponse.json({ order }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    logger().error({ err }, "reading an order failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
