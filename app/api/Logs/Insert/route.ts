import { NextResponse, type NextRequest } from "next/server";
import { MAX_REPORT_BYTES, storeClientErrorReport } from "@/lib/server/logs/client-errors";
import { fail } from "@/lib/server/http";
import { bodyTooLargeMessage, readBodyBytes } from "@/lib/server/request-body";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";

/**
 * Front-end error reports: ≤16 KB JSON, ≤60 a minute per address, stored escaped, answered 204 without echo.
 * The body is read as a stream and reading stops at the limit, so a chunked body without Content-Length cannot make
 * the server buffer more than 16 KB (P18).
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return new NextResponse(null, { status: 403 });
  const ip = clientIp(req.headers);
  const wait = await takeToken("logs-insert", ip, 60, 60);
  if (wait > 0) return new NextResponse(null, { status: 429, headers: { "Retry-After": String(wait) } });
  const bytes = await readBodyBytes(req, MAX_REPORT_BYTES);
  if (!bytes) return fail(413, bodyTooLargeMessage(MAX_REPORT_BYTES));
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return new NextResponse(null, { status: 400 });
  }
  const outcome = await storeClientErrorReport(body, { ip, userAgent: req.headers.get("user-agent") ?? "" });
  return new NextResponse(null, { status: outcome === "stored" ? 204 : 400 });
}
