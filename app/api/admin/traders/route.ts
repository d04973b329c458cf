import { NextResponse, type NextRequest } from "next/server";
import { requestToken } from "@/lib/server/auth/request-session";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { chineseIssues } from "@/lib/server/statements/admin-list";
import { createMaster, MasterInput } from "@/lib/server/statements/masters-admin";

/** Staff: creates a master from `{name, bio, styleTags, disclosureDelayDays}` and answers `{message, guid}`. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    if (!hasEditorRights(viewer)) return fail(403, "没有权限");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = MasterInput.safeParse(json.value, { error: chineseIssues });
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "参数无效");
    const master = await createMaster(viewer, parsed.data);
    logger().info({ guid: master.guid, by: viewer.userId }, "master created");
    return NextResponse.json({ message: `已创建大神“${master.name}”`, guid: master.guid });
  } catch (err) {
    logger().error({ err }, "master create failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
