import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { StatementRejected } from "@/lib/domain/statements/types";
import { requestToken } from "@/lib/server/auth/request-session";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { importStatement } from "@/lib/server/statements/import";
import { masterExists } from "@/lib/server/statements/masters-admin";
import { ParserBusy, statementParser } from "@/lib/server/statements/parser-pool";
import { readStatementUpload } from "@/lib/server/statements/upload";

export const maxDuration = 60;

/** At most this many skipped rows go back to the editor (the statement keeps them all). */
const SKIPPED_SHOWN = 200;

/** `public`: "1" joins the master's public book at once, "0" (or absent) keeps a draft. */
const Fields = z.object({ public: z.enum(["0", "1"], { error: "公开选项无效" }).default("0") });

const refuseBusy = (busy: ParserBusy) => fail(503, busy.message, { "Retry-After": String(busy.retryAfterSeconds) });

type Props = { params: Promise<{ guid: string }> };

/**
 * Staff: imports a statement for a master (multipart `file`, `public` "1"/"0") and answers what was read:
 * `{message, statementId, formatLabel, fills, events, skipped, skippedTotal, duplicates, warnings, isPublic}`.
 * A file the reader rejects stores nothing and answers 400 with the Chinese reason.
 */
export async function POST(req: NextRequest, { params }: Props) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  let fileName = "";
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    if (!hasEditorRights(viewer)) return fail(403, "没有权限");
    const { guid } = await params;
    if (!isGuid(guid) || !(await masterExists(guid))) return fail(404, "大神不存在");
    const busy = statementParser().refusal();
    if (busy) return refuseBusy(busy);
    const upload = await readStatementUpload(req);
    if (!upload.ok) return fail(upload.status, upload.message);
    fileName = upload.fileName;
    const fields = Fields.safeParse(upload.fields);
    if (!fields.success) return fail(400, fields.error.issues[0]?.message ?? "参数无效");
    const isPublic = fields.data.public === "1";

    const outcome = await importStatement(upload.bytes, upload.fileName, { kind: "master", masterGuid: guid, isPublic }, { actorId: viewer.userId, signal: req.signal });
    const { report, duplicates } = outcome;
    const fills = report.fills.length - duplicates;
    logger().info({ guid, statementId: outcome.statementId, file: fileName, fills, duplicates, by: viewer.userId }, "master statement imported");
    return NextResponse.json(
      {
        message: `已导入${isPublic ? "并公开" : "为草稿"}：${fills} 笔成交，${report.events.length} 条资金记录`,
        statementId: outcome.statementId,
        formatLabel: report.formatLabel,
        fills,
        events: report.events.length,
        skipped: report.skipped.slice(0, SKIPPED_SHOWN),
        skippedTotal: report.skipped.length,
        duplicates,
        warnings: report.warnings,
        isPublic,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (err) {
    if (err instanceof StatementRejected) {
      logger().info({ file: fileName, code: err.code, detail: err.detail }, "master statement rejected");
      return fail(400, err.message);
    }
    if (err instanceof ParserBusy) return refuseBusy(err);
    logger().error({ err, file: fileName }, "master statement import failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
