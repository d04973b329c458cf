import { NextResponse } from "next/server";
import { z } from "zod";
import { hasAdminRights } from "@/lib/server/auth/roles";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { updatePlan } from "@/lib/server/payments/catalog";
import { memberRoute } from "@/lib/server/payments/route-kit";

const Body = z.object({
  planId: z.string().min(1, "套餐不存在").max(40, "套餐不存在"),
  name: z.string({ error: "请输入名称" }).trim().min(1, "请输入名称").max(30, "名称最多 30 个字"),
  priceFen: z.number({ error: "请输入价格" }).int("价格最多两位小数").min(100, "价格须在 ¥1 到 ¥100,000 之间").max(10_000_000, "价格须在 ¥1 到 ¥100,000 之间"),
  active: z.boolean({ error: "参数无效" }),
});

/** Administrators: edits a plan's name, price and whether it is on sale. */
export const POST = memberRoute("editing a plan", Body, async (viewer, body) => {
  if (!hasAdminRights(viewer)) return fail(403, "访问被拒绝");
  const plan = await updatePlan(viewer, body.planId, { name: body.name, priceFen: body.priceFen, active: body.active });
  if (!plan) return fail(404, "套餐不存在");
  logger().info({ by: viewer.userId, planId: plan.id, priceFen: plan.priceFen, active: plan.active }, "plan edited");
  return NextResponse.json({ plan, message: "已保存" });
});
