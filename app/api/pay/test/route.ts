import { NextResponse } from "next/server";
import { z } from "zod";
import { memberRoute } from "@/lib/server/payments/route-kit";
import { payWithTestCard } from "@/lib/server/payments/test-provider";

const Body = z.object({
  orderGuid: z.string().min(1, "订单不存在").max(64, "订单不存在"),
  number: z.string({ error: "请输入卡号" }).max(40, "卡号无效"),
  expiry: z.string({ error: "请输入有效期" }).max(10, "有效期无效"),
  cvc: z.string({ error: "请输入安全码" }).max(8, "安全码无效"),
});

/** 测试模式 only (404 otherwise): pays the viewer's test order with a Stripe test card number. */
export const POST = memberRoute("a test-mode payment", Body, async (viewer, body) => {
  const result = await payWithTestCard(viewer, body.orderGuid, { number: body.number, expiry: body.expiry, cvc: body.cvc });
  if (!result.ok) return NextResponse.json({ message: result.message, order: result.order }, { status: result.status });
  return NextResponse.json({ order: result.order, message: result.message }, { headers: { "Cache-Control": "no-store" } });
});
