import { NextResponse } from "next/server";
import { ArticleParams } from "@/lib/domain/content/schemas";
import { likeArticle } from "@/lib/server/content/articles";
import { route } from "@/lib/server/http";

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
