import type { Currency } from "@/lib/domain/market/types";
import { decimalToFen, numberText, parseNumber, parseTime, stripCell } from "@/lib/domain/statements/import/cells";
import { isBlankSide, type Classified } from "@/lib/domain/statements/import/classify";
import { cellAt, numberAt, type Columns } from "@/lib/domain/statements/import/phases/columns";
import { classifyText, dateOf, isBare, isHongKongMarket, needsDetail } from "@/lib/domain/statements/import/phases/lookups";
import { isRepeatedRow } from "@/lib/domain/statements/import/phases/repeats";
import type { ImportState, Row } from "@/lib/domain/statements/import/phases/state";
import type { RawRow } from "@/lib/domain/statements/import/table";

/** Phase 1, per line: the cells of a data row read once into a Row; summary and repeated header lines are none. */

const SUMMARY_LINE = /^(?:合计|总计|小计|汇总|共计?\s*\d+\s*[条笔行项]|本页|以下|注[:：]|说明|备注[:：]|查询|打印|导出)/;
const HKD_TEXT = /港币|港元|HKD/i;
const USD_TEXT = /美元|USD/i;
const REMARK_RATE = /汇率[:：]\s*(\d+(?:\.\d+)?)/;
/** shared by every row no business column names */
const UNKNOWN_BUSINESS: Classified = Object.freeze({ type: "unknown" });

function currencyOfText(text: string): Currency {
  if (text === "") return "CNY";
  if (HKD_TEXT.test(text)) return "HKD";
  if (USD_TEXT.test(text)) return "USD";
  return "CNY";
}

/** A usable HKD→CNY rate: positive and not the 1.0 an RMB row carries in a 结算汇率 column. */
function usableRate(value: number): number | null {
  return Number.isFinite(value) && value > 0 && value !== 1 ? value : null;
}

/** Unquotes the used cells in place (the splitter's own array); false for a line that is no data row. */
export function isDataLine(state: ImportState, cells: string[]): boolean {
  const { columns } = state;
  // Only the columns this reader uses are unquoted; the rest only need to be told empty from not.
  for (const at of columns.used) if (at < cells.length) cells[at] = stripCell(cells[at] as string);
  let filled = 0;
  let first = "";
  for (const c of cells) {
    if (c === "" || c === '=""' || (c.charCodeAt(0) <= 0x20 && stripCell(c) === "")) continue;
    if (filled === 0) first = stripCell(c);
    filled += 1;
  }
  // a 合计 / 共 N 条 line, unless it carries a real date (a stock may be called 共达电声)
  if (filled < 3 || (SUMMARY_LINE.test(first) && !dateOf(state.lookups, cellAt(columns, cells, "date")))) return false;
  const at = columns.fields.date;
  return !(at !== undefined && (cells[at] ?? "").replace(/\s+/g, "") === columns.dateHeader); // repeated header
}

/**
 * The first business column that says something decides. Never a bare 买入/卖出 of a later column after an unknown
 * name (交收资金冻结 on a 买卖标志 买入 is no trade); a bare 买入/卖出 first is refined by a later column (备注: 融券购回,
 * 港股通组合费, 资金冻结) when the row has no security, a repo or a subscription code — and on a stock's row when the
 * later column names what is no trade of that stock however it is flagged: a dividend or its tax, interest, bonus
 * shares, new shares and their allotment or subscription (股息红利税补 or 新股入账 flagged 买入).
 */
function namesNoTradeOfAStock(c: Classified): boolean {
  if (c.type === "ipo_arrival" || c.type === "ipo_payment") return true;
  return c.type === "event" && ["dividend", "dividend_tax", "interest", "bonus_shares", "allotment", "ignore"].includes(c.kind);
}

