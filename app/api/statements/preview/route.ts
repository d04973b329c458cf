import { NextResponse } from "next/server";
import { StatementRejected } from "@/lib/domain/statements/types";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";
import { ParserBusy, statementParser } from "@/lib/server/statements/parser-pool";
import { previewStatement } from "@/lib/server/statements/preview";
import { readStatementUpload, STATEMENT_TOO_LARGE, STATEMENT_UPLOAD_LIMIT } from "@/lib/server/statements/upload";

export const maxDuration = 60;

const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  NextResponse.json({ ok: false, message }, { status, headers: { "Cache-Control": "no-store", ...headers } });

const refuseBusy = (busy: ParserBusy) => refuse(503, busy.message, busy.headers);

/** Reads an uploaded statement and returns the preview (format, skipped rows, analysis); stores nothing. Visitors may use it. */
export const POST = route({ name: "statement preview", auth: "visitor", body: "stream", maxBytes: STATEMENT_UPLOAD_LIMIT, tooLargeMessage: STATEMENT_TOO_LARGE }, async ({ req }) => {
  const busy = statementParser().refusal();
  if (busy) return refuseBusy(busy);
  const wait = await takeToken("statement-preview", clientIp(req.headers), 30, 60 * 10);
  if (wait > 0) return refuse(429, `预览过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });
  const upload = await readStatementUpload(req);
  if (!upload.ok) return refuse(upload.status, upload.message);
  try {
    const preview = await previewStatement(upload.bytes, upload.fileName, { signal: req.signal });
    return NextResponse.json({ ok: true, preview }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    if (err instanceof StatementRejected) {
      logger().info({ file: upload.fileName, code: err.code, detail: err.detail }, "statement preview rejected");
      return refuse(400, err.message);
    }
    if (err instanceof ParserBusy) return refuseBusy(err);
    throw err;
  }
});
