import "server-only";
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { StatementRejected, type ImportReport } from "@/lib/domain/statements/types";
import type { FillAudit } from "@/lib/domain/audit/types";
import { db, type Database } from "@/lib/db";
import { masters, roundTrips, statementEvents, statementFills, statements } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import { actorUserId, assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/http/app-error";
import { rememberStocks } from "@/lib/server/market/bars";
import { enqueueStatementSync } from "@/lib/server/market/sync/jobs";
import { rebuildRoundTrips, type Book } from "./books";
import { eventToRow, fillIdentity, fillToRow, rowToFill } from "./rows";
import { invalidateAnalyses } from "./analysis-cache";
import { AUDIT_FINGERPRINT, auditReport, NOT_CHECKED } from "./audit";
import { withResolvedNames } from "./name-directory";
import { statementParser } from "./parser-pool";

/** `isPublic`: a master's statement joins the master's public book; a member's shows on their page. Drafts stay private. */
export type ImportTarget = { kind: "master"; masterGuid: string; isPublic: boolean } | { kind: "member"; ownerId: string; isPublic: boolean };

export interface ImportOutcome {
  statementId: string;
  report: ImportReport;
  fileHash: string;
  /** fills already stored from an earlier, overlapping export of the same master's account */
  duplicates: number;
}

export interface ImportOptions {
  actorId?: string | null;
  title?: string;
  /** "demo" marks generated demo statements (演示数据) */
  source?: "file" | "demo";
  onProgress?: (stage: "read" | "store" | "analyse", done: number, total: number) => void;
  /** stops reading the file (the request is gone); nothing is stored then */
  signal?: AbortSignal;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Reads, checks and stores a statement in one transaction: the statement, its fills and events, and the rebuilt round
 * trips of its book. The file is read in a thread of the statement parser (ADR 0026), which may refuse it when busy
 * (ParserBusy). A rejected file (StatementRejected) or any failure stores nothing. A master's statement is the
 * editors' to import; a member's, its owner's (the operator may import either). The actor is recorded as importer.
 */
export async function importStatement(actor: Actor, bytes: Uint8Array, fileName: string, target: ImportTarget, opts: Omit<ImportOptions, "actorId"> = {}): Promise<ImportOutcome> {
  if (target.kind === "master") assertEditorRights(actor);
  const actorId = actorUserId(actor);
  if (target.kind === "member" && actorId !== null && actorId !== target.ownerId) throw new AppError("forbidden", "没有权限");
  const report = await statementParser().read(bytes, fileName, { signal: opts.signal });
  opts.onProgress?.("read", report.rowCount, report.rowCount);
  return storeReport(report, { bytes, fileName }, target, { ...opts, actorId });
}

/** Stores an already-read report (the demo seed builds reports without a file). */
export async function storeReport(
  read: ImportReport,
  file: { bytes: Uint8Array; fileName: string },
  target: ImportTarget,
  opts: ImportOptions = {},
  database?: Database,
): Promise<ImportOutcome> {
  if (read.fills.length === 0 && read.events.length === 0) {
    throw new StatementRejected("unsupported", "文件中没有可导入的成交或资金记录", `no fills or events in ${file.fileName}`);
  }
  const fileHash = sha256(file.bytes);
  const target$ = database ?? (await db());
  const report = await withResolvedNames(read, target$);
  const masterGuid = target.kind === "master" ? target.masterGuid : null;
  if (masterGuid) {
    const [master] = await target$.select({ guid: masters.guid }).from(masters).where(eq(masters.guid, masterGuid)).limit(1);
    if (!master) throw new StatementRejected("unsupported", "找不到这位大神", `no master ${masterGuid}`);
  }
  const sameFile = await target$
    .select({ id: statements.id })
    .from(statements)
    .where(and(eq(statements.fileHash, fileHash), masterGuid ? eq(statements.masterGuid, masterGuid) : eq(statements.ownerId, (target as { ownerId: string }).ownerId)))
    .limit(1);
  if (sameFile.length > 0) {
    throw new StatementRejected("unsupported", "这个文件已经导入过了", `duplicate file ${fileHash} (statement ${sameFile[0]!.id})`);
  }

  const outcome = await target$.transaction(async (tx) => {
    const publishedMaster = masterGuid && target.isPublic ? masterGuid : null;
    const fills = publishedMaster ? await dropKnownFills(tx, publishedMaster, report) : report.fills;
    const duplicates = report.fills.length - fills.length;
    // audited as the whole file (balance chains, T+1 read every row), stored with the fills kept
    const auditOf = new Map(report.fills.map((f, i) => [f, i]));
    // the demo's fills would be checked against its own 模拟行情, which proves nothing (docs/adr/0079)
    const fileAudits = (opts.source ?? "file") === "demo" ? report.fills.map(() => NOT_CHECKED) : await auditReport(tx, report.fills, report.events);
    const audits = fills.map((f) => fileAudits[auditOf.get(f)!]!);
    const dates = [...fills.map((f) => f.date), ...report.events.map((e) => e.date)].sort();
    const [row] = await tx
      .insert(statements)
      .values({
        masterGuid,
        ownerId: target.kind === "member" ? target.ownerId : null,
        title: opts.title ?? "",
        fileName: file.fileName.slice(0, 200),
        fileHash,
        fileSize: file.bytes.byteLength,
        format: report.format,
        formatLabel: report.formatLabel,
        encoding: report.encoding,
        rowCount: report.rowCount,
        fillCount: fills.length,
        eventCount: report.events.length,
        skipped: report.skipped,
        feeBasis: report.feeBasis,
        unreconciled: report.unreconciled,
        warnings: duplicates > 0 ? [...report.warnings, `${duplicates} 笔成交与已导入的交割单重复，已跳过`] : report.warnings,
        source: opts.source ?? "file",
        isPublic: target.isPublic,
        firstDate: dates[0] ?? null,
        lastDate: dates.at(-1) ?? null,
        importedBy: opts.actorId ?? null,
        auditFingerprint: (opts.source ?? "file") === "demo" ? null : AUDIT_FINGERPRINT,
      })
      .returning({ id: statements.id });
    const statementId = row!.id;
    const BATCH = 5000;
    for (let i = 0; i < fills.length; i += BATCH) {
      await insertRows(tx, statementFills, fills.slice(i, i + BATCH).map((f, k) => ({ ...fillToRow(f, statementId, publishedMaster), ...auditColumns(audits[i + k]!) })));
      opts.onProgress?.("store", Math.min(i + BATCH, fills.length), fills.length);
    }
    await insertRows(tx, statementEvents, report.events.map((e) => eventToRow(e, statementId)));
    await rememberStocks(fills.map((f) => ({ code: f.code, exchange: f.exchange, name: f.name })), {}, tx);
    // The demo's statements trade stocks with 模拟行情, which no provider may overwrite.
    if ((opts.source ?? "file") === "file") await enqueueStatementSync(tx, statementId, "import", report.fills);
    // A draft of a master's statement is analysed on its own until it is published into the master's book.
    const book: Book = publishedMaster ? { kind: "master", masterGuid: publishedMaster } : { kind: "statement", statementId };
    await rebuildRoundTrips(tx, book);
    opts.onProgress?.("analyse", 1, 1);
    return { statementId, report, fileHash, duplicates };
  });
  invalidateAnalyses();
  return outcome;
}

/**
 * A fill's audit as columns. One that no bar could check yet is left null, as if not audited (the re-audit treats the
 * two alike): most fills of an import have no bars yet. Every row names both columns, so the fills go in one statement.
 */
function auditColumns(audit: FillAudit): Pick<typeof statementFills.$inferInsert, "auditStatus" | "auditFailures"> {
  if (audit.status === "unverifiable" && audit.failures.length === 0) return { auditStatus: null, auditFailures: [] };
  return { auditStatus: audit.status, auditFailures: audit.failures };
}

async function dropKnownFills(tx: Database, masterGuid: string, report: ImportReport) {
  const dates = [...new Set(report.fills.map((f) => f.date))];
  if (dates.length === 0) return report.fills;
  const known = new Set<string>();
  for (let i = 0; i < dates.length; i += 500) {
    const rows = await tx
      .select()
      .from(statementFills)
      .where(and(eq(statementFills.masterGuid, masterGuid), inArray(statementFills.tradeDate, dates.slice(i, i + 500))));
    for (const r of rows) known.add(fillIdentity(rowToFill(r)));
  }
  return report.fills.filter((f) => !known.has(fillIdentity(f)));
}

/**
 * Publishes a master's draft statement: its fills join the master's book (duplicates of published fills are kept out).
 * Editors and administrators.
 */
export async function publishMasterStatement(actor: Actor | null, statementId: string): Promise<boolean> {
  assertEditorRights(actor);
  const database = await db();
  const done = await database.transaction(async (tx) => {
    const [row] = await tx.select().from(statements).where(eq(statements.id, statementId)).limit(1);
    if (!row?.masterGuid || row.isPublic) return false;
    await tx.update(statements).set({ isPublic: true }).where(eq(statements.id, statementId));
    await tx.update(statementFills).set({ masterGuid: row.masterGuid }).where(eq(statementFills.statementId, statementId));
    if (row.source === "file") await enqueueStatementSync(tx, statementId, "publish");
    await tx.delete(roundTrips).where(eq(roundTrips.statementId, statementId));
    await rebuildRoundTrips(tx, { kind: "master", masterGuid: row.masterGuid });
    return true;
  });
  invalidateAnalyses();
  return done;
}

/** Deletes a statement and rebuilds its book's round trips. Editors and administrators. */
export async function deleteStatement(actor: Actor | null, statementId: string): Promise<boolean> {
  assertEditorRights(actor);
  const database = await db();
  const done = await database.transaction(async (tx) => {
    const [row] = await tx.delete(statements).where(eq(statements.id, statementId)).returning({ masterGuid: statements.masterGuid, isPublic: statements.isPublic });
    if (!row) return false;
    if (row.masterGuid && row.isPublic) await rebuildRoundTrips(tx, { kind: "master", masterGuid: row.masterGuid });
    return true;
  });
  invalidateAnalyses();
  return done;
}
