import { PlanEdit } from "@/lib/domain/admin/schemas";
import { AppError, route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { updatePlan } from "@/lib/server/payments/catalog";

/** Administrators: edits a plan's name, price and whether it is on sale. */
export const POST = route({ name: "editing a plan", auth: "admin", forbiddenMessage: "访问被拒绝", body: PlanEdit }, async ({ viewer, body }) => {
  const plan = await updatePlan(viewer, body.planId, { name: body.name, priceFen: body.priceFen, active: body.active });
  if (!plan) throw new AppError("not_found", "套餐不存在");
  logger().info({ by: viewer.userId, planId: plan.id, priceFen: plan.priceFen, active: plan.active }, "plan edited");
  return { plan, message: "已保存" };
});
