import { NextResponse } from "next/server";
import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { UploadFields } from "@/lib/domain/statements/schemas";
import { findMaster } from "@/lib/server/content/masters";
import { AppError, route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { importStatement } from "@/lib/server/statements/import";
import { statementParser } from "@/lib/server/statements/parser-pool";
import { readStatementUpload, STATEMENT_TOO_LARGE, STATEMENT_UPLOAD_LIMIT } from "@/lib/server/statements/upload";
import { invalidWhenRejected } from "@/lib/server/statements/upload-answers";

export const maxDuration = 60;

/** At most this many skipped rows go back to the editor (the statement keeps them all). */
const SKIPPED_SHOWN = 200;

const Params = z.object({ guid: z.string().refine(isGuid, "大神不存在") });

/**
 * Staff: imports a statement for a master (multipart `file`, `public` "1"/"0") and answers what was read:
 * `{message, statementId, formatLabel, fills, events, skipped, skippedTotal, duplicates, warnings, isPublic}`.
 * A file the reader rejects stores nothing and answers 400 with the Chinese reason.
 */
export const POST = route(
  { name: "master statement import", auth: "editor", params: Params, body: "stream", maxBytes: STATEMENT_UPLOAD_LIMIT, tooLargeMessage: STATEMENT_TOO_LARGE },
  async ({ req, viewer, params: { guid } }) => {
    if (!(await findMaster(viewer, guid))) throw new AppError("not_found", "大神不存在");
    const busy = statementParser().refusal();
    if (busy) throw busy;
    const upload = await readStatementUpload(req);
    const fields = UploadFields.safeParse(upload.fields);
    if (!fields.success) throw new AppError("invalid", fields.error.issues[0]?.message ?? "参数无效");
    const isPublic = fields.data.public === "1";

    const outcome = await importStatement(viewer, upload.bytes, upload.fileName, { kind: "master", masterGuid: guid, isPublic }, { signal: req.signal })
      .catch(invalidWhenRejected({ file: upload.fileName }, "master statement rejected"));
    const { report, duplicates } = outcome;
    const fills = report.fills.length - duplicates;
    logger().info({ guid, statementId: outcome.statementId, file: upload.fileName, fills, duplicates, by: viewer.userId }, "master statement imported");
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
  },
);
