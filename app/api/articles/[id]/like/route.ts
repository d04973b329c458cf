import { NextResponse } from "next/server";
import { ArticleParams } from "@/lib/domain/content/schemas";
import { likeArticle, likeState } from "@/lib/server/content/articles";
import { AppError, route } from "@/lib/server/http";

/**
 * GET /api/articles/{infoguid}/like: whether the member liked the article, and its count, `{liked, likes}` — read by the
 * like button on a page served from the cache of the member's access class (ADR 0067). 404 for an unknown article.
 */
export const GET = route({ name: "reading an article's like", auth: "member", params: ArticleParams }, async ({ viewer, params }) => {
  const state = await likeState(viewer, params.id);
  if (!state) throw new AppError("not_found", "文章不存在或已下线");
  return NextResponse.json(state, { headers: { "Cache-Control": "private, no-store" } });
});

/**
 * POST /api/articles/{infoguid}/like: the member likes an article they may read, once (a repeat answers the same
 * count). Answers `{message, liked, likes}`; 401 for visitors, 403 when the article is above the member's level.
 */
export const POST = route({ name: "liking an article", auth: "member", params: ArticleParams }, async ({ viewer, params }) => {
  const outcome = await likeArticle(viewer, params.id);
  return NextResponse.json(
    { message: outcome.first ? "点赞成功" : "你已经赞过了", liked: true, likes: outcome.likes },
    { headers: { "Cache-Control": "no-store" } },
  );
});
