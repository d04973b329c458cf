import { decodeText, rejectBiff, rejectPdf, sniff } from "@/lib/domain/statements/import/decode";
import { detectFormat, isUsableHeader, LOOKED_FOR, mapHeader, type ColumnMap } from "@/lib/domain/statements/import/header";
import { processRows } from "@/lib/domain/statements/import/process";
import { alignTokens, splitCells, splitLines, spaceTokens, type Delimiter, type RawRow } from "@/lib/domain/statements/import/table";
import { readXlsx } from "@/lib/domain/statements/import/xlsx";
import {
  DEFAULT_IMPORT_LIMITS,
  StatementRejected,
  type ImportLimits,
  type ImportReport,
  type StatementEncoding,
} from "@/lib/domain/statements/types";

/**
 * Reads a broker statement (交割单) into fills, events and skipped rows. Pure: bytes in, report out. Throws only
 * `StatementRejected`, for files that cannot be read at all; a row that cannot be read becomes a skipped row.
 */

/** Header rows are looked for in this many lines at the top of the file or sheet. */
const HEADER_SCAN = 200;

type TextDelimiter = Delimiter | "space1";

interface HeaderHit {
  index: number;
  map: ColumnMap;
}

function findHeader(rows: readonly string[][], limit = HEADER_SCAN): HeaderHit | null {
  let best: HeaderHit | null = null;
  for (let i = 0; i < Math.min(rows.length, limit); i += 1) {
    const cells = rows[i] as string[];
    if (cells.length < 3) continue;
    const map = mapHeader(cells);
    if (!isUsableHeader(map)) continue;
    if (!best || map.score > best.map.score) best = { index: i, map };
  }
  return best;
}

/** The line most like a header of the rows looked at (most columns this reader knows), for the refusal's message. */
function nearestHeader(rows: readonly string[][]): ColumnMap | null {
  let best: ColumnMap | null = null;
  for (const cells of rows.slice(0, HEADER_SCAN)) {
    if (cells.length < 3) continue;
    const map = mapHeader(cells);
    if (map.score > 0 && (!best || map.score > best.score)) best = map;
  }
  return best;
}

/** What a header needs and this one lacks, in the member's words. */
function missingColumns(map: ColumnMap): string[] {
  const f = map.fields;
  return [
    ...(f.date === undefined ? ["日期（成交日期、发生日期…）"] : []),
    ...(map.sideColumns.length === 0 ? ["买卖方向或业务名称（操作、买卖标志、业务名称…）"] : []),
    ...(f.code === undefined && f.name === undefined ? ["证券代码或证券名称"] : []),
    ...(f.quantity === undefined && f.amount === undefined && f.cash === undefined ? ["成交数量或金额"] : []),
  ];
}

const LISTED_COLUMNS = 16;

function noHeader(detail: string, nearest: ColumnMap | null): StatementRejected {
  const found = nearest ? nearest.names.filter((n) => n !== "") : [];
  const shown = found.slice(0, LISTED_COLUMNS).join("、") + (found.length > LISTED_COLUMNS ? ` 等 ${found.length} 列` : "");
  const what = nearest
    ? `文件里最像表头的一行是：${shown}，缺少${missingColumns(nearest).join("、")}。`
    : "";
  return new StatementRejected(
    "no_header",
    `没有找到交割单的表头。${what}需要包含这些列：${LOOKED_FOR}。请确认上传的是交易软件导出的历史成交/交割单。`,
    `no header row with date, side, code/name and quantity/amount columns (${detail}${nearest ? `; nearest: ${found.join("|")}` : ""})`,
  );
}

/** A 当日成交 / 当日委托 view whose times carry no day: what day each fill was is nowhere in the file. */
function undatedView(map: ColumnMap): StatementRejected {
  const found = map.names.filter((n) => n !== "");
  return new StatementRejected(
    "no_header",
    `这个文件像是当日成交或当日委托的查询结果：没有日期列，成交时间里也没有日期（文件的列：${found.slice(0, LISTED_COLUMNS).join("、")}）。请导出“历史成交”或“交割单”后再上传。`,
    `no date column and no date inside the time column (columns: ${found.join("|")})`,
  );
}

function splitText(line: string, delimiter: TextDelimiter): string[] {
  if (delimiter === "space1") return spaceTokens(line, 1).map((t) => t.text);
  return splitCells(line, delimiter);
}

interface Table {
  header: HeaderHit;
  rows: Iterable<RawRow>;
}

