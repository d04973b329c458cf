import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { describeProblem, readManifest, type ManifestRow } from "@/lib/domain/statements/bulk-manifest";
import { StatementRejected } from "@/lib/domain/statements/types";
import { requestToken } from "@/lib/server/auth/request-session";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { bulkImportStatements } from "@/lib/server/statements/bulk-import";
import { ParserBusy, statementParser } from "@/lib/server/statements/parser-pool";
import { readBulkStatementUpload } from "@/lib/server/statements/upload";

/** 100 files of ~650 fills take about a minute on the 2-core machine (ADR 0047). */
export const maxDuration = 300;

/** `public`: "1" publishes every statement into its master's book at once, "0" (or absent) keeps drafts. */
const Fields = z.object({ public: z.enum(["0", "1"], { error: "公开选项无效" }).default("0") });

/**
 * Staff: imports several statements at once (multipart `files`, one of them may be masters.csv; `public` "1"/"0"),
 * one master per file (ADR 0047). Answers `{message, imported, failed, fills, results}`, a result per file in name
 * order: `{file, ok: true, masterGuid, masterName, masterCreated, formatLabel, fills, events, skipped, duplicates}` or
 * `{file, ok: false, masterName, reason}`. A bad masters.csv is refused (400, `problems`) before anything is stored.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    if (!hasEditorRights(viewer)) return fail(403, "没有权限");
    const busy = statementParser().refusal();
    if (busy) return fail(503, busy.message, { "Retry-After": String(busy.retryAfterSeconds) });
    const upload = await readBulkStatementUpload(req);
    if (!upload.ok) return fail(upload.status, upload.message);
    const fields = Fields.safeParse(upload.fields);
    if (!fields.success) return fail(400, fields.error.issues[0]?.message ?? "参数无效");
    const isPublic = fields.data.public === "1";
    let rows: ManifestRow[] = [];
    if (upload.manifest) {
      const manifest = readManifest(upload.manifest, upload.files.map((f) => f.name));
      if (!manifest.ok) {
        const problems = manifest.problems.map(describeProblem);
        return NextResponse.json({ message: `masters.csv 有误，未导入任何文件：${problems[0]}`, problems }, { status: 400 });
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
    const summary = await bulkImportStatements(viewer, files, rows, { isPublic, signal: req.signal });
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
  } catch (err) {
    if (err instanceof ParserBusy) return fail(503, err.message, { "Retry-After": String(err.retryAfterSeconds) });
    if (req.signal.aborted) return fail(499, "请求已取消");
    logger().error({ err }, "bulk statement import failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
