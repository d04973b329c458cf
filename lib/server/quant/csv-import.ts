import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { db, type Database } from "@/lib/db";
import { MAX_CSV_BYTES, readFillsCsv, readNavCsv, type CsvLineError, type CsvRead } from "@/lib/domain/quant/ingest-csv";
import { shanghaiToday, type FillInput, type NavInput } from "@/lib/domain/quant/ingest-schema";
import { isTextFile, uploadLabel } from "@/lib/domain/upload-files";
import { assertAdminRights, type Actor } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { readFileUpload } from "@/lib/server/file-upload";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import type { BodySource } from "@/lib/server/request-body";
import { findStrategy } from "./find-strategy";
import { storeFills, storeNav, type StoreOutcome } from "./ingest";

/**
 * CSV imports for a strategy (the CLI and the /admin/strategies uploads): the whole file is read and checked first,
 * every bad line is reported with its number and nothing is stored when any line is bad; otherwise one transaction
 * stores the new rows, and rows already stored (same date and value / same fill) are skipped and counted.
 * Refusals are thrown as AppError: 413 too large, 404 no such strategy, `CsvLinesRefused` (400) for bad lines or none.
 */

export interface CsvImported {
  added: number;
  duplicates: number;
  rows: number;
  encoding: CsvRead<unknown>["encoding"];
}

export const CSV_TOO_LARGE = `文件过大：最大 ${MAX_CSV_BYTES / 1024 / 1024} MB，请分段导入`;
/** At most this many bad lines go back to the browser (the CLI prints them all). */
export const ERRORS_SHOWN = 200;

/** The file stores nothing: its bad lines (every one in `lines`, the first ERRORS_SHOWN answered), or it has no data row. */
export class CsvLinesRefused extends AppError {
  constructor(
    readonly lines: CsvLineError[],
    message = `有 ${lines.length} 行无法导入，未保存任何数据`,
  ) {
    super("invalid", message, { "Cache-Control": "no-store" }, { errors: lines.slice(0, ERRORS_SHOWN), errorsTotal: lines.length });
    this.name = "CsvLinesRefused";
  }
}

/** What differs between the NAV and the fills files: how they are read, stored, and how a stored conflict is named. */
interface CsvKind<T extends { date: string }> {
  read: (bytes: Uint8Array, today: string) => CsvRead<T>;
  store: (tx: Database, guid: string, items: T[]) => Promise<StoreOutcome>;
  /** what `store` names a conflict by: the date (NAV) or the fill's id */
  keyOf: (item: T) => string;
  conflict: (key: string) => string;
}

const NAV: CsvKind<NavInput> = {
  read: readNavCsv,
  store: storeNav,
  keyOf: (point) => point.date,
  conflict: (date) => `日期 ${date} 已有不同的净值，不能覆盖（实盘记录只追加）`,
};

const FILLS: CsvKind<FillInput> = {
  read: readFillsCsv,
  store: storeFills,
  keyOf: (fill) => fill.id,
  conflict: (id) => `编号 ${id} 已导入过，内容不同`,
};

/** Lines dated before the strategy's start date are bad lines too. */
function checkStart<T extends { date: string }>(read: CsvRead<T>, startDate: string): CsvLineError[] {
  const early = read.rows.filter((r) => r.value.date < startDate).map((r) => ({ line: r.line, message: `日期 ${r.value.date} 早于策略开始日期 ${startDate}` }));
  return [...read.errors, ...early].sort((a, b) => a.line - b.line);
}

async function importCsv<T extends { date: string }>(kind: CsvKind<T>, actor: Actor | null, guid: string, bytes: Uint8Array, opts: CsvImportOptions): Promise<CsvImported> {
  assertAdminRights(actor);
  if (bytes.byteLength > MAX_CSV_BYTES) throw new AppError("too_large", CSV_TOO_LARGE);
  const database = opts.database ?? (await db());
  const startDate = (await findStrategy(actor, guid, database))?.startDate;
  if (!startDate) throw new AppError("not_found", "策略不存在");
  const parsed = kind.read(bytes, shanghaiToday(opts.now));
  const errors = checkStart(parsed, startDate);
  if (errors.length > 0) throw new CsvLinesRefused(errors);
  if (parsed.rows.length === 0) throw new CsvLinesRefused([], "文件中没有数据行（第一行应为表头）");
  const lineOf = new Map(parsed.rows.map((r) => [kind.keyOf(r.value), r.line]));
  const stored = await database.transaction(async (tx) => {
    const out = await kind.store(tx, guid, parsed.rows.map((r) => r.value));
    // Thrown inside the transaction, so it rolls back.
    if (out.conflicts.length > 0) throw new CsvLinesRefused(out.conflicts.map((key) => ({ line: lineOf.get(key) ?? 0, message: kind.conflict(key) })));
    return out;
  });
  return { added: stored.added, duplicates: stored.duplicates + parsed.repeats, rows: parsed.rows.length + parsed.repeats, encoding: parsed.encoding };
}

export interface CsvImportOptions {
  now?: Date;
  database?: Database;
}

/** `date,nav` rows; a date already stored with another value is a bad line (live records are append-only). Administrators only. */
export function importNavCsv(actor: Actor | null, guid: string, bytes: Uint8Array, opts: CsvImportOptions = {}): Promise<CsvImported> {
  return importCsv(NAV, actor, guid, bytes, opts);
}

/** `date,time,code,name,side,quantity,price` rows (an optional `id` column names each fill). Administrators only. */
export function importFillsCsv(actor: Actor | null, guid: string, bytes: Uint8Array, opts: CsvImportOptions = {}): Promise<CsvImported> {
  return importCsv(FILLS, actor, guid, bytes, opts);
}

/** Multipart overhead allowed on top of the file. */
const FORM_OVERHEAD = 64 * 1024;
/** The largest request body a CSV upload may have. */
export const CSV_UPLOAD_LIMIT = MAX_CSV_BYTES + FORM_OVERHEAD;
export const NOT_A_CSV = "文件不是 CSV 文本，请上传逗号分隔的 .csv 文件";

/**
 * Reads a multipart CSV upload (`file`), refusing an oversized body before reading it whole and bytes that are not
 * text (415); every refusal is an AppError (see readFileUpload).
 */
export async function readCsvUpload(req: BodySource): Promise<{ bytes: Uint8Array; fileName: string }> {
  const file = await readFileUpload(req, { maxBytes: CSV_UPLOAD_LIMIT, tooLarge: CSV_TOO_LARGE, chooseFile: "请选择要上传的 CSV 文件" });
  if (file.bytes.byteLength > MAX_CSV_BYTES) throw new AppError("too_large", CSV_TOO_LARGE);
  if (!isTextFile(file.bytes)) throw new AppError("unsupported", NOT_A_CSV);
  return { bytes: file.bytes, fileName: uploadLabel(file.name, "upload.csv") };
}

/**
 * The answer to an administrator's upload of a strategy's NAV or fills CSV (multipart `file`; the route checked origin,
 * role and guid): 200 `{message, added, duplicates, rows, encoding}`; refusals are thrown (404 unknown strategy; 400
 * `{message, errors:[{line, message}], errorsTotal}` when any line is bad, nothing stored).
 */
export async function answerCsvUpload(viewer: Viewer, guid: string, req: NextRequest, kind: "nav" | "fills"): Promise<Response> {
  const upload = await readCsvUpload(req);
  const result = kind === "nav" ? await importNavCsv(viewer, guid, upload.bytes) : await importFillsCsv(viewer, guid, upload.bytes);
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
    { headers: { "Cache-Control": "no-store" } },
  );
}
