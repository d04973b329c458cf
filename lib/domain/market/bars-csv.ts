import { splitCsvLine } from "@/lib/domain/csv-line";
import { parseBarDate } from "@/lib/domain/market/bar-dates";
import { normalizeCode } from "@/lib/domain/market/codes";
import { codeFromFileName } from "@/lib/domain/market/file-code";
import { MarketDataRejected } from "@/lib/domain/market/rejected";
import type { DailyBar } from "@/lib/domain/market/types";

/**
 * Daily bars from a CSV file: header `date,open,high,low,close,volume[,amount]` (or the Chinese names, and an
 * optional `code` column); comma, tab or semicolon separated. Rows that fail a check are skipped with a reason.
 */

type Column = "date" | "open" | "high" | "low" | "close" | "volume" | "amount" | "code";

const HEADER_NAMES: Record<Column, readonly string[]> = {
  date: ["date", "日期", "交易日期", "trade_date", "tradedate", "时间"],
  open: ["open", "开盘", "开盘价", "今开"],
  high: ["high", "最高", "最高价"],
  low: ["low", "最低", "最低价"],
  close: ["close", "收盘", "收盘价"],
  volume: ["volume", "vol", "成交量"],
  amount: ["amount", "turnover", "成交额", "成交金额"],
  code: ["code", "symbol", "ts_code", "代码", "股票代码", "证券代码"],
};

const REQUIRED: readonly Column[] = ["date", "open", "high", "low", "close", "volume"];
const COLUMN_LABEL: Record<Column, string> = {
  date: "日期", open: "开盘", high: "最高", low: "最低", close: "收盘", volume: "成交量", amount: "成交额", code: "代码",
};

export interface BarsCsvResult {
  bars: DailyBar[];
  skipped: { line: number; reason: string }[];
}

function headerKey(cell: string): string {
  return cell.replace(/^\uFEFF/, "").replace(/[(（].*$/, "").trim().toLowerCase();
}

function findColumns(cells: string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    for (const column of Object.keys(HEADER_NAMES) as Column[]) {
      if (found[column] === undefined && HEADER_NAMES[column].includes(key)) found[column] = index;
    }
  });
  return found;
}

function parseNumber(raw: string): number | null {
  const text = raw.replace(/,/g, "").trim();
  if (text === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** a price on the 0.001 grid (funds quote three decimals), without float noise such as 10.050000000000001 */
function cleanPrice(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function readBarsCsv(text: string, fileName: string): BarsCsvResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== "");
  if (headerIndex < 0) throw new MarketDataRejected("文件是空的");
  const headerLine = lines[headerIndex] ?? "";
  const delimiter = headerLine.includes(",") ? "," : headerLine.includes("\t") ? "\t" : ";";
  const columns = findColumns(splitCsvLine(headerLine, delimiter));
  const missing = REQUIRED.filter((c) => columns[c] === undefined).map((c) => COLUMN_LABEL[c]);
  if (missing.length > 0) {
    throw new MarketDataRejected(`表头缺少列：${missing.join("、")}（需要 日期、开盘、最高、最低、收盘、成交量）`);
  }
  const fileCode = codeFromFileName(fileName);
  if (columns.code === undefined && fileCode === null) {
    throw new MarketDataRejected(`无法确定股票代码：文件里没有代码列，文件名“${fileName}”也不含六位代码`);
  }

  const bars: DailyBar[] = [];
  const skipped: BarsCsvResult["skipped"] = [];
  const seen = new Set<string>();

  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i] ?? "";
    if (raw.trim() === "") continue;
    const line = i + 1;
    const cells = splitCsvLine(raw, delimiter);
    const cell = (column: Column): string => {
      const index = columns[column];
      return index === undefined ? "" : (cells[index] ?? "");
    };
    const skip = (reason: string) => skipped.push({ line, reason });

    let code = fileCode;
    if (columns.code !== undefined) {
      code = normalizeCode(cell("code"));
      if (code === null) {
        skip(`股票代码无效：“${cell("code")}”`);
        continue;
      }
    }
    const date = parseBarDate(cell("date"));
    if (date === null) {
      skip(`日期无法识别：“${cell("date")}”`);
      continue;
    }
    const prices: Partial<Record<"open" | "high" | "low" | "close", number>> = {};
    let bad: string | null = null;
    for (const column of ["open", "high", "low", "close"] as const) {
      const value = parseNumber(cell(column));
      if (value === null || value <= 0) {
        bad = `${COLUMN_LABEL[column]}价不是正数：“${cell(column)}”`;
        break;
      }
      prices[column] = cleanPrice(value);
    }
    if (bad) {
      skip(bad);
      continue;
    }
    const { open = 0, high = 0, low = 0, close = 0 } = prices;
    if (high < Math.max(open, close)) {
      skip(`最高价 ${high} 低于开盘价或收盘价`);
      continue;
    }
    if (low > Math.min(open, close)) {
      skip(`最低价 ${low} 高于开盘价或收盘价`);
      continue;
    }
    const volume = parseNumber(cell("volume"));
    if (volume === null || volume < 0) {
      skip(`成交量不是非负数：“${cell("volume")}”`);
      continue;
    }
    let amount: number | null = null;
    if (columns.amount !== undefined && cell("amount") !== "") {
      amount = parseNumber(cell("amount"));
      if (amount === null || amount < 0) {
        skip(`成交额不是非负数：“${cell("amount")}”`);
        continue;
      }
    }
    const key = `${code}|${date}`;
    if (seen.has(key)) {
      skip(`日期重复：${date}`);
      continue;
    }
    seen.add(key);
    bars.push({ code: code ?? "", date, open, high, low, close, volume, amount });
  }

  bars.sort((a, b) => (a.code === b.code ? (a.date < b.date ? -1 : 1) : a.code < b.code ? -1 : 1));
  return { bars, skipped };
}
