import { MAX_INGEST_BODY_BYTES } from "@/lib/domain/quant/ingest-schema";
import { ARTICLE_BODY_LIMIT } from "@/lib/server/blog/http";
import { MAX_REPORT_BYTES } from "@/lib/server/logs/client-errors";
import { AVATAR_BODY_LIMIT } from "@/lib/server/members/profile";
import { WEBHOOK_BODY_LIMIT } from "@/lib/server/payments/webhook";
import { CSV_UPLOAD_LIMIT } from "@/lib/server/quant/csv-import";
import { JSON_BODY_LIMIT } from "@/lib/server/request-body";
import { BULK_UPLOAD_LIMIT, STATEMENT_UPLOAD_LIMIT } from "@/lib/server/statements/upload";
import { bodyHandlers, isChineseMessageOf, messagesIn, MULTIPART_ROUTES, requestFor, routeWalkDatabase, type RouteHandler } from "./route-walk.test-support";

/**
 * Issue 20 point 2 (ADR 0025): every route handler that takes a body refuses one over its limit with 413 and a
 * Chinese message — a declared Content-Length without reading a byte, a chunked body after reading no more than the
 * limit. The handlers are found by walking app/api, so a new one is covered (at the 64 KB JSON default) or fails here.
 */
process.env.LOG_LEVEL = "silent";

/** Routes that declare more than the 64 KB JSON default. */
const DECLARED: Record<string, number> = {
  "statements": STATEMENT_UPLOAD_LIMIT,
  "statements/preview": STATEMENT_UPLOAD_LIMIT,
  "admin/traders/[guid]/statements": STATEMENT_UPLOAD_LIMIT,
  "admin/traders/bulk": BULK_UPLOAD_LIMIT,
  "admin/strategies/[guid]/fills": CSV_UPLOAD_LIMIT,
  "admin/strategies/[guid]/nav": CSV_UPLOAD_LIMIT,
  "user/avatar": AVATAR_BODY_LIMIT,
  "quant/strategies/[guid]/signals": MAX_INGEST_BODY_BYTES,
  "quant/strategies/[guid]/nav": MAX_INGEST_BODY_BYTES,
  "quant/strategies/[guid]/fills": MAX_INGEST_BODY_BYTES,
  "blog": ARTICLE_BODY_LIMIT,
  "blog/[infoguid]": ARTICLE_BODY_LIMIT,
  "admin/articles": ARTICLE_BODY_LIMIT,
  "admin/articles/[infoguid]": ARTICLE_BODY_LIMIT,
  "stripe/webhook": WEBHOOK_BODY_LIMIT,
  "Logs/Insert": MAX_REPORT_BYTES,
};

/** Handlers that never read their body (each must exist; the test proves not a byte of the body is pulled). */
const NO_BODY: Record<string, string> = {
  "auth/logout": "ends the session named by the cookie",
  "articles/[id]/like": "the article is in the path",
  "admin/market/sync": "the 同步行情 button syncs every code: there is nothing to send",
};

const limitOf = (route: string) => DECLARED[route] ?? JSON_BODY_LIMIT;
const CHUNK = 16 * 1024;

/** A body that counts the bytes a handler pulls from it, ending after `total` bytes. */
function countingStream(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const next = chunk.subarray(0, Math.min(CHUNK, total - pulled));
        pulled += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function answerOf(res: Response): Promise<{ status: number; messages: string[] }> {
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: no messages
  }
  return { status: res.status, messages: messagesIn(json) };
}

const handlers = bodyHandlers();
const withBody = handlers.filter((r) => !(r.route in NO_BODY));
const name = (r: RouteHandler) => `${r.method} /api/${r.route} (limit ${limitOf(r.route)} bytes)`;

const fixtures = routeWalkDatabase("body-limits");

describe("every route handler bounds its request body (issue 20 point 2)", () => {
  it("finds the route handlers, and every listed route exists", () => {
    expect(handlers.length).toBeGreaterThan(30);
    const routes = new Set(handlers.map((r) => r.route));
    for (const route of [...Object.keys(DECLARED), ...Object.keys(NO_BODY)]) expect([route, routes.has(route)]).toEqual([route, true]);
    for (const route of MULTIPART_ROUTES) expect([route, routes.has(route)]).toEqual([route, true]);
  });

  it.each(withBody.map((r) => [name(r), r] as const))("%s: a declared Content-Length over the limit is a 413 in Chinese, and not a byte is read", async (_n, r) => {
    const limit = limitOf(r.route);
    const body = countingStream(limit + 1);
    const { req, ctx } = requestFor(r, fixtures(), body.stream, { "content-length": String(limit + 1) });
    const answer = await answerOf(await r.handler(req, ctx));
    expect(answer.status).toBe(413);
    expect(answer.messages.length).toBeGreaterThan(0);
    for (const message of answer.messages) expect([message, isChineseMessageOf(r.route, message)]).toEqual([message, true]);
    expect(body.pulled()).toBe(0);
  });

  it.each(withBody.map((r) => [name(r), r] as const))("%s: a chunked body is read no further than the limit, then a 413 in Chinese", async (_n, r) => {
    const limit = limitOf(r.route);
    const body = countingStream(Math.max(4 * limit, 1024 * 1024));
    const { req, ctx } = requestFor(r, fixtures(), body.stream);
    const answer = await answerOf(await r.handler(req, ctx));
    expect(answer.status).toBe(413);
    expect(answer.messages.length).toBeGreaterThan(0);
    for (const message of answer.messages) expect([message, isChineseMessageOf(r.route, message)]).toEqual([message, true]);
    expect(body.pulled()).toBeGreaterThan(limit);
    expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK);
  }, 30_000);

  it.each(withBody.map((r) => [name(r), r] as const))("%s: a body of exactly the limit is not refused as too large", async (_n, r) => {
    const limit = limitOf(r.route);
    const body = countingStream(limit);
    const { req, ctx } = requestFor(r, fixtures(), body.stream, { "content-length": String(limit) });
    const answer = await answerOf(await r.handler(req, ctx));
    expect(answer.status).not.toBe(413);
  }, 30_000);

  it.each(Object.keys(NO_BODY).flatMap((route) => handlers.filter((r) => r.route === route)).map((r) => [`${r.method} /api/${r.route}`, r] as const))(
    "%s takes no body: not a byte of a 200 MB one is pulled",
    async (_n, r) => {
      const body = countingStream(200 * 1024 * 1024);
      const { req, ctx } = requestFor(r, fixtures(), body.stream, { "content-length": String(200 * 1024 * 1024) });
      await r.handler(req, ctx);
      expect(body.pulled()).toBe(0);
    },
  );
});
