import "server-only";
/** The JSON answers of the blog route handlers (app/api/blog). */
import { NextResponse } from "next/server";
import type { SavedPost } from "./posts";

/**
 * Blog posts and editorial articles are long: an article's 100,000 characters are at most ~300 kB of UTF-8 JSON, and
 * twice that if every one were an escaped control character. Their routes read up to this, not the 64 KB default.
 */
export const ARTICLE_BODY_LIMIT = 1024 * 1024;

const SAVED_TEXT = { draft: "草稿已保存", published: "已发布", hidden: "已保存（文章仍处于隐藏状态）" } as const;

export function savedAnswer(authorId: string, saved: SavedPost): NextResponse {
  return NextResponse.json(
    { message: SAVED_TEXT[saved.status], infoguid: saved.infoguid, status: saved.status, url: `/user/blog/${authorId}/${saved.infoguid}` },
    { headers: { "Cache-Control": "no-store" } },
  );
}
