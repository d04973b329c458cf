import { NextResponse, type NextRequest } from "next/server";
import { isGuid } from "@/lib/domain/route-params";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { readJson } from "@/lib/server/blog/http";
import { changeArticleStatus, updateArticle, type ArticleAction } from "@/lib/server/content/articles-admin";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";

type Props = { params: Promise<{ infoguid: string }> };

const DONE: Record<ArticleAction, string> = { publish: "已发布", unpublish: "已撤回为草稿", hide: "已隐藏", unhide: "已恢复显示" };

/**
 * Staff, on one article: `{action: "update", ...fields}` edits an editorial article (not its status);
 * `{action: "publish" | "unpublish"}` for editorial articles, `{action: "hide" | "unhide"}` for members' blog posts.
 */
export async function POST(req: NextRequest, { params }: Props) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    if (!hasEditorRights(session.viewer)) return fail(403, "没有权限");
    const { infoguid } = await params;
    if (!isGuid(infoguid)) return fail(404, "文章不存在");
    const id = infoguid.toLowerCase();
    const json = await readJson(req);
    if (!json.ok) return json.refusal;
    const body = json.value;
    const { action, ...input } = body;
    if (action === "update") {
      const outcome = await updateArticle(session.viewer, id, input as never);
      if (!outcome.ok) return fail(outcome.status, outcome.message);
      return NextResponse.json({ message: "已保存" });
    }
    if (action !== "publish" && action !== "unpublish" && action !== "hide" && action !== "unhide") return fail(400, "参数无效");
    const outcome = await changeArticleStatus(session.viewer, id, action);
    if (!outcome.ok) return fail(outcome.status, outcome.message);
    logger().info({ infoguid: id, action, by: session.viewer.userId }, "article status changed");
    return NextResponse.json({ message: DONE[action], status: outcome.status });
  } catch (err) {
    logger().error({ err }, "article change failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
