import { EMPTY_NUMBER, parseNumber, type NumberCell } from "@/lib/domain/statements/import/cells";
import type { ColumnMap, Field } from "@/lib/domain/statements/import/header";
import { idColumns, type IdColumns } from "@/lib/domain/statements/import/phases/repeats";

/** A fee column by position and header name. */
export interface FeeColumn {
  index: number;
  name: string;
}

/** Fee columns, resolved once: positions of the names the fee rules talk about. */
export interface FeePlan {
  yong: number | undefined;
  shou: number | undefined;
  net: number | undefined;
  jing: number | undefined;
  zheng: number | undefined;
  gui: number | undefined;
  stamp: readonly FeeColumn[];
  transfer: readonly FeeColumn[];
  other: readonly FeeColumn[];
}

export interface BalanceColumn extends FeeColumn {
  /** a 余额 / 本次金额 column that may be the share balance */
  ambiguous: boolean;
}

/** What the header says, worked out once before the first row: read by every phase. */
export interface Columns {
  map: ColumnMap;
  fields: ColumnMap["fields"];
  /** header names for the messages, with the usual name when the column is absent */
  names: { date: string; quantity: string; price: string; amount: string; cash: string; code: string; balance: string };
  /** the date column's own header text, to tell a repeated header line */
  dateHeader: string | undefined;
  hasFees: boolean;
  /** balance-like columns: the named one, then the ambiguous ones */
  balanceColumns: readonly BalanceColumn[];
  /** the columns this reader uses (the only ones unquoted) */
  used: readonly number[];
  /** the fill and order numbers, which only tell a repeated row (phases/repeats) */
  ids: IdColumns;
  fees: FeePlan;
}

export function headerName(map: ColumnMap, field: Field, fallback: string): string {
  const at = map.fields[field];
  return at === undefined ? fallback : map.names[at] || fallback;
}

export function readColumns(map: ColumnMap): Columns {
  const f = map.fields;
  const feeAt = (n: string) => map.fees.find((c) => c.name === n)?.index;
  return {
    map,
    fields: f,
    names: {
      date: headerName(map, "date", "日期"),
      quantity: headerName(map, "quantity", "成交数量"),
      price: headerName(map, "price", "成交价格"),
      amount: headerName(map, "amount", "成交金额"),
      cash: headerName(map, "cash", "发生金额"),
      code: headerName(map, "code", "证券代码"),
      balance: headerName(map, "balance", "资金余额"),
    },
    dateHeader: f.date !== undefined ? map.names[f.date] : undefined,
    hasFees: map.fees.length > 0 || f.totalFee !== undefined,
    balanceColumns: [
      ...(f.balance !== undefined ? [{ index: f.balance, name: headerName(map, "balance", "资金余额"), ambiguous: false }] : []),
      ...map.ambiguousBalance.map((a) => ({ ...a, ambiguous: true })),
    ],
    used: [
      ...new Set([
        ...(Object.values(f) as number[]),
        ...map.sideColumns,
        ...map.fees.map((c) => c.index),
        ...map.ambiguousBalance.map((c) => c.index),
      ]),
    ],
    ids: idColumns(map.names),
    fees: {
      yong: feeAt("佣金"),
      shou: feeAt("手续费"),
      net: feeAt("净佣金"),
      jing: feeAt("经手费"),
      zheng: feeAt("证管费"),
      gui: feeAt("交易规费"),
      stamp: map.fees.filter((c) => c.bucket === "stampDuty"),
      transfer: map.fees.filter((c) => c.bucket === "transferFee"),
      other: map.fees.filter((c) => c.bucket === "other"),
    },
  };
}

export function cellAt(columns: Columns, cells: readonly string[], field: Field): string {
  const at = columns.fields[field];
  return at === undefined ? "" : (cells[at] ?? "");
}

export function numberAt(columns: Columns, cells: readonly string[], field: Field): NumberCell {
  return columns.fields[field] === undefined ? EMPTY_NUMBER : parseNumber(cellAt(columns, cells, field));
}
