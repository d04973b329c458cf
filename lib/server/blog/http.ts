import "server-only";
/** The JSON answers of the blog route handlers (app/api/blog). */
import { NextResponse, type NextRequest } from "next/server";
import type { BlogFailure, SaveOutcome } from "./posts";
import { fail } from "@/lib/server/http";

/** Bodies above this size are refused before parsing (a 50,000-character body is at most ~200 kB of JSON). */
const MAX_REQUEST_BYTES = 512 * 1024;

/** The request's JSON object, or undefined when it is missing, too large or not an object. */
export async function readJson(req: NextRequest): Promise<Record<string, unknown> | undefined> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) return undefined;
  const text = await req.text().catch(() => "");
  if (text.length > MAX_REQUEST_BYTES) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
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
