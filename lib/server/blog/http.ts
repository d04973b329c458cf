import "server-only";
/** The JSON answers of the blog route handlers (app/api/blog). */
import { NextResponse } from "next/server";
import type { BlogFailure, SaveOutcome } from "./posts";
import { fail } from "@/lib/server/http";
import { readJsonBody, type BodyRead, type BodySource } from "@/lib/server/request-body";

/**
 * Blog posts and editorial articles are long: an article's 100,000 characters are at most ~300 kB of UTF-8 JSON, and
 * twice that if every one were an escaped control character. Their routes read up to this, not the 64 KB default.
 */
export const ARTICLE_BODY_LIMIT = 1024 * 1024;

/** The request's JSON object; a 413 when it is too large, a 400 when it is missing or not an object. */
export async function readJson(req: BodySource): Promise<BodyRead<Record<string, unknown>>> {
  const json = await readJsonBody(req, ARTICLE_BODY_LIMIT);
  if (!json.ok) return json;
  const value = json.value;
  if (value && typeof value === "object" && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  return { ok: false, refusal: fail(400, "参数无效") };
}

export function answerFailure(failure: BlogFailure): NextResponse {
  return fail(failure.status, failure.message, failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined);
}

const SAVED_TEXT = { draft: "草稿已保存", published: "已发布", hidden: "已保存（文章仍处于隐藏状态）" } as const;

export function savedAnswer(authorId: string, outcome: Extract<SaveOutcome, { ok: true }>): NextResponse {
  return NextResponse.json(
    { message: SAVED_TEXT[outcome.status], infoguid: outcome.infoguid, status: outcome.status, url: `/user/blog/${authorId}/${outcome.infoguid}` },
    { headers: { "Cache-Control": "no-store" } },
  );
}
