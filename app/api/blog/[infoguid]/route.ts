import { NextResponse } from "next/server";
import { BlogPostChange, BlogPostParams } from "@/lib/domain/blog/schemas";
import { ARTICLE_BODY_LIMIT, savedAnswer } from "@/lib/server/blog/http";
import { deleteBlogPost, updateBlogPost } from "@/lib/server/blog/posts";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";

/**
 * POST /api/blog/{infoguid}, the author only:
 * `{action: "save", title, body, publish}` saves the post (as a draft, or published; a hidden post stays hidden);
 * `{action: "delete"}` deletes it. 403 foreign origin or not the author, 401 visitors, 400 invalid input,
 * 404 unknown post, 409 hidden post published or changed meanwhile, 429 rate limits.
 */
export const POST = route(
  { name: "blog post change", auth: "member", params: BlogPostParams, body: BlogPostChange, maxBytes: ARTICLE_BODY_LIMIT },
  async ({ viewer, params: { infoguid }, body }) => {
    if (body.action === "delete") {
      await deleteBlogPost(viewer, infoguid);
      logger().info({ infoguid, by: viewer.userId }, "blog post deleted");
      return NextResponse.json({ message: "已删除", url: `/user/${viewer.userId}` }, { headers: { "Cache-Control": "no-store" } });
    }
    const { title, body: text, publish } = body;
    return savedAnswer(viewer.userId, await updateBlogPost(viewer, infoguid, { title, body: text, publish }));
  },
);
