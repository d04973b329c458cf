import { chineseIssues, MasterInput } from "@/lib/domain/statements/schemas";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { createMaster } from "@/lib/server/statements/masters-admin";

/** Staff: creates a master from `{name, bio, styleTags, disclosureDelayDays}` and answers `{message, guid}`. */
export const POST = route({ name: "master create", auth: "editor", body: MasterInput, errorMap: chineseIssues }, async ({ viewer, body }) => {
  const master = await createMaster(viewer, body);
  logger().info({ guid: master.guid, by: viewer.userId }, "master created");
  return { message: `已创建大神“${master.name}”`, guid: master.guid };
});
