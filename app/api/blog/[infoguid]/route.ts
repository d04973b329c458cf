import { NextResponse, type NextRequest } from "next/server";
import { isGuid } from "@/lib/domain/route-params";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { deleteBlogPost, updateBlogPost } from "@/lib/server/blog/posts";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { answerFailure, readJson, savedAnswer } from "@/lib/server/blog/http";

type Props = { params: Promise<{ infoguid: string }> };

/**
 * POST /api/blog/{infoguid}, the author only:
 * `{action: "save", title, body, publish}` saves the post (as a draft, or published; a hidden post stays hidden);
 * `{action: "delete"}` deletes it. 403 foreign origin or not the author, 401 visitors, 400 invalid input,
 * 404 unknown post, 409 hidden post published or changed meanwhile, 429 rate limits.
 */
export async function POST(req: NextRequest, { params }: Props) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const { infoguid } = await params;
    if (!isGuid(infoguid)) return fail(404, "文章不存在或已删除");
    const id = infoguid.toLowerCase();
    const json = await readJson(req);
    if (!json.ok) return json.refusal;
    const body = json.value;
    if (body.action === "delete") {
      const outcome = await deleteBlogPost(session.viewer, id);
      if (!outcome.ok) return answerFailure(outcome);
      logger().info({ infoguid: id, by: session.viewer.userId }, "blog post deleted");
      return NextResponse.json({ message: "已删除", url: `/user/${session.viewer.userId}` }, { headers: { "Cache-Control": "no-store" } });
    }
    if (body.action !== "save") return fail(400, "参数无效");
    const { title, body: text, publish } = body;
    const outcome = await updateBlogPost(session.viewer, id, { title, body: text, publish } as never);
    if (!outcome.ok) return answerFailure(outcome);
    return savedAnswer(session.viewer.userId, outcome);
  } catch (err) {
    logger().error({ err }, "blog post change failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
