import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { db, type Database } from "@/lib/db";
import { MAX_CSV_BYTES, readFillsCsv, readNavCsv, type CsvLineError, type CsvRead } from "@/lib/domain/quant/ingest-csv";
import { shanghaiToday } from "@/lib/domain/quant/ingest-schema";
import { readUploadForm } from "@/lib/domain/multipart";
import { isTextFile, uploadLabel } from "@/lib/domain/upload-files";
import { assertAdminRights, type Actor } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { fail } from "@/lib/server/http/fail";
import { logger } from "@/lib/server/logger";
import { readBodyBytes } from "@/lib/server/request-body";
import { findStrategy } from "./find-strategy";
import { storeFills, storeNav } from "./ingest";

/**
 * CSV imports for a strategy (the CLI and the /admin/strategies uploads): the whole file is read and checked first,
 * every bad line is reported with its number and nothing is stored when any line is bad; otherwise one transaction
 * stores the new rows, and rows already stored (same date and value / same fill) are skipped and counted.
 */

export type CsvImportResult =
  | { ok: true; added: number; duplicates: number; rows: number; encoding: "utf-8" | "gb18030" | "utf-16le" | "utf-16be" }
  | { ok: false; reason: "missing" | "empty" | "too-large" | "bad-lines"; message: string; errors: CsvLineError[] };

export const CSV_TOO_LARGE = `文件过大：最大 ${MAX_CSV_BYTES / 1024 / 1024} MB，请分段导入`;

function refuse(errors: CsvLineError[]): CsvImportResult {
  return { ok: false, reason: "bad-lines", message: `有 ${errors.length} 行无法导入，未保存任何数据`, errors };
}

/** Lines dated before the strategy's start date are bad lines too. */
function checkStart<T extends { date: string }>(read: CsvRead<T>, startDate: string): CsvLineError[] {
  const early = read.rows.filter((r) => r.value.date < startDate).map((r) => ({ line: r.line, message: `日期 ${r.value.date} 早于策略开始日期 ${startDate}` }));
  return [...read.errors, ...early].sort((a, b) => a.line - b.line);
}

async function importCsv<T extends { date: string }>(
  actor: Actor | null,
  guid: string,
  bytes: Uint8Array,
  read: (bytes: Uint8Array, today: string) => CsvRead<T>,
  store: (tx: Database, guid: string, items: T[]) => Promise<{ added: number; duplicates: number; lineConflicts: CsvLineError[] }>,
  opts: { now?: Date; database?: Database },
): Promise<CsvImportResult> {
  if (bytes.byteLength > MAX_CSV_BYTES) return { ok: false, reason: "too-large", message: CSV_TOO_LARGE, errors: [] };
  const database = opts.database ?? (await db());
  const startDate = (await findStrategy(actor, guid, database))?.startDate;
  if (!startDate) return { ok: false, reason: "missing", message: "策略不存在", errors: [] };
  const parsed = read(bytes, shanghaiToday(opts.now));
  const errors = checkStart(parsed, startDate);
  if (errors.length > 0) return refuse(errors);
  if (parsed.rows.length === 0) return { ok: false, reason: "empty", message: "文件中没有数据行（第一行应为表头）", errors: [] };

  class Refused extends Error {
    constructor(readonly errors: CsvLineError[]) {
      super("csv conflicts");
    }
  }
  try {
    const out = await database.transaction(async (tx) => {
      const stored = await store(tx, guid, parsed.rows.map((r) => r.value));
      if (stored.lineConflicts.length > 0) throw new Refused(stored.lineConflicts);
      return stored;
    });
    return { ok: true, added: out.added, duplicates: out.duplicates + parsed.repeats, rows: parsed.rows.length + parsed.repeats, encoding: parsed.encoding };
  } catch (err) {
    if (err instanceof Refused) return refuse(err.errors);
    throw err;
  }
}

/** `date,nav` rows; a date already stored with another value is a bad line (live records are append-only). Administrators only. */
export async function importNavCsv(actor: Actor | null, guid: string, bytes: Uint8Array, opts: { now?: Date; database?: Database } = {}): Promise<CsvImportResult> {
  assertAdminRights(actor);
  let lineOf = new Map<string, number>();
  return importCsv(
    actor,
    guid,
    bytes,
    (b, today) => {
      const read = readNavCsv(b, today);
      lineOf = new Map(read.rows.map((r) => [r.value.date, r.line]));
      return read;
    },
    async (tx, g, points) => {
      const out = await storeNav(tx, g, points);
      const lineConflicts = out.conflicts.map((date) => ({ line: lineOf.get(date) ?? 0, message: `日期 ${date} 已有不同的净值，不能覆盖（实盘记录只追加）` }));
      return { added: out.added, duplicates: out.duplicates, lineConflicts };
    },
    opts,
  );
}

