/**
 * The CSV files an editor imports for a strategy: NAV (`date,nav`) and fills (`date,time,code,name,side,quantity,price`),
 * with a header row, UTF-8 or GB18030. Columns are found by their header (English or the usual Chinese names), so
 * their order is free. Every bad line is reported with its line number; the caller stores nothing when any line is bad.
 * The field rules are those of the ingest API (ingest-schema.ts). Pure: no I/O.
 */
import { splitCsvLine } from "@/lib/domain/csv-line";
import { decodeText, type DecodedText } from "@/lib/domain/statements/import/decode";
import { fieldSchemas, type FillInput, type NavInput } from "./ingest-schema";

export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_CSV_ROWS = 100_000;

export interface CsvLineError {
  /** 1-based line number in the file (the header is line 1 when it comes first) */
  line: number;
  message: string;
}

export interface CsvRow<T> {
  line: number;
  value: T;
}

export interface CsvRead<T> {
  rows: CsvRow<T>[];
  errors: CsvLineError[];
  encoding: DecodedText["encoding"];
  /** lines repeating an earlier line of the file exactly (same date and value / same fill) */
  repeats: number;
}

const NAV_COLUMNS = {
  date: ["date", "日期", "交易日", "交易日期", "净值日期"],
  nav: ["nav", "净值", "单位净值"],
} as const;

const FILL_COLUMNS = {
  id: ["id", "编号", "成交编号"],
  date: ["date", "日期", "成交日期", "交易日期"],
  time: ["time", "时间", "成交时间"],
  code: ["code", "代码", "证券代码", "股票代码"],
  name: ["name", "名称", "证券名称", "股票名称"],
  side: ["side", "方向", "买卖", "买卖方向", "操作"],
  quantity: ["quantity", "数量", "成交数量"],
  price: ["price", "价格", "成交价格", "成交均价", "成交价"],
} as const;

const SIDES: Record<string, "buy" | "sell"> = { buy: "buy", sell: "sell", 买入: "buy", 卖出: "sell", 买: "buy", 卖: "sell", b: "buy", s: "sell" };

/** `YYYY-MM-DD`, `YYYY/MM/DD`, `YYYY/M/D` or `YYYYMMDD` → `YYYY-MM-DD` (not checked further here). */
export function normalizeCsvDate(value: string): string {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const parts = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (parts) return `${parts[1]}-${parts[2]!.padStart(2, "0")}-${parts[3]!.padStart(2, "0")}`;
  return value;
}

/** A plain decimal (thousands separators allowed) → number; anything else → NaN, which the schema refuses. */
function csvNumber(value: string): number {
  const plain = value.replace(/,/g, "");
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : NaN;
}

/**
 * A stock code as exported: "600519", "600519.SH", "SH600519", Excel's `="000001"`, or a 深市 code that lost its
 * leading zeros in Excel ("1" → "000001", "2594" → "002594"; only when the result starts with "00", so a mistyped
 * "60051" stays wrong).
 */
function csvCode(value: string): string {
  const v = value.replace(/^="?|"$/g, "").trim();
  const m = /^(?:(?:SH|SZ|BJ)\.?)?(\d{1,6})(?:\.(?:SH|SZ|BJ))?$/i.exec(v);
  if (!m) return v;
  if (m[1]!.length === 6) return m[1]!;
  const padded = m[1]!.padStart(6, "0");
  return /^\d+$/.test(v) && padded.startsWith("00") ? padded : v;
}

interface Table {
  header: string[];
  headerLine: number;
  rows: { line: number; cells: string[] }[];
}

function readTable(text: string, errors: CsvLineError[]): Table | null {
  const lines = text.split(/\r\n|\r|\n/);
  let headerLine = 0;
  let header: string[] | null = null;
  let delimiter = ",";
  const rows: Table["rows"] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "" || /^[,\t\s]*$/.test(raw)) continue;
    if (!header) {
      delimiter = raw.includes("\t") && !raw.includes(",") ? "\t" : ",";
      header = splitCsvLine(raw, delimiter).map((h) => h.replace(/^\uFEFF/, "").trim().toLowerCase());
      headerLine = i + 1;
      continue;
    }
    rows.push({ line: i + 1, cells: splitCsvLine(raw, delimiter) });
    if (rows.length > MAX_CSV_ROWS) {
      errors.push({ line: i + 1, message: `文件超过 ${MAX_CSV_ROWS} 行，请分段导入` });
      return null;
    }
  }
  if (!header) {
    errors.push({ line: 1, message: "文件是空的：第一行应为表头" });
    return null;
  }
  return { header, headerLine, rows };
}

function columnsOf<K extends string>(table: Table, spec: Record<K, readonly string[]>, required: readonly K[], errors: CsvLineError[]): Record<K, number> | null {
  const found = {} as Record<K, number>;
  for (const key of Object.keys(spec) as K[]) found[key] = table.header.findIndex((h) => spec[key].includes(h));
  const missing = required.filter((k) => found[k] < 0);
  if (missing.length > 0) {
    errors.push({
      line: table.headerLine,
      message: `表头缺少列：${missing.join(", ")}（表头应为 ${required.join(",")}）/ header is missing: ${missing.join(", ")}`,
    });
    return null;
  }
  return found;
}

