import { StrategyInput } from "@/lib/domain/quant/schemas";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { createStrategy } from "@/lib/server/quant/strategies-admin";

/** Administrators: creates a strategy from `{name, author, description, style, status, startDate, benchmark}`; answers `{message, guid}`. */
export const POST = route({ name: "strategy create", auth: "admin", body: StrategyInput, errorMap: () => "参数无效" }, async ({ viewer, body }) => {
  const strategy = await createStrategy(viewer, body);
  logger().info({ guid: strategy.guid, by: viewer.userId }, "strategy created");
  return { message: `已创建策略“${strategy.name}”`, guid: strategy.guid };
});
