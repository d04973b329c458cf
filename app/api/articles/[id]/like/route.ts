import { NextResponse, type NextRequest } from "next/server";
import { isGuid } from "@/lib/domain/route-params";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { likeArticle } from "@/lib/server/content/articles";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";

/**
 * POST /api/articles/{infoguid}/like: the member likes an article they may read, once (a repeat answers the same
 * count). Answers `{message, liked, likes}`; 401 for visitors, 403 when the article is above the member's level.
 */
export async function POST(req: NextRequest, ctx: { params: Promise<{ id: string }> }) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const { id } = await ctx.params;
    if (!isGuid(id)) return fail(404, "文章不存在或已下线");
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const outcome = await likeArticle(session.viewer, id.toLowerCase());
    if (!outcome.ok) return fail(outcome.code === "locked" ? 403 : 404, outcome.message);
    return NextResponse.json(
      { message: outcome.first ? "点赞成功" : "你已经赞过了", liked: true, likes: outcome.likes },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (err) {
    logger().error({ err }, "liking an article failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
