import "server-only";
import type { NextResponse } from "next/server";
import { fail } from "@/lib/server/http/fail";

/**
 * The one way a route handler reads its request body (ADR 0025): a declared Content-Length above the route's limit is
 * refused before a byte is read, and a body without one (chunked) is read only up to the limit — reading stops and
 * the stream is cancelled as soon as it goes past, so no request can make the server buffer more than its limit.
 */

/** JSON bodies, unless a route declares more. */
export const JSON_BODY_LIMIT = 64 * 1024;

/** The Chinese answer to a body over `limit` bytes. */
export function bodyTooLargeMessage(limit: number): string {
  return limit >= 1024 * 1024 ? `请求内容过大，最大 ${Math.floor(limit / 1024 / 1024)} MB` : `请求内容过大，最大 ${Math.floor(limit / 1024)} KB`;
}

/** What a request offers to read; NextRequest and Request both fit. */
export interface BodySource {
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

/** True when the request itself says its body is longer than `limit` (nothing has been read). */
export function declaresMoreThan(req: { headers: Headers }, limit: number): boolean {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  return Number.isFinite(declared) && declared > limit;
}

/** Reads a body stream up to `limit` bytes; null as soon as it is longer (the rest is never pulled). */
export async function readBodyWithLimit(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The body's bytes, or null when it is (or says it is) longer than `limit`. */
export async function readBodyBytes(req: BodySource, limit: number): Promise<Uint8Array | null> {
  if (declaresMoreThan(req, limit)) return null;
  return readBodyWithLimit(req.body, limit);
}

export type BodyRead<T> = { ok: true; value: T } | { ok: false; refusal: NextResponse };

function tooLarge(message: string): BodyRead<never> {
  return { ok: false, refusal: fail(413, message) };
}

/** The body as UTF-8 text (Stripe's webhook verifies the raw text), or a 413 refusal. */
export async function readTextBody(req: BodySource, limit: number, message = bodyTooLargeMessage(limit)): Promise<BodyRead<string>> {
  const bytes = await readBodyBytes(req, limit);
  if (!bytes) return tooLarge(message);
  return { ok: true, value: new TextDecoder().decode(bytes) };
}

/**
 * The body as JSON, or a 413 refusal. A body that is empty or not JSON reads as `null`, so the route's own schema
 * answers it with its usual 400 message.
 */
export async function readJsonBody(req: BodySource, limit = JSON_BODY_LIMIT, message = bodyTooLargeMessage(limit)): Promise<BodyRead<unknown>> {
  const text = await readTextBody(req, limit, message);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.value) as unknown };
  } catch {
    return { ok: true, value: null };
  }
}
