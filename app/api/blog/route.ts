import { BlogPostInput } from "@/lib/domain/blog/schemas";
import { ARTICLE_BODY_LIMIT, savedAnswer } from "@/lib/server/blog/http";
import { createBlogPost } from "@/lib/server/blog/posts";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";

/**
 * POST /api/blog `{title, body, publish}`: the member writes a new post, as a draft or published. Answers
 * `{message, infoguid, status, url}`; 403 foreign origin, 401 visitors, 400 invalid input (Chinese message),
 * 409 too many drafts, 429 rate limits (with Retry-After).
 */
export const POST = route({ name: "blog post create", auth: "member", body: BlogPostInput, maxBytes: ARTICLE_BODY_LIMIT }, async ({ viewer, body }) => {
  const saved = await createBlogPost(viewer, body);
  logger().info({ infoguid: saved.infoguid, by: viewer.userId, status: saved.status }, "blog post created");
  return savedAnswer(viewer.userId, saved);
});
