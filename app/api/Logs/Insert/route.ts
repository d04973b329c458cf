import { NextResponse } from "next/server";
import { route } from "@/lib/server/http";
import { MAX_REPORT_BYTES, storeClientErrorReport } from "@/lib/server/logs/client-errors";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

/** Sixty reports a minute per address, counted before the body is read; answered without a body like the rest. */
async function limitReports({ req }: { req: { headers: Headers } }): Promise<Response | void> {
  const wait = await takeToken("logs-insert", clientIp(req.headers), 60, 60);
  if (wait > 0) return new NextResponse(null, { status: 429, headers: { "Retry-After": String(wait) } });
}

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Front-end error reports: ≤16 KB JSON, ≤60 a minute per address, stored escaped, answered 204 without echo.
 * The body is read as a stream and reading stops at the limit, so a chunked body without Content-Length cannot make
 * the server buffer more than 16 KB (P18).
 */
export const POST = route(
  { name: "front-end error report", auth: "visitor", session: false, before: limitReports, body: "text", maxBytes: MAX_REPORT_BYTES },
  async ({ req, body }) => {
    const json = parsedJson(body);
    if (!json.ok) return new NextResponse(null, { status: 400 });
    const outcome = await storeClientErrorReport(json.value, { ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" });
    return new NextResponse(null, { status: outcome === "stored" ? 204 : 400 });
  },
);
