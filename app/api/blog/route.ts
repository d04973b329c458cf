import type { NextRequest } from "next/server";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { createBlogPost } from "@/lib/server/blog/posts";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { answerFailure, readJson, savedAnswer } from "@/lib/server/blog/http";

/**
 * POST /api/blog `{title, body, publish}`: the member writes a new post, as a draft or published. Answers
 * `{message, infoguid, status, url}`; 403 foreign origin, 401 visitors, 400 invalid input (Chinese message),
 * 409 too many drafts, 429 rate limits (with Retry-After).
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const json = await readJson(req);
    if (!json.ok) return json.refusal;
    const body = json.value;
    const outcome = await createBlogPost(session.viewer, body as never);
    if (!outcome.ok) return answerFailure(outcome);
    logger().info({ infoguid: outcome.infoguid, by: session.viewer.userId, status: outcome.status }, "blog post created");
    return savedAnswer(session.viewer.userId, outcome);
  } catch (err) {
    logger().error({ err }, "blog post create failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}

