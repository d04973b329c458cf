import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { planBulkImport, type BulkPlanItem, type ManifestRow } from "@/lib/domain/statements/bulk-manifest";
import { StatementRejected, type ImportReport } from "@/lib/domain/statements/types";
import { db, type Database } from "@/lib/db";
import { masters } from "@/lib/db/schema";
import { actorUserId, assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import { logger } from "@/lib/server/logger";
import { invalidateAnalyses } from "./analysis-cache";
import { storeReport } from "./import";
import { MasterInput } from "@/lib/domain/statements/schemas";
import { ParserBusy, statementParser } from "./parser-pool";

/**
 * The bulk import of masters' statements (ADR 0047): one master per file, named by the manifest or the file's base
 * name. A file goes to the master of that name when there is one (re-running a folder adds only its new files; the
 * same file again is refused as 这个文件已经导入过了), else a master is created with the manifest's profile — in the
 * same transaction as the statement, so a file that fails stores nothing, not even its master. Files are read in the
 * statement parser's threads a few ahead of the one being stored.
 */

/** One file: its name (a label, never a path) and its bytes, fetched when its turn to be read comes. */
export interface BulkFile {
  name: string;
  bytes: () => Uint8Array | Promise<Uint8Array>;
}

export type BulkFileResult =
  | {
      file: string;
      ok: true;
      masterGuid: string;
      masterName: string;
      /** false: the statement went to an existing master of that name */
      masterCreated: boolean;
      statementId: string;
      format: string;
      formatLabel: string;
      fills: number;
      events: number;
      skipped: number;
      duplicates: number;
    }
  | { file: string; ok: false; masterName: string; reason: string; detail: string };

export interface BulkSummary {
  results: BulkFileResult[];
  imported: number;
  failed: number;
  /** fills stored over every imported file */
  fills: number;
  ms: number;
}

export interface BulkOptions {
  isPublic: boolean;
  /** called once per file, in order, as soon as it is stored or has failed */
  onFile?: (result: BulkFileResult, index: number, total: number) => void;
  /** stops the import between files (the request is gone): the files not yet done are not stored */
  signal?: AbortSignal;
  /** files read ahead of the one being stored; by default the parser's threads plus one */
  readAhead?: number;
}

/** How long a file waits for the parser when every thread and queue place is taken (other uploads of the server). */
const BUSY_WAIT_MS = 60_000;
const BUSY_POLL_MS = 250;

type Read = { ok: true; report: ImportReport; bytes: Uint8Array } | { ok: false; err: unknown };

async function readFile(file: BulkFile, signal?: AbortSignal): Promise<Read> {
  try {
    const bytes = await file.bytes();
    const parser = statementParser();
    const until = Date.now() + BUSY_WAIT_MS;
    for (;;) {
      try {
        return { ok: true, report: await parser.read(bytes, file.name, { signal }), bytes };
      } catch (err) {
        if (!(err instanceof ParserBusy) || Date.now() > until || signal?.aborted) throw err;
        await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
      }
    }
  } catch (err) {
    return { ok: false, err };
  }
}

/** The reason shown for a failed file: the reader's own Chinese message, or a generic one (the detail goes to the log). */
function failure(item: BulkPlanItem, err: unknown): BulkFileResult {
  if (err instanceof StatementRejected) return { file: item.file, ok: false, masterName: item.profile.name, reason: err.message, detail: err.detail };
  if (err instanceof ParserBusy) return { file: item.file, ok: false, masterName: item.profile.name, reason: err.message, detail: "statement parser busy" };
  const detail = err instanceof Error ? err.message : String(err);
  logger().error({ err, file: item.file }, "bulk import: file failed");
  return { file: item.file, ok: false, masterName: item.profile.name, reason: "导入失败（服务器内部错误），其他文件不受影响", detail };
}

/**
 * The master of this name, or a new one with the manifest's profile, inside `tx`. Two imports naming the same new
 * master at once wait for each other (a transaction-scoped advisory lock on the name), so they do not create two.
 * Several masters of that name (made by hand in /admin/traders) are ambiguous: the file is refused.
 */
async function masterFor(tx: Database, item: BulkPlanItem): Promise<{ guid: string; created: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`master-name:${item.profile.name}`}))`);
  const same = await tx.select({ guid: masters.guid }).from(masters).where(eq(masters.name, item.profile.name)).orderBy(asc(masters.createdAt)).limit(2);
  if (same.length > 1) {
    throw new StatementRejected("unsupported", `已有 ${same.length} 位名为“${item.profile.name}”的大神，无法确定导入给哪一位：请在 masters.csv 中换一个名称`, `ambiguous master name ${item.profile.name}`);
  }
  if (same[0]) return { guid: same[0].guid, created: false };
  const [row] = await tx.insert(masters).values(MasterInput.parse(item.profile)).returning({ guid: masters.guid });
  return { guid: row!.guid, created: true };
}

/**
 * Imports `files` one master per file, named by `manifest` rows (already read against these files) or base names.
 * Every file is stored in its own transaction with its master; a file that fails is reported and the others go on.
 * Editors and administrators (and the operator's CLI).
 */
export async function bulkImportStatements(actor: Actor | null, files: readonly BulkFile[], manifest: readonly ManifestRow[], opts: BulkOptions): Promise<BulkSummary> {
  assertEditorRights(actor);
  const startedAt = performance.now();
  const byName = new Map(files.map((f) => [f.name, f]));
  const plan = planBulkImport([...byName.keys()], manifest);
  const readAhead = Math.max(1, opts.readAhead ?? statementParser().limits.threads + 1);
  const reads = new Map<number, Promise<Read>>();
  const startRead = (i: number) => {
    const item = plan[i];
    if (!item || item.problem || reads.has(i)) return;
    reads.set(i, readFile(byName.get(item.file)!, opts.signal));
  };
  const database = await db();
  const results: BulkFileResult[] = [];
  // reads started ahead of an abort end on their own (the signal reaches them); nothing of theirs is stored
  for (let i = 0; i < plan.length; i++) {
    opts.signal?.throwIfAborted();
    for (let j = i; j < i + readAhead; j++) startRead(j);
    const item = plan[i]!;
    let result: BulkFileResult;
    if (item.problem) {
      result = { file: item.file, ok: false, masterName: item.profile.name, reason: item.problem, detail: item.problem };
    } else {
      const read = await reads.get(i)!;
      reads.delete(i);
      if (!read.ok) result = failure(item, read.err);
      else {
        try {
          result = await database.transaction(async (tx) => {
            const master = await masterFor(tx, item);
            const outcome = await storeReport(read.report, { bytes: read.bytes, fileName: item.file }, { kind: "master", masterGuid: master.guid, isPublic: opts.isPublic }, { actorId: actorUserId(actor) }, tx);
            const { report, duplicates } = outcome;
            return {
              file: item.file,
              ok: true as const,
              masterGuid: master.guid,
              masterName: item.profile.name,
              masterCreated: master.created,
              statementId: outcome.statementId,
              format: report.format,
              formatLabel: report.formatLabel,
              fills: report.fills.length - duplicates,
              events: report.events.length,
              skipped: report.skipped.length,
              duplicates,
            };
          });
          // storeReport cleared the memo before this transaction committed: clear it again now that it has
          invalidateAnalyses();
        } catch (err) {
          result = failure(item, err);
        }
      }
    }
    results.push(result);
    opts.onFile?.(result, i, plan.length);
  }
  const done = results.filter((r): r is Extract<BulkFileResult, { ok: true }> => r.ok);
  return {
    results,
    imported: done.length,
    failed: results.length - done.length,
    fills: done.reduce((sum, r) => sum + r.fills, 0),
    ms: Math.round(performance.now() - startedAt),
  };
}
