import { NextResponse } from "next/server";
import { z } from "zod";
import { fail } from "@/lib/server/http";
import { createOrder } from "@/lib/server/payments/orders";
import { memberRoute } from "@/lib/server/payments/route-kit";

const Body = z.object({
  planId: z.string({ error: "请选择套餐" }).min(1, "请选择套餐").max(40),
  method: z.enum(["card", "checkout", "test"], { error: "请选择支付方式" }),
  autoRenew: z.boolean().default(false),
  nonce: z.string({ error: "请求编号无效" }).min(8, "请求编号无效").max(64, "请求编号无效"),
});

/** Creates (or, for the same nonce, finds) an order: `{order, next}` where next is the page that takes the payment. */
export const POST = memberRoute("creating an order", Body, async (viewer, body) => {
  const result = await createOrder(viewer, body);
  if (!result.ok) return fail(result.status, result.message);
  return NextResponse.json({ order: result.order, next: result.next }, { headers: { "Cache-Control": "no-store" } });
});