/** `date,time,code,name,side,quantity,price` rows (an optional `id` column names each fill). Administrators only. */
export async function importFillsCsv(actor: Actor | null, guid: string, bytes: Uint8Array, opts: { now?: Date; database?: Database } = {}): Promise<CsvImportResult> {
  assertAdminRights(actor);
  let lineOf = new Map<string, number>();
  return importCsv(
    actor,
    guid,
    bytes,
    (b, today) => {
      const read = readFillsCsv(b, today);
      lineOf = new Map(read.rows.map((r) => [r.value.id, r.line]));
      return read;
    },
    async (tx, g, fills) => {
      const out = await storeFills(tx, g, fills);
      const lineConflicts = out.conflicts.map((id) => ({ line: lineOf.get(id) ?? 0, message: `编号 ${id} 已导入过，内容不同` }));
      return { added: out.added, duplicates: out.duplicates, lineConflicts };
    },
    opts,
  );
}

export type CsvUpload = { ok: true; bytes: Uint8Array; fileName: string } | { ok: false; status: number; message: string };

/** Multipart overhead allowed on top of the file. */
const FORM_OVERHEAD = 64 * 1024;
/** The largest request body a CSV upload may have. */
export const CSV_UPLOAD_LIMIT = MAX_CSV_BYTES + FORM_OVERHEAD;
export const NOT_A_CSV = "文件不是 CSV 文本，请上传逗号分隔的 .csv 文件";

/** Reads a multipart CSV upload (`file`), refusing an oversized body before reading it whole and bytes that are not text (415). */
export async function readCsvUpload(req: { headers: Headers; body: ReadableStream<Uint8Array> | null }): Promise<CsvUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) return { ok: false, status: 415, message: "请选择要上传的 CSV 文件" };
  const raw = await readBodyBytes(req, CSV_UPLOAD_LIMIT);
  if (!raw) return { ok: false, status: 413, message: CSV_TOO_LARGE };
  const form = readUploadForm(raw, contentType, "file", 200);
  if (!form) return { ok: false, status: 400, message: "上传内容无效，请重新选择文件" };
  const { file } = form;
  if (!file || file.bytes.byteLength === 0) return { ok: false, status: 400, message: "请选择要上传的 CSV 文件（文件不能为空）" };
  if (file.bytes.byteLength > MAX_CSV_BYTES) return { ok: false, status: 413, message: CSV_TOO_LARGE };
  const bytes = file.bytes;
  if (!isTextFile(bytes)) return { ok: false, status: 415, message: NOT_A_CSV };
  return { ok: true, bytes, fileName: uploadLabel(file.name, "upload.csv") };
}

/** At most this many bad lines go back to the browser (the CLI prints them all). */
export const ERRORS_SHOWN = 200;

/**
 * The answer to an administrator's upload of a strategy's NAV or fills CSV (multipart `file`; the route checked origin,
 * role and guid): 404 unknown strategy; 200 `{message, added, duplicates, rows, encoding}`; 400 `{message,
 * errors:[{line, message}], errorsTotal}` when any line is bad (nothing stored).
 */
export async function answerCsvUpload(viewer: Viewer, guid: string, req: NextRequest, kind: "nav" | "fills"): Promise<Response> {
  const upload = await readCsvUpload(req);
  if (!upload.ok) return fail(upload.status, upload.message);
  const result = kind === "nav" ? await importNavCsv(viewer, guid, upload.bytes) : await importFillsCsv(viewer, guid, upload.bytes);
  const noStore = { "Cache-Control": "no-store" };
  if (!result.ok) {
    if (result.reason === "missing") throw new AppError("not_found", "策略不存在");
    if (result.reason === "too-large") throw new AppError("too_large", result.message);
    return NextResponse.json({ message: result.message, errors: result.errors.slice(0, ERRORS_SHOWN), errorsTotal: result.errors.length }, { status: 400, headers: noStore });
  }
  const what = kind === "nav" ? "个净值点" : "笔成交";
  logger().info({ guid, kind, file: upload.fileName, added: result.added, duplicates: result.duplicates, by: viewer.userId }, "strategy csv imported");
  return NextResponse.json(
    {
      message: `已导入 ${result.added} ${what}${result.duplicates > 0 ? `，${result.duplicates} 行已存在，已跳过` : ""}`,
      added: result.added,
      duplicates: result.duplicates,
      rows: result.rows,
      encoding: result.encoding,
    },
    { headers: noStore },
  );
}
