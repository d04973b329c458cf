import { NextResponse } from "next/server";
import { StatementRejected } from "@/lib/domain/statements/types";
import { route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { takeToken } from "@/lib/server/security/rate-limit";
import { saveOwnStatement } from "@/lib/server/statements/own";
import { ParserBusy, statementParser } from "@/lib/server/statements/parser-pool";
import { readStatementUpload, STATEMENT_TOO_LARGE, STATEMENT_UPLOAD_LIMIT } from "@/lib/server/statements/upload";

export const maxDuration = 60;

const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  NextResponse.json({ ok: false, message }, { status, headers: { "Cache-Control": "no-store", ...headers } });

const refuseBusy = (busy: ParserBusy) => refuse(503, busy.message, busy.headers);

/** Saves a member's own statement (multipart `file`, `visibility` private | public) and returns where its analysis is. */
export const POST = route({ name: "statement save", auth: "member", body: "stream", maxBytes: STATEMENT_UPLOAD_LIMIT, tooLargeMessage: STATEMENT_TOO_LARGE }, async ({ req, viewer }) => {
  const busy = statementParser().refusal();
  if (busy) return refuseBusy(busy);
  const wait = await takeToken("statement-save", viewer.userId, 20, 60 * 60);
  if (wait > 0) return refuse(429, `保存过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });
  const upload = await readStatementUpload(req);
  if (!upload.ok) return refuse(upload.status, upload.message);
  try {
    const saved = await saveOwnStatement(viewer, upload.bytes, upload.fileName, upload.fields.visibility === "public", req.signal);
    return NextResponse.json({ ok: true, statementId: saved.statementId, analysisHref: `/analysis/${saved.statementId}` }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    if (err instanceof StatementRejected) {
      logger().info({ file: upload.fileName, code: err.code, detail: err.detail, userId: viewer.userId }, "statement save rejected");
      return refuse(400, err.message);
    }
    if (err instanceof ParserBusy) return refuseBusy(err);
    throw err;
  }
});
