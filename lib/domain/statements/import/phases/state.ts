import type { HkSettlement } from "@/lib/domain/statements/import/phases/hk-settlement";
import type { RepeatLog } from "@/lib/domain/statements/import/phases/repeats";
import type { Currency } from "@/lib/domain/market/types";
import type { NumberCell } from "@/lib/domain/statements/import/cells";
import type { Classified } from "@/lib/domain/statements/import/classify";
import type { Columns } from "@/lib/domain/statements/import/phases/columns";
import type { Lookups } from "@/lib/domain/statements/import/phases/lookups";
import type { WarningLog } from "@/lib/domain/statements/import/phases/warnings";
import type { Fill, ImportLimits, ImportReport, SkippedRow, StatementEvent, UnreconciledFill } from "@/lib/domain/statements/types";

/**
 * The state the phases of processRows share. `columns` and `lookups` are read by every phase and written by none;
 * the rest is written as the rows are read (see each field) and read by the closing phases.
 */

export interface ProcessOptions {
  limits: ImportLimits;
  clock: () => number;
  startedAt: number;
}

/** the report but for what the header says (format, its label) and the encoding */
export type ProcessResult = Omit<ImportReport, "format" | "formatLabel" | "encoding">;

export type { SecurityId } from "@/lib/domain/statements/import/phases/security-id";

/** Thrown while a row is read: the row is skipped with this reason. */
export class Skip extends Error {}

/** Everything of one data row that the classification needs, parsed once. */
export interface Row {
  line: number;
  /** the stripped cells */
  cells: string[];
  business: string;
  classified: Classified;
  date: string | null;
  time: string | null;
  codeText: string;
  name: string;
  quantity: NumberCell;
  price: NumberCell;
  amount: NumberCell;
  cash: NumberCell;
  /** 备注 as written, "" when absent */
  remark: string;
  /** the row names Hong Kong somewhere (market, currency, 港股通 in business or 备注, a 汇率) */
  hkSign: boolean;
  /** currency of the row's money as its 币种 says (CNY when absent) */
  currency: Currency;
  /** HKD→CNY rate from the 汇率 column or 备注 (`汇率:0.933580`), null when none */
  fxRate: number | null;
  /** the second half of a split subscription row, merged in */
  mergedLine?: number;
}

/** Flat, to keep 100 000 rows cheap: `balances` holds one entry per balance-like column per row. */
export interface BalanceRows {
  lines: number[];
  /** 发生金额 in fen, 0 when empty */
  nets: number[];
  /** fen of each balance-like column, null when empty */
  balances: (number | null)[];
}

/** Parallel arrays, one entry per fill with a 发生金额: no object per row. */
export interface SignChecks {
  lines: number[];
  buys: boolean[];
  /** the file's sign is the opposite of the side's */
  flipped: boolean[];
}

export interface IpoPayment {
  row: Row;
  fill: Fill;
}

export interface IpoArrival {
  row: Row;
  rights: boolean;
}

/** Rows of fees read a particular way, for the notes at the end. */
export interface FeeRowCounts {
  /** 佣金 and 手续费 the same number: one charge */
  merged: number;
  /** 手续费 the total of 佣金 and the other charges */
  total: number;
  /** 佣金 and 手续费 two charges, as 发生金额 says */
  separate: number;
  /** rows whose usual reading did not explain 发生金额 but another did: the reading's words → its lines */
  readings: Map<string, number[]>;
}

export interface ImportState {
  readonly columns: Columns;
  readonly lookups: Lookups;
  readonly warn: WarningLog;
  /** data rows counted (readRow) */
  rowCount: number;
  /** IPO and subscription-code rows, read once the whole file is (readRow → mergeSplitSubscriptions) */
  readonly deferred: Row[];
  /** written by the row phases, sorted by line at the end */
  readonly fills: Fill[];
  readonly events: StatementEvent[];
  readonly skipped: SkippedRow[];
  readonly unreconciled: UnreconciledFill[];
  /** 中签缴款 and 新股入账 rows waiting for pairIpo */
  readonly payments: IpoPayment[];
  readonly arrivals: IpoArrival[];
  /** 中签缴款 rows on subscription codes: the issue price of a later 新股入账 without one */
  readonly allotmentPayments: Row[];
  readonly feeRows: FeeRowCounts;
  /** written by readRow, read by checkBalances */
  readonly balanceRows: BalanceRows;
  /** written by the trade phase, read by reportSigns */
  readonly signChecks: SignChecks;
  /** 港股通 …交收 rows, waiting for their …成交 rows (phases/hk-settlement) */
  readonly hkSettlements: HkSettlement[];
  /** rows seen, for the repeated blocks (phases/repeats) */
  readonly repeats: RepeatLog;
}
