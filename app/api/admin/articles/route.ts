import { ArticleCreate } from "@/lib/domain/content/schemas";
import { ARTICLE_BODY_LIMIT } from "@/lib/server/blog/http";
import { createArticle } from "@/lib/server/content/articles-admin";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";

/**
 * Staff: POST /api/admin/articles `{type, title, summary, body, coverUrl, videoUrl, minLevel, tags, publish}` writes an
 * editorial article (a draft, or published at once) and answers `{message, infoguid, status}`.
 */
export const POST = route({ name: "article create", auth: "editor", body: ArticleCreate, maxBytes: ARTICLE_BODY_LIMIT }, async ({ viewer, body }) => {
  const { publish, ...input } = body;
  const created = await createArticle(viewer, input, publish);
  logger().info({ infoguid: created.infoguid, by: viewer.userId, status: created.status }, "article created");
  return { message: publish ? "文章已发布" : "草稿已保存", infoguid: created.infoguid, status: created.status };
});
