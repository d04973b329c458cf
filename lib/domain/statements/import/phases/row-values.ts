import { decimalToFen, fenToYuan, numberText, roundDecimalText, roundTo, stripCell, type NumberCell } from "@/lib/domain/statements/import/cells";
import { cellAt, headerName, type Columns } from "@/lib/domain/statements/import/phases/columns";
import { Skip, type Row } from "@/lib/domain/statements/import/phases/state";

/** The values of a row's cells as the fills and events need them; a cell that is no number skips the row. */

export function valueOf(cell: NumberCell, label: string): number | null {
  if (cell.kind === "bad") throw new Skip(`${label}不是数字：“${cell.raw}”`);
  return cell.kind === "ok" ? cell.value : null;
}

/** yuan, exact to the fen */
export function moneyOf(cell: NumberCell, label: string): number | null {
  if (cell.kind === "bad") throw new Skip(`${label}不是数字：“${cell.raw}”`);
  return cell.kind === "ok" ? fenToYuan(decimalToFen(cell.text)) : null;
}

export function dateReason(columns: Columns, row: Row): string {
  if (columns.fields.date === undefined) return `没有日期列，${headerName(columns.map, "time", "成交时间")}里也没有日期：“${cellAt(columns, row.cells, "time")}”`;
  const text = cellAt(columns, row.cells, "date");
  return text ? `${columns.names.date}不是日期：“${text}”` : `缺少${columns.names.date}`;
}

export function shareBalanceOf(columns: Columns, row: Row): number | null {
  if (columns.fields.shareBalance === undefined) return null;
  // the text, not a NumberCell: one object fewer per row
  const text = numberText(cellAt(columns, row.cells, "shareBalance"));
  if (text === null || text === "") return null;
  const shares = +text;
  return shares === 0 ? 0 : shares;
}

/** The 资金余额 cell's decimal text, "" when empty or absent; a Skip when it is no number. */
export function balanceTextOf(columns: Columns, row: Row): string {
  if (columns.fields.balance === undefined) return "";
  const raw = cellAt(columns, row.cells, "balance");
  const text = numberText(raw);
  if (text === null) throw new Skip(`${columns.names.balance}不是数字：“${stripCell(raw)}”`);
  return text;
}

/** 新股入账 rows of 中信 say what was paid in 备注: `认购金额:1000.00` / `成交金额:1000.00`. */
export function remarkAmount(row: Row): number | null {
  const m = /(?:认购金额|成交金额)[:：]\s*(\d+(?:\.\d+)?)/.exec(row.remark);
  return m ? fenToYuan(decimalToFen(m[1] as string)) : null;
}

/** A price keeps the precision the file wrote, up to 3 decimals. */
export function roundPrice(cell: NumberCell, value: number): number {
  if (cell.kind === "ok") {
    const first = cell.text.charCodeAt(0);
    const unsigned = first === 0x2b || first === 0x2d ? cell.text.slice(1) : cell.text;
    return Math.abs(roundDecimalText(unsigned, 3));
  }
  return roundTo(value, 3);
}

/** A yuan value of the file's currency in CNY (factor 1: as written). */
export function inCny(yuanValue: number, factor: number): number {
  return factor === 1 ? yuanValue : roundTo(yuanValue * factor, 2);
}

export function hasMoney(row: Row): boolean {
  return (row.cash.kind === "ok" && row.cash.value !== 0) || (row.amount.kind === "ok" && row.amount.value !== 0);
}
