import { NextResponse } from "next/server";
import { describeProblem, readManifest, type ManifestRow } from "@/lib/domain/statements/bulk-manifest";
import { UploadFields } from "@/lib/domain/statements/schemas";
import { StatementRejected } from "@/lib/domain/statements/types";
import { AppError, fail, route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { bulkImportStatements } from "@/lib/server/statements/bulk-import";
import { statementParser } from "@/lib/server/statements/parser-pool";
import { BULK_TOO_LARGE, BULK_UPLOAD_LIMIT, readBulkStatementUpload } from "@/lib/server/statements/upload";

/** 100 files of ~650 fills take about a minute on the 2-core machine (ADR 0047). */
export const maxDuration = 300;

/**
 * Staff: imports several statements at once (multipart `files`, one of them may be masters.csv; `public` "1"/"0"),
 * one master per file (ADR 0047). Answers `{message, imported, failed, fills, results}`, a result per file in name
 * order: `{file, ok: true, masterGuid, masterName, masterCreated, formatLabel, fills, events, skipped, duplicates}` or
 * `{file, ok: false, masterName, reason}`. A bad masters.csv is refused (400, `problems`) before anything is stored.
 */
export const POST = route(
  { name: "bulk statement import", auth: "editor", body: "stream", maxBytes: BULK_UPLOAD_LIMIT, tooLargeMessage: BULK_TOO_LARGE },
  async ({ req, viewer }) => {
    const busy = statementParser().refusal();
    if (busy) throw busy;
    const upload = await readBulkStatementUpload(req);
    const fields = UploadFields.safeParse(upload.fields);
    if (!fields.success) throw new AppError("invalid", fields.error.issues[0]?.message ?? "参数无效");
    const isPublic = fields.data.public === "1";
    let rows: ManifestRow[] = [];
    if (upload.manifest) {
      const manifest = readManifest(upload.manifest, upload.files.map((f) => f.name));
      if (!manifest.ok) {
        const problems = manifest.problems.map(describeProblem);
        throw new AppError("invalid", `masters.csv 有误，未导入任何文件：${problems[0]}`, undefined, { problems });
      }
      rows = manifest.rows;
    }
    const files = upload.files.map((f) => ({
      name: f.name,
      bytes: () => {
        if (f.refused) throw new StatementRejected("unsupported", f.refused, `${f.name}: not a statement`);
        return f.bytes;
      },
    }));
    let summary: Awaited<ReturnType<typeof bulkImportStatements>>;
    try {
      summary = await bulkImportStatements(viewer, files, rows, { isPublic, signal: req.signal });
    } catch (err) {
      // The editor closed the page: nobody reads the answer, and this is no server error to log.
      if (!(err instanceof AppError) && req.signal.aborted) return fail(499, "请求已取消");
      throw err;
    }
    logger().info({ by: viewer.userId, imported: summary.imported, failed: summary.failed, fills: summary.fills, ms: summary.ms }, "bulk statement import");
    return NextResponse.json(
      {
        message: `已导入 ${summary.imported} 个文件${summary.failed > 0 ? `，${summary.failed} 个未导入` : ""}（${summary.fills} 笔成交${isPublic ? "，已公开" : "，存为草稿"}）`,
        imported: summary.imported,
        failed: summary.failed,
        fills: summary.fills,
        isPublic,
        results: summary.results.map((r) =>
          r.ok
            ? { file: r.file, ok: true, masterGuid: r.masterGuid, masterName: r.masterName, masterCreated: r.masterCreated, formatLabel: r.formatLabel, fills: r.fills, events: r.events, skipped: r.skipped, duplicates: r.duplicates }
            : { file: r.file, ok: false, masterName: r.masterName, reason: r.reason },
        ),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
);
