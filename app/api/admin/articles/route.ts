import { NextResponse, type NextRequest } from "next/server";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { readJson } from "@/lib/server/blog/http";
import { createArticle } from "@/lib/server/content/articles-admin";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";

/**
 * Staff: POST /api/admin/articles `{type, title, summary, body, coverUrl, videoUrl, minLevel, tags, publish}` writes an
 * editorial article (a draft, or published at once) and answers `{message, infoguid, status}`.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    if (!hasEditorRights(session.viewer)) return fail(403, "没有权限");
    const json = await readJson(req);
    if (!json.ok) return json.refusal;
    const body = json.value;
    if (typeof body.publish !== "boolean") return fail(400, "参数无效");
    const { publish, ...input } = body;
    const outcome = await createArticle(session.viewer, input as never, publish);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    logger().info({ infoguid: outcome.infoguid, by: session.viewer.userId, status: outcome.status }, "article created");
    return NextResponse.json({ message: publish ? "文章已发布" : "草稿已保存", infoguid: outcome.infoguid, status: outcome.status });
  } catch (err) {
    logger().error({ err }, "article create failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