function businessOf(state: ImportState, cells: readonly string[]): { business: string; classified: Classified } {
  const { columns, lookups } = state;
  const detailCode = needsDetail(lookups, cellAt(columns, cells, "code"));
  let business = "";
  let classified: Classified = UNKNOWN_BUSINESS;
  for (const at of columns.map.sideColumns) {
    const text = cells[at] ?? "";
    if (text === "" || (text.charCodeAt(0) < 0x80 && text.length <= 4 && isBlankSide(text))) continue;
    const c = classifyText(lookups, text);
    if (business === "") {
      business = text;
      classified = c;
      const refine = c.type === "trade" && isBare(lookups, text);
      if (c.type !== "unknown" && !refine) break;
      continue;
    }
    if (classified.type === "unknown") {
      if (c.type === "unknown" || isBare(lookups, text)) continue;
    } else if (c.type === "unknown" || c.type === "trade" || (!detailCode && !namesNoTradeOfAStock(c))) continue;
    business = text;
    classified = c;
    break;
  }
  return { business, classified };
}

function fxRateOf(columns: Columns, cells: readonly string[], remark: string): number | null {
  let fxRate: number | null = null;
  if (columns.fields.fxRate !== undefined) {
    const rate = parseNumber(cellAt(columns, cells, "fxRate"));
    if (rate.kind === "ok") fxRate = usableRate(rate.value);
  }
  if (fxRate === null && remark.includes("汇率")) {
    const m = REMARK_RATE.exec(remark);
    if (m) fxRate = usableRate(Number(m[1]));
  }
  return fxRate;
}

/** The running balance is checked in RMB only (a B-share or HKD row keeps its own balance). */
function recordBalanceRow(state: ImportState, line: number, cells: readonly string[]): void {
  const { balanceColumns, fields } = state.columns;
  if (balanceColumns.length === 0 || fields.cash === undefined) return;
  const rows = state.balanceRows;
  const c = numberText(cells[fields.cash] ?? "");
  rows.lines.push(line);
  rows.nets.push(c ? decimalToFen(c) : 0);
  for (const col of balanceColumns) {
    const b = numberText(cells[col.index] ?? "");
    rows.balances.push(b ? decimalToFen(b) : null);
  }
}

function timeOf(columns: Columns, cells: readonly string[], dateText: string): string | null {
  let time = columns.fields.time !== undefined ? parseTime(cellAt(columns, cells, "time")) : null;
  if (columns.fields.time === undefined && /\d:\d\d/.test(dateText)) time = parseTime(dateText);
  return time === "00:00:00" ? null : time;
}

/** The data row of a line, or null for a line that is none; counts the data rows. */
export function readRow(state: ImportState, raw: RawRow): Row | null {
  const cells = raw.cells;
  if (!isDataLine(state, cells)) return null;
  state.rowCount += 1;
  const { columns, lookups } = state;
  let { business, classified } = businessOf(state, cells);
  // before its balance joins the chain: a repeated block would restart it
  if (isRepeatedRow(state, raw.line, cells, classified)) return null;
  const remark = cellAt(columns, cells, "remark");
  const fxRate = fxRateOf(columns, cells, remark);
  const currency = columns.fields.currency === undefined ? "CNY" : currencyOfText(cellAt(columns, cells, "currency").replace(/\s+/g, ""));
  if (currency === "CNY") recordBalanceRow(state, raw.line, cells);
  const marketText = cellAt(columns, cells, "market");
  const hkSign =
    fxRate !== null || currency === "HKD" || (marketText !== "" && isHongKongMarket(lookups, marketText)) ||
    business.includes("港股通") || remark.includes("港股通");
  const name = cellAt(columns, cells, "name");
  if ((classified.type === "unknown" || business === "" || (classified.type === "trade" && isBare(lookups, business))) && name.replace(/\s+/g, "") === "新增证券") {
    classified = { type: "event", kind: "shares_in" };
    business = business || name;
  }
  // a 当日成交 view has no date column: the day is inside 成交时间
  const dateText = cellAt(columns, cells, columns.fields.date === undefined ? "time" : "date");
  return {
    line: raw.line,
    cells,
    business,
    classified,
    date: dateOf(lookups, dateText),
    time: timeOf(columns, cells, dateText),
    codeText: cellAt(columns, cells, "code"),
    name,
    quantity: numberAt(columns, cells, "quantity"),
    price: numberAt(columns, cells, "price"),
    amount: numberAt(columns, cells, "amount"),
    cash: numberAt(columns, cells, "cash"),
    remark,
    hkSign,
    currency,
    fxRate,
  };
}
