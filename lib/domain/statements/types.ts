import type { Exchange } from "@/lib/domain/market/types";

/**
 * The contract between the statement reader (import/), the analysis (analysis/), the data layer and the pages.
 * Money is in yuan as numbers; every figure the reader produces is rounded to the precision the file wrote
 * (2 decimals for money, up to 3 for prices) and sums are rounded with `roundMoney` at the boundary.
 */
export type Side = "buy" | "sell";

export interface FillFees {
  /** 佣金 / 手续费 / 净佣金 (counted once when a file repeats the same charge in two columns), incl. 经手费/证管费 */
  commission: number;
  /** 印花税 */
  stampDuty: number;
  /** 过户费 */
  transferFee: number;
  /** 其他杂费, 规费, 结算费, 附加费 … */
  other: number;
}

export interface Fill {
  /** 1-based line number in the file (text) or row number in the sheet (xlsx), for messages */
  line: number;
  /** trade date YYYY-MM-DD */
  date: string;
  /** HH:mm:ss, or null when the file has no time */
  time: string | null;
  /** six digits, e.g. "600519"; old Beijing codes are kept as written (the analysis maps them) */
  code: string;
  exchange: Exchange;
  name: string;
  side: Side;
  /** shares, > 0 */
  quantity: number;
  /** yuan per share, > 0 */
  price: number;
  /** 成交金额 in yuan, > 0 (price × quantity when the file omits it) */
  amount: number;
  /** fees as written in the file; null when the file carries no fee columns at all (the analysis estimates them) */
  fees: FillFees | null;
  /** true when `fees` were estimated by trade date rather than read (set by the analysis, false from the reader) */
  feesEstimated: boolean;
  /** 发生金额 / 清算金额 as written (signed: buy negative), null when absent */
  netAmount: number | null;
  /** 资金余额 after this row, null when absent */
  balance: number | null;
  /** "ipo" for 新股入账/中签缴款 priced at the issue price; otherwise "trade" */
  kind: "trade" | "ipo";
  /** the business name as written (证券买入, 买, 担保品卖出 …) */
  raw: string;
}

export type EventKind =
  | "cash_in" // 银行转证券 and other external deposits
  | "cash_out" // 证券转银行 …
  | "transfer" // internal cash moves (OTC资金划入, 资管T0取现拨 …)
  | "dividend" // 红利入账 / 股息入账 (cash)
  | "dividend_tax" // 股息红利差异扣税 …
  | "interest" // 利息归本 …
  | "bonus_shares" // 红股入账 / 送股 / 转增 (shares at zero cost)
  | "shares_in" // 股份转入, 托管转入, 配股入帐, 新增证券 (no cash)
  | "shares_out" // 股份转出, 托管转出
  | "repo" // reverse repo 204xxx / 1318xx and pledge repo
  | "margin" // 融资借入, 偿还融资负债本金, 融资利息
  | "fund" // 基金申购拨出, 理财申购 …
  | "fee" // charges not tied to a fill
  | "ignore"; // 指定交易, 申购配号, 中签通知 …

export interface StatementEvent {
  line: number;
  date: string;
  time: string | null;
  kind: EventKind;
  /** six digits, or null for pure cash rows */
  code: string | null;
  exchange: Exchange | null;
  name: string;
  /** shares moved (bonus shares received, shares entitled for a dividend), 0 when none */
  quantity: number;
  /** signed cash effect in yuan (dividend +, tax −, deposit +, withdrawal −), 0 when none */
  amount: number;
  /** the business name as written */
  raw: string;
}

export interface SkippedRow {
  line: number;
  /** precise Chinese reason, e.g. "成交数量不是数字：“abc”" */
  reason: string;
}

export type StatementFormatId =
  | "ths" // 同花顺 历史交割单
  | "tdx" // 通达信 交割单 (华西 etc.)
  | "eastmoney_web" // 东方财富 网页交割单 (资金流水)
  | "eastmoney_history" // 东方财富 历史成交
  | "huatai"
  | "haitong"
  | "gtja"
  | "citic"
  | "cms"
  | "galaxy"
  | "guojin"
  | "zheshang"
  | "boc" // 中银国际
  | "huabao"
  | "generic"; // any file whose header carries the usual synonyms

export type StatementEncoding = "gb18030" | "utf-8" | "xlsx";

export interface ImportReport {
  format: StatementFormatId;
  /** Chinese label, e.g. "同花顺 历史交割单" */
  formatLabel: string;
  encoding: StatementEncoding;
  /** data rows read (excluding header and title lines) */
  rowCount: number;
  fills: Fill[];
  events: StatementEvent[];
  skipped: SkippedRow[];
  /** file-level notes shown to the reader (balance mismatches, fee column merged, …) */
  warnings: string[];
}

/** A rejected file: nothing from it may be stored. `message` is Chinese for the UI, `detail` precise for logs/CLI. */
export class StatementRejected extends Error {
  constructor(
    readonly code: "empty" | "too_large" | "too_many_rows" | "biff_xls" | "pdf" | "zip_bomb" | "bad_xlsx" | "no_header" | "timeout" | "out_of_memory" | "unsupported",
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = "StatementRejected";
  }
}

export interface ImportLimits {
  /** bytes of the uploaded file */
  maxBytes: number;
  /** data rows */
  maxRows: number;
  /** total uncompressed bytes an xlsx may expand to */
  maxXlsxUncompressedBytes: number;
  /** maximum ratio uncompressed/compressed for any xlsx entry */
  maxXlsxRatio: number;
  /** entries an xlsx (a zip) may hold; counted from the central directory before anything is inflated (P17) */
  maxXlsxEntries: number;
  /** wall-clock budget for reading, in ms (checked between rows) */
  timeLimitMs: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  maxXlsxUncompressedBytes: 100 * 1024 * 1024,
  maxXlsxRatio: 200,
  maxXlsxEntries: 100,
  timeLimitMs: 10_000,
};

// ---------------------------------------------------------------------------------------------------------------
// Analysis

export interface RoundTrip {
  code: string;
  exchange: Exchange;
  name: string;
  openDate: string;
  /** null while the position is still open */
  closeDate: string | null;
  /** shares that entered the position: bought plus bonus shares received */
  quantity: number;
  /** Σ price × quantity of its buys */
  buyAmount: number;
  /** Σ price × quantity of its sells */
  sellAmount: number;
  /** every fee on its fills, each charge counted once */
  fees: number;
  /** cash dividends booked on the stock while open */
  dividends: number;
  /** dividend tax booked on the stock while open (positive number) */
  dividendTax: number;
  /** sellAmount − buyAmount − fees + dividends − dividendTax (for an open trip: the cash so far, i.e. minus its cost) */
  pnl: number;
  /** trading days after openDate up to and including closeDate (to the last bar/fill date while open) */
  holdingDays: number;
  /** indices into the analysed fills array, in time order */
  fillIndexes: number[];
  /** true when any of its fills has estimated fees */
  feesEstimated: boolean;
}

export interface AnalysisSummary {
  realizedPnl: number;
  totalFees: number;
  roundTrips: number;
  wins: number;
  losses: number;
  /** wins / closed round trips; NaN with none */
  winRate: number;
  /** total won / |total lost|; Infinity with no loss (and at least one win); NaN with neither */
  profitFactor: number;
  avgHoldingDays: number;
  maxConsecutiveWins: number;
  maxConsecutiveLosses: number;
  avgWin: number;
  avgLoss: number;
  /** Σ amount of every fill */
  turnover: number;
  openPositions: number;
}
