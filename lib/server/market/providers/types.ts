import type { DailyBar, Exchange } from "@/lib/domain/market/types";

/** `none` (the default) means no provider: bars come only from file imports (CSV, 通达信 .day). */
export type MarketDataProviderName = "tushare" | "eastmoney" | "none";

/** The index the strategies are measured against, as stored in market_bars.code. */
export const CSI300_CODE = "000300.SH";

export interface StockListing {
  code: string;
  exchange: Exchange;
  name: string;
}

/** A name a stock went by, from one day to another (`to` null: its name today). */
export interface StockNameSpan extends StockListing {
  from: string;
  to: string | null;
}

/** A day a stock was suspended all day (停牌). */
export interface StockSuspension {
  code: string;
  date: string;
}

/** A day's limit prices of a stock as the exchange set them (涨停价, 跌停价). */
export interface StockLimitPrices {
  code: string;
  date: string;
  up: number;
  down: number;
}

/**
 * An outside source of daily market data. Every bar it returns is unadjusted (不复权), with volume in 股, amount in 元
 * and the exchange's 昨收 as `preClose`; dates are `YYYY-MM-DD`, bars oldest first per code.
 */
export interface MarketDataProvider {
  readonly name: Exclude<MarketDataProviderName, "none">;
  /** for people: "Tushare Pro", "东方财富" */
  readonly label: string;
  /** the most codes one `dailyBars` request may carry (1 when the API takes one code per request) */
  readonly maxCodesPerCall: number;
  /** requests made so far by this instance (for the sync summary and the benchmark) */
  readonly calls: number;
  /** A-share daily bars of `codes` (six digits) over [from, to], inclusive */
  dailyBars(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]>;
  /** daily bars of an index, e.g. CSI300_CODE */
  indexBars(index: string, from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]>;
  /** the days the exchanges were open in [from, to], ascending */
  tradingDays(from: string, to: string, signal?: AbortSignal): Promise<string[]>;
  /** names of the listed A-shares (an empty list when the provider has no such list) */
  stockNames(signal?: AbortSignal): Promise<StockListing[]>;
  /** every name the A-shares went by, with its days (an empty list when the provider has no such history) */
  nameHistory(signal?: AbortSignal): Promise<StockNameSpan[]>;
  /**
   * The days in [from, to] each of `codes` was suspended all day (an empty list when the provider does not tell);
   * `told` says whether it does, so an empty list can mean "none" rather than "unknown".
   */
  suspensions(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<{ told: boolean; days: StockSuspension[] }>;
  /** the exchange's limit prices of each of `codes` on each day in [from, to] (`told` false: the provider does not tell) */
  limitPrices(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<{ told: boolean; days: StockLimitPrices[] }>;
}

/**
 * What went wrong talking to a provider. `message` is the provider's own words where it gave some (Tushare's `msg`),
 * so the log, the CLI and /admin show the real reason (bad token, no permission, rate limit).
 */
export type MarketDataErrorKind = "auth" | "permission" | "rate_limit" | "server" | "network" | "bad_response" | "bad_request";

export class MarketDataError extends Error {
  constructor(
    readonly kind: MarketDataErrorKind,
    message: string,
    /** whether asking again later may succeed (rate limit, 5xx, network) */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MarketDataError";
  }
}
