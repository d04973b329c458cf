import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { isGuid } from "@/lib/domain/route-params";
import {
  checkFillsBody,
  checkNavBody,
  checkSignalsBody,
  MAX_INGEST_BODY_BYTES,
  shanghaiToday,
  type FieldError,
} from "@/lib/domain/quant/ingest-schema";
import { logger } from "@/lib/server/logger";
import { readBodyBytes } from "@/lib/server/request-body";
import { clientIp } from "@/lib/server/security/request-meta";
import { blockedFor, recordFailure, takeToken } from "@/lib/server/security/rate-limit";
import { keyForBearer } from "./api-keys";
import { ingestFills, ingestNav, ingestSignals, type IngestResult } from "./ingest";

/**
 * The machine-facing ingest endpoints (`POST /api/quant/strategies/{guid}/signals|nav|fills`, `route()` with
 * `sameOrigin: false`): no Origin check (the callers are programs), `Authorization: Bearer <key>` of that very
 * strategy instead, checked here. Order: failed-key throttle per
 * address → key (401, one answer for every refusal) → per-key rate limit (429) → body size before parsing (413) →
 * JSON and field checks (400, every error listed, nothing stored) → one transaction (409 on a conflicting replay).
 */

export type IngestKind = "signals" | "nav" | "fills";

/** Requests per key and minute. */
export const INGEST_RATE_PER_MINUTE = 120;
/** Failed key checks per client address and minute before it waits. */
export const INGEST_AUTH_FAILURES_PER_MINUTE = 30;

export const UNAUTHORIZED_MESSAGE = "密钥无效、已吊销或不属于该策略 / invalid, revoked or foreign API key";
export const INGEST_TOO_LARGE = `请求体过大：最大 ${MAX_INGEST_BODY_BYTES / 1024} KB，请分批发送 / body too large: at most ${MAX_INGEST_BODY_BYTES / 1024} KB, send smaller batches`;
const BAD_JSON = "请求体不是有效的 UTF-8 JSON / the body is not valid UTF-8 JSON";
const RATE_LIMITED = "请求过于频繁，请稍后再试 / too many requests, retry later";
const SERVER_ERROR = "服务器内部错误，请稍后再试 / internal error, retry later";

const NO_STORE = { "Cache-Control": "no-store" };

function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

function unauthorized(): NextResponse {
  return answer(401, { message: UNAUTHORIZED_MESSAGE }, { "WWW-Authenticate": 'Bearer realm="lianghua-quant", error="invalid_token"' });
}

/** Checks the whole body first (nothing stored on any error), then stores it in one transaction. */
async function checkAndStore(kind: IngestKind, guid: string, body: unknown, today: string): Promise<IngestResult> {
  const invalid = (c: { message: string; errors: FieldError[] }): IngestResult => ({ kind: "invalid", message: c.message, errors: c.errors });
  if (kind === "signals") {
    const c = checkSignalsBody(body, today);
    return c.ok ? ingestSignals(guid, c.items, c.repeats) : invalid(c);
  }
  if (kind === "nav") {
    const c = checkNavBody(body, today);
    return c.ok ? ingestNav(guid, c.items, c.repeats) : invalid(c);
  }
  const c = checkFillsBody(body, today);
  return c.ok ? ingestFills(guid, c.items, c.repeats) : invalid(c);
}

export async function handleIngest(req: NextRequest, guidParam: string, kind: IngestKind, now = new Date()): Promise<NextResponse> {
  try {
    const ip = clientIp(req.headers);
    const wait = await blockedFor("quant-ingest-auth", ip, INGEST_AUTH_FAILURES_PER_MINUTE, 60);
    if (wait > 0) return answer(429, { message: RATE_LIMITED }, { "Retry-After": String(wait) });

    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? null;
    const guid = guidParam.toLowerCase();
    const holder = isGuid(guid) ? await keyForBearer(bearer) : null;
    if (!holder || holder.strategyGuid !== guid) {
      await recordFailure("quant-ingest-auth", ip, INGEST_AUTH_FAILURES_PER_MINUTE, 60);
      logger().info({ ip, guid: guidParam.slice(0, 40), kind, hadKey: !!bearer }, "quant ingest refused: key");
      return unauthorized();
    }

    const limited = await takeToken("quant-ingest", holder.keyId, INGEST_RATE_PER_MINUTE, 60);
    if (limited > 0) return answer(429, { message: RATE_LIMITED }, { "Retry-After": String(limited) });

    const raw = await readBodyBytes(req, MAX_INGEST_BODY_BYTES);
    if (!raw) return answer(413, { message: INGEST_TOO_LARGE });
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
    } catch {
      return answer(400, { message: BAD_JSON, errors: [{ index: null, field: "body", message: BAD_JSON }] });
    }

    const result = await checkAndStore(kind, guid, body, shanghaiToday(now));
    switch (result.kind) {
      case "ok":
        logger().info({ guid, kind, key: holder.keyId, accepted: result.accepted, duplicates: result.duplicates }, "quant ingest stored");
        return answer(200, { accepted: result.accepted, duplicates: result.duplicates });
      case "invalid":
        return answer(400, { message: result.message, errors: result.errors });
      case "conflict":
        logger().info({ guid, kind, ids: result.ids.slice(0, 20), dates: result.dates.slice(0, 20) }, "quant ingest conflict");
        return answer(409, { message: result.message, ids: result.ids, dates: result.dates });
      case "refused":
        return answer(409, { message: result.message });
      case "missing":
        return unauthorized();
    }
  } catch (err) {
    logger().error({ err, kind }, "quant ingest failed");
    return answer(500, { message: SERVER_ERROR });
  }
}