const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? "") : "");

/** Reads a `date,nav` file. Repeated dates with the same value collapse; with another value they are errors. */
export function readNavCsv(bytes: Uint8Array, today: string): CsvRead<NavInput> {
  const { text, encoding } = decodeText(bytes);
  const errors: CsvLineError[] = [];
  const rows: CsvRow<NavInput>[] = [];
  let repeats = 0;
  const table = readTable(text, errors);
  const cols = table && columnsOf<keyof typeof NAV_COLUMNS>(table, NAV_COLUMNS, ["date", "nav"], errors);
  if (!table || !cols) return { rows, errors, encoding, repeats };
  const f = fieldSchemas(today);
  const byDate = new Map<string, CsvRow<NavInput>>();
  for (const { line, cells } of table.rows) {
    const problems: string[] = [];
    const date = f.date.safeParse(normalizeCsvDate(cell(cells, cols.date)));
    if (!date.success) problems.push(`“${cell(cells, cols.date)}”：${date.error.issues[0]!.message}`);
    const nav = f.nav.safeParse(csvNumber(cell(cells, cols.nav)));
    if (!nav.success) problems.push(`“${cell(cells, cols.nav)}”：${nav.error.issues[0]!.message}`);
    if (!date.success || !nav.success) {
      errors.push({ line, message: problems.join("；") });
      continue;
    }
    const earlier = byDate.get(date.data);
    if (earlier) {
      if (earlier.value.nav === nav.data) repeats++;
      else errors.push({ line, message: `日期 ${date.data} 在第 ${earlier.line} 行已出现，净值不同 / date repeated with another value` });
      continue;
    }
    const row = { line, value: { id: null, date: date.data, nav: nav.data } };
    byDate.set(date.data, row);
    rows.push(row);
  }
  return { rows, errors, encoding, repeats };
}

/**
 * Reads a fills file. Without an `id` column each fill gets an id made of its content and its occurrence in the file
 * (`csv:2024-01-02|09:35:00|600519|buy|100|1700#1`), so importing the same or an overlapping file again skips the
 * fills already stored while two identical fills of one file both count.
 */
export function readFillsCsv(bytes: Uint8Array, today: string): CsvRead<FillInput> {
  const { text, encoding } = decodeText(bytes);
  const errors: CsvLineError[] = [];
  const rows: CsvRow<FillInput>[] = [];
  const table = readTable(text, errors);
  const cols = table && columnsOf<keyof typeof FILL_COLUMNS>(table, FILL_COLUMNS, ["date", "time", "code", "name", "side", "quantity", "price"], errors);
  if (!table || !cols) return { rows, errors, encoding, repeats: 0 };
  const f = fieldSchemas(today);
  const occurrences = new Map<string, number>();
  const byId = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const problems: string[] = [];
    const check = <T>(label: string, raw: string, result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T | undefined => {
      if (result.success) return result.data;
      problems.push(`${label}“${raw}”：${result.error.issues[0]!.message}`);
      return undefined;
    };
    const rawSide = cell(cells, cols.side);
    const date = check("日期", cell(cells, cols.date), f.date.safeParse(normalizeCsvDate(cell(cells, cols.date))));
    const time = check("时间", cell(cells, cols.time), f.time.safeParse(cell(cells, cols.time)));
    const code = check("代码", cell(cells, cols.code), f.code.safeParse(csvCode(cell(cells, cols.code))));
    const name = check("名称", cell(cells, cols.name), f.name.safeParse(cell(cells, cols.name)));
    const side = check("方向", rawSide, f.side.safeParse(SIDES[rawSide.toLowerCase()] ?? rawSide));
    if (side === undefined) problems[problems.length - 1] = `方向“${rawSide}”：须为 买入/卖出/buy/sell / side must be 买入, 卖出, buy or sell`;
    const quantity = check("数量", cell(cells, cols.quantity), f.quantity.safeParse(csvNumber(cell(cells, cols.quantity))));
    const price = check("价格", cell(cells, cols.price), f.price.safeParse(csvNumber(cell(cells, cols.price))));
    const givenId = cell(cells, cols.id);
    const id = givenId ? check("编号", givenId, f.id.safeParse(givenId)) : "";
    if (problems.length > 0 || date === undefined || time === undefined || code === undefined || name === undefined || side === undefined || quantity === undefined || price === undefined || id === undefined) {
      errors.push({ line, message: problems.join("；") });
      continue;
    }
    let externalId = id;
    if (!externalId) {
      const content = `csv:${date}|${time ?? ""}|${code}|${side}|${quantity}|${price}`;
      const n = (occurrences.get(content) ?? 0) + 1;
      occurrences.set(content, n);
      externalId = `${content}#${n}`;
    } else if (byId.has(externalId)) {
      errors.push({ line, message: `编号 ${externalId} 在第 ${byId.get(externalId)} 行已出现 / id repeated in the file` });
      continue;
    }
    byId.set(externalId, line);
    rows.push({ line, value: { id: externalId, date, time, code, name, side, quantity, price } });
  }
  return { rows, errors, encoding, repeats: 0 };
}

export { splitCsvLine };
