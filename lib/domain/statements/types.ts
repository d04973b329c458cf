import type { Currency, Exchange, Market } from "@/lib/domain/market/types";

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

/**
 * Where a fill's fees come from (issue 21): "file" the file's fee columns; "derived" (推算) the file has no fee columns
 * but states the net cash (清算金额 / 发生金额 / 收付金额), so fees = |net − amount|; "schedule" (估) neither, so the
 * analysis estimates them by the dated fee schedule.
 */
export type FeeBasis = "file" | "derived" | "schedule";

export interface Fill {
  /** 1-based line number in the file (text) or row number in the sheet (xlsx), for messages */
  line: number;
  /** trade date YYYY-MM-DD */
  date: string;
  /** HH:mm:ss, or null when the file has no time */
  time: string | null;
  /**
   * A-shares: six digits, e.g. "600519"; old Beijing codes are kept as written (the analysis maps them).
   * 港股通: five digits, e.g. "00700" (exchange "HK", market "HK"): never padded to six. Shown as `00700.HK`.
   */
  code: string;
  exchange: Exchange;
  market: Market;
  name: string;
  side: Side;
  /** shares, > 0 */
  quantity: number;
  /** per share, in `priceCurrency`, > 0 */
  price: number;
  /** currency of `price`: HKD for 港股通 even when the file settles the amounts in CNY */
  priceCurrency: Currency;
  /**
   * 成交金额, > 0, in `currency`: the file's own 成交金额 whenever it states one (`amountStated`); price × quantity
   * (converted at `fxRate` when the price is in another currency) only when it does not
   */
  amount: number;
  amountStated: boolean;
  /** currency of amount, fees, netAmount and balance: CNY, or HKD when the file states HKD amounts without a rate */
  currency: Currency;
  /** the file's 汇率 on this row (e.g. 0.93358 HKD→CNY), null when absent or 0 */
  fxRate: number | null;
  /**
   * "file": the fee columns (each charge once; a stated total beside its parts not added twice). "derived": the whole
   * |net − amount| in `other` (a file without fee columns cannot say which charge it was). null: the analysis
   * estimates them by the schedule and sets feeBasis "schedule".
   */
  fees: FillFees | null;
  feeBasis: FeeBasis;
  /** true when `fees` were estimated by trade date rather than read (feeBasis "schedule"; set by the analysis) */
  feesEstimated: boolean;
  /** shares of this code held after the row as the file states it (股份余额, 后证券额, 剩余数量 …), null when absent */
  shareBalance: number | null;
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
  | "fee" // charges not tied to a fill (港股通组合费 …)
  | "allotment" // 配债 / 发债 / 可转债 / 新股 中签 on a subscription code before listing: cash paid, shares pending listing
  | "share_adjust" // ETF 份额合并/拆分, 折算: the share count changes (quantity signed), the cost does not
  | "ignore"; // 指定交易, 申购配号, 中签通知, 交收资金冻结 …

export interface StatementEvent {
  line: number;
  date: string;
  time: string | null;
  kind: EventKind;
  /** six digits (five for 港股通), or null for pure cash rows */
  code: string | null;
  exchange: Exchange | null;
  market: Market | null;
  name: string;
  /** shares moved (bonus shares received, shares entitled for a dividend), 0 when none; signed for share_adjust */
  quantity: number;
  /** shares of this code held after the row as the file states it, null when absent */
  shareBalance: number | null;
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
  | "counter_dzd" // 券商柜台 对账单 (交易日期, 业务类型, 买卖标志, 后资金额, 后证券额, 汇率, 回购利息 …)
  | "counter_jgd" // 券商柜台 交割单 (成交日期, 买卖标志, 佣金, 印花税, 过户费, 其他费, 成交编号, 股东代码, 备注)
  | "citic_dzd" // 中信证券 对账单 (发生日期, 业务名称, 股份余额, 交易所清算费, 交易市场)
  | "citic_lscj" // 中信证券 历史成交 (no fee columns; 清算金额, 股份余额)
  | "generic"; // any file whose header carries the usual synonyms

export type StatementEncoding = "gb18030" | "utf-8" | "utf-16le" | "utf-16be" | "xlsx";

/** A fill whose amount, fees and net cash do not add up to the fen: listed, never silently adjusted. */
export interface UnreconciledFill {
  line: number;
  amount: number;
  /** total of the fees as read */
  fees: number;
  netAmount: number;
  /** |netAmount| − (amount ± fees), in the fill's currency: what the file's columns do not explain */
  difference: number;
}

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
  /** how the fees of the fills were found: one basis, or "mixed" */
  feeBasis: FeeBasis | "mixed";
  /** fills whose amount ± fees ≠ net cash to the fen (only fills with both fee columns and a net cash column) */
  unreconciled: UnreconciledFill[];
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
  /** A-share and 港股通 trips are never summed together: `summary` is the A-share figures, the HK ones stand apart */
  market: Market;
  name: string;
  /**
   * closed: sold back to zero; open: still held (not a round trip yet: no P&L); transferred: the shares left the
   * account without a sale price (托管转出 / 转托管): no P&L, no fake loss.
   */
  status: "closed" | "open" | "transferred";
  /**
   * Shares held before the file began (a sell without earlier buys, a 股份余额 that does not start at zero, shares
   * transferred in at unknown cost) took part: the cost is unknown, so the trip is left out of realised P&L.
   */
  openingUnknown: boolean;
  /** status "closed" and not openingUnknown: counted in realised P&L, win rate, rankings (of its own market) */
  realized: boolean;
  openDate: string;
  /** null while the position is still open */
  closeDate: string | null;
  /** shares that entered the position: bought plus bonus shares received */
  quantity: number;
  /** Σ amount (the file's 成交金额 when stated) of its buys */
  buyAmount: number;
  /** Σ amount of its sells */
  sellAmount: number;
  /** every fee on its fills, each charge counted once */
  fees: number;
  /** cash dividends booked on the stock while open */
  dividends: number;
  /** dividend tax booked on the stock while open (positive number) */
  dividendTax: number;
  /**
   * sellAmount − buyAmount − fees + dividends − dividendTax. Only meaningful when `realized`; for any other trip it is
   * the cash so far and is never shown as a profit or loss (the JSON writes null, the pages 持仓中 / 成本未知 / 已转出).
   */
  pnl: number;
  /** trading days after openDate up to and including closeDate (to the last bar/fill date while open) */
  holdingDays: number;
  /** indices into the analysed fills array, in time order */
  fillIndexes: number[];
  /** true when any of its fills has estimated fees */
  feesEstimated: boolean;
  /** the fee basis of its fills: one, or "mixed" */
  feeBasis: FeeBasis | "mixed";
}

/** Shares that were held before the statement began (cost unknown), as found in the file. */
export interface UnknownOpening {
  code: string;
  exchange: Exchange;
  market: Market;
  name: string;
  /** shares of unknown cost */
  quantity: number;
  /** the row that revealed them */
  line: number;
  date: string;
  /** Chinese, e.g. "卖出 1000 股时没有买入记录：导入前已持有，成本未知，该回合不计入已实现盈亏" */
  reason: string;
}

/** Shares allotted on a subscription code (配债 / 中签) that had not listed by the end of the file. */
export interface PendingAllotment {
  code: string;
  exchange: Exchange;
  name: string;
  quantity: number;
  /** cash paid, yuan */
  cost: number;
  date: string;
  line: number;
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
