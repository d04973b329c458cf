import { GrantChange } from "@/lib/domain/admin/schemas";
import { addGrant, endGrant } from "@/lib/server/admin/members";
import { route } from "@/lib/server/http";

/**
 * Administrators: `{action:"add", userId, level:"vip"|"svip", days, requestId}` adds a grant after the member's current run
 * of that level (a repeated requestId grants once); `{action:"end", grantId}` ends an active grant now.
 */
export const POST = route({ name: "grant change", auth: "admin", forbiddenMessage: "访问被拒绝", body: GrantChange }, async ({ viewer, body }) => {
  if (body.action === "add") {
    const result = await addGrant(viewer, { userId: body.userId, levelId: body.level === "svip" ? 200 : 100, days: body.days, requestId: body.requestId });
    return { ok: true, created: result.status === "created", grantId: result.grantId };
  }
  await endGrant(viewer, body.grantId);
  return { ok: true };
});
