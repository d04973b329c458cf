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
import { AppError, rateLimited } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { readBodyBytes } from "@/lib/server/request-body";
import { clientIp } from "@/lib/server/security/request-meta";
import { takeToken, withFailureLimits } from "@/lib/server/security/rate-limit";
import { keyForBearer } from "./api-keys";
import { IngestConflict, ingestFills, ingestNav, ingestSignals, StrategyKeyRefused, type Ingested } from "./ingest";

/**
 * The machine-facing ingest endpoints (`POST /api/quant/strategies/{guid}/signals|nav|fills`, `route()` with
 * `sameOrigin: false`): no Origin check (the callers are programs), `Authorization: Bearer <key>` of that very
 * strategy instead, checked here. Order: failed-key throttle per
 * address → key (401, one answer for every refusal) → per-key rate limit (429) → body size before parsing (413) →
 * JSON and field checks (400, every error listed, nothing stored) → one transaction (409 on a conflicting replay).
 * Refusals are thrown as AppError for route() to answer (the routes add `Cache-Control: no-store` to every refusal);
 * an unexpected error is logged and answered here, in both languages like every answer to these programs.
 */

export type IngestKind = "signals" | "nav" | "fills";

/** Requests per key and minute. */
export const INGEST_RATE_PER_MINUTE = 120;
/** Failed key checks per client address and minute before it waits. */
export const INGEST_AUTH_FAILURES_PER_MINUTE = 30;

export const INGEST_TOO_LARGE = `请求体过大：最大 ${MAX_INGEST_BODY_BYTES / 1024} KB，请分批发送 / body too large: at most ${MAX_INGEST_BODY_BYTES / 1024} KB, send smaller batches`;
const BAD_JSON = "请求体不是有效的 UTF-8 JSON / the body is not valid UTF-8 JSON";
const RATE_LIMITED = "请求过于频繁，请稍后再试 / too many requests, retry later";
const SERVER_ERROR = "服务器内部错误，请稍后再试 / internal error, retry later";

/** Every answer of these routes is uncached; route() adds this to their refusals. */
export const INGEST_NO_STORE = { "Cache-Control": "no-store" };

/** Checks the whole body first (nothing stored on any error), then stores it in one transaction. */
async function checkAndStore(kind: IngestKind, guid: string, body: unknown, today: string): Promise<Ingested> {
  const invalid = (c: { message: string; errors: FieldError[] }): never => {
    throw new AppError("invalid", c.message, undefined, { errors: c.errors });
  };
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
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? null;
    const guid = guidParam.toLowerCase();
    const holder = await withFailureLimits(
      [["quant-ingest-auth", ip, INGEST_AUTH_FAILURES_PER_MINUTE, 60]],
      async () => {
        const found = isGuid(guid) ? await keyForBearer(bearer) : null;
        if (!found || found.strategyGuid !== guid) {
          logger().info({ ip, guid: guidParam.slice(0, 40), kind, hadKey: !!bearer }, "quant ingest refused: key");
          throw new StrategyKeyRefused();
        }
        return found;
      },
      (err) => err instanceof StrategyKeyRefused,
      (wait) => rateLimited(RATE_LIMITED, wait),
    );

    const limited = await takeToken("quant-ingest", holder.keyId, INGEST_RATE_PER_MINUTE, 60);
    if (limited > 0) throw rateLimited(RATE_LIMITED, limited);

    const raw = await readBodyBytes(req, MAX_INGEST_BODY_BYTES);
    if (!raw) throw new AppError("too_large", INGEST_TOO_LARGE);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
    } catch {
      throw new AppError("invalid", BAD_JSON, undefined, { errors: [{ index: null, field: "body", message: BAD_JSON }] });
    }

    const stored = await checkAndStore(kind, guid, body, shanghaiToday(now));
    logger().info({ guid, kind, key: holder.keyId, accepted: stored.accepted, duplicates: stored.duplicates }, "quant ingest stored");
    return NextResponse.json({ accepted: stored.accepted, duplicates: stored.duplicates }, { headers: INGEST_NO_STORE });
  } catch (err) {
    if (err instanceof IngestConflict) logger().info({ guid: guidParam.toLowerCase(), kind, ids: err.ids.slice(0, 20), dates: err.dates.slice(0, 20) }, "quant ingest conflict");
    if (err instanceof AppError) throw err;
    logger().error({ err, kind }, "quant ingest failed");
    return NextResponse.json({ message: SERVER_ERROR }, { status: 500, headers: INGEST_NO_STORE });
  }
}
