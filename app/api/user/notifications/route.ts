import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { requestToken } from "@/lib/server/auth/request-session";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { logger } from "@/lib/server/logger";
import { markAllNotificationsRead, markNotificationsRead } from "@/lib/server/notifications/read";
import { unreadCount } from "@/lib/server/notifications/unread";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("read"), ids: z.array(z.guid()).min(1).max(200) }),
  z.object({ action: z.literal("read-all") }),
]);

/**
 * Marks the viewer's notifications read: `{action:"read", ids:[…]}` or `{action:"read-all"}`.
 * Answers `{ ok, updated, unread }`; ids of other members' notifications are ignored.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value);
    if (!parsed.success) return fail(400, "参数无效：请指定要标记已读的消息");
    const updated =
      parsed.data.action === "read-all"
        ? await markAllNotificationsRead(viewer)
        : await markNotificationsRead(viewer, parsed.data.ids);
    return NextResponse.json({ ok: true, updated, unread: await unreadCount(viewer) }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    logger().error({ err }, "marking notifications read failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