function textTable(text: string): Table {
  const lines = splitLines(text);
  const head = lines.slice(0, HEADER_SCAN);
  const delimiters: TextDelimiter[] = [];
  if (head.some((l) => l.includes("\t"))) delimiters.push("tab");
  if (head.some((l) => l.includes(","))) delimiters.push("comma");
  delimiters.push("space", "space1");
  let chosen: { delimiter: TextDelimiter; hit: HeaderHit } | null = null;
  for (const delimiter of delimiters) {
    const hit = findHeader(head.map((l) => splitText(l, delimiter)));
    if (hit && (!chosen || hit.map.score > chosen.hit.map.score)) chosen = { delimiter, hit };
  }
  if (!chosen) {
    const candidates = delimiters.map((d) => nearestHeader(head.map((l) => splitText(l, d)))).filter((m): m is ColumnMap => m !== null);
    const nearest = candidates.reduce<ColumnMap | null>((a, b) => (!a || b.score > a.score ? b : a), null);
    throw noHeader(`text, ${lines.length} lines, delimiters tried: ${delimiters.join("/")}`, nearest);
  }
  const { delimiter, hit } = chosen;
  const spaced = delimiter === "space" || delimiter === "space1";
  const minGap = delimiter === "space1" ? 1 : 2;
  const headerTokens = spaced ? spaceTokens(lines[hit.index] ?? "", minGap) : [];
  function* rows(): Generator<RawRow> {
    for (let i = hit.index + 1; i < lines.length; i += 1) {
      const line = lines[i] as string;
      if (line === "") continue;
      if (spaced) {
        const tokens = spaceTokens(line, minGap);
        yield { line: i + 1, cells: tokens.length === headerTokens.length ? tokens.map((t) => t.text) : alignTokens(headerTokens, tokens) };
      } else {
        yield { line: i + 1, cells: splitText(line, delimiter) };
      }
    }
  }
  return { header: hit, rows: rows() };
}

function xlsxTable(bytes: Uint8Array, limits: ImportLimits, tick: () => void): Table {
  const sheets = readXlsx(bytes, limits, tick);
  let chosen: { hit: HeaderHit; rows: RawRow[] } | null = null;
  for (const sheet of sheets) {
    const hit = findHeader(sheet.rows.map((r) => r.cells));
    if (hit && (!chosen || hit.map.score > chosen.hit.map.score)) chosen = { hit, rows: sheet.rows };
  }
  if (!chosen) {
    if (sheets.every((s) => s.rows.every((r) => r.cells.every((c) => c.trim() === "")))) throw emptyFile("xlsx has no cells");
    const nearest = sheets.map((sheet) => nearestHeader(sheet.rows.map((r) => r.cells))).reduce<ColumnMap | null>((a, b) => (b && (!a || b.score > a.score) ? b : a), null);
    throw noHeader(`xlsx, sheets: ${sheets.map((s) => s.name).join(", ")}`, nearest);
  }
  return { header: chosen.hit, rows: chosen.rows.slice(chosen.hit.index + 1) };
}

function timeoutError(limits: ImportLimits, where: string): StatementRejected {
  return new StatementRejected(
    "timeout",
    "读取交割单超时，文件可能过大或格式异常。请缩短导出的时间范围后重试。",
    `reading exceeded ${limits.timeLimitMs} ms ${where}`,
  );
}

function emptyFile(detail: string): StatementRejected {
  return new StatementRejected("empty", "上传的文件是空的。请重新导出交割单后再上传。", detail);
}

export function readStatement(
  bytes: Uint8Array,
  fileName: string,
  limits?: Partial<ImportLimits>,
  clock: () => number = () => Date.now(),
): ImportReport {
  const lim: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...limits };
  const startedAt = clock();
  if (bytes.length === 0) throw emptyFile(`${fileName}: 0 bytes`);
  if (bytes.length > lim.maxBytes) {
    throw new StatementRejected(
      "too_large",
      `文件过大（${(bytes.length / 1024 / 1024).toFixed(1)} MB，上限 ${(lim.maxBytes / 1024 / 1024).toFixed(0)} MB）。请缩短导出的时间范围后再上传。`,
      `${fileName}: ${bytes.length} bytes > maxBytes ${lim.maxBytes}`,
    );
  }
  const kind = sniff(bytes);
  if (kind === "biff") throw rejectBiff();
  if (kind === "pdf") throw rejectPdf();

  let table: Table;
  let encoding: StatementEncoding;
  const notes: string[] = [];
  if (kind === "xlsx") {
    table = xlsxTable(bytes, lim, () => {
      if (clock() - startedAt > lim.timeLimitMs) throw timeoutError(lim, "while reading the xlsx sheets");
    });
    encoding = "xlsx";
  } else {
    const decoded = decodeText(bytes);
    if (!/[^\s\u0000\ufeff]/.test(decoded.text)) throw emptyFile(`${fileName}: only whitespace`);
    notes.push(...decoded.notes);
    encoding = decoded.encoding;
    table = textTable(decoded.text);
  }
  if (clock() - startedAt > lim.timeLimitMs) throw timeoutError(lim, "before the rows");
  const format = detectFormat(table.header.map.names);
  const result = processRows(table.header.map, table.rows, { limits: lim, clock, startedAt });
  if (table.header.map.fields.date === undefined && result.fills.length + result.events.length === 0 && result.skipped.length > 0) throw undatedView(table.header.map);
  return {
    format: format.id,
    formatLabel: format.label,
    encoding,
    rowCount: result.rowCount,
    fills: result.fills,
    events: result.events,
    skipped: result.skipped,
    warnings: [...notes, ...result.warnings],
    feeBasis: result.feeBasis,
    unreconciled: result.unreconciled,
  };
}

export { DEFAULT_IMPORT_LIMITS, StatementRejected } from "@/lib/domain/statements/types";
export { detectFormat, FORMATS } from "@/lib/domain/statements/import/header";
export { parseDate, parseNumber, parseTime, stripCell } from "@/lib/domain/statements/import/cells";
