import { z } from "zod";
import { ArticleChange, type ArticleAction } from "@/lib/domain/content/schemas";
import { isGuid } from "@/lib/domain/route-params";
import { ARTICLE_BODY_LIMIT } from "@/lib/server/blog/http";
import { changeArticleStatus, updateArticle } from "@/lib/server/content/articles-admin";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";

const Params = z.object({ infoguid: z.string().refine(isGuid, "文章不存在").transform((id) => id.toLowerCase()) });

const DONE: Record<ArticleAction, string> = { publish: "已发布", unpublish: "已撤回为草稿", hide: "已隐藏", unhide: "已恢复显示" };

/**
 * Staff, on one article: `{action: "update", ...fields}` edits an editorial article (not its status);
 * `{action: "publish" | "unpublish"}` for editorial articles, `{action: "hide" | "unhide"}` for members' blog posts.
 */
export const POST = route(
  { name: "article change", auth: "editor", params: Params, body: ArticleChange, maxBytes: ARTICLE_BODY_LIMIT },
  async ({ viewer, params: { infoguid }, body }) => {
    if (body.action === "update") {
      await updateArticle(viewer, infoguid, body);
      return { message: "已保存" };
    }
    const status = await changeArticleStatus(viewer, infoguid, body.action);
    logger().info({ infoguid, action: body.action, by: viewer.userId }, "article status changed");
    return { message: DONE[body.action], status };
  },
);
