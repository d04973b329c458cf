/** Shared market vocabulary. Dates are trading dates in Asia/Shanghai as `YYYY-MM-DD`. */
/** SH/SZ/BJ: the A-share exchanges; HK: Hong Kong, reached through 港股通 (Stock Connect). */
export type Exchange = "SH" | "SZ" | "BJ" | "HK";
/** A: China A-shares (and the funds, bonds and repo on SH/SZ/BJ); HK: 港股通. Figures of the two are never mixed. */
export type Market = "A" | "HK";
export type Currency = "CNY" | "HKD" | "USD";
/** main 主板, gem 创业板, star 科创板, bj 北交所; "other" for funds, bonds, repo and anything not a stock. */
export type Board = "main" | "gem" | "star" | "bj" | "other";

export interface DailyBar {
  code: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** shares */
  volume: number;
  /** yuan, when the source gives it */
  amount: number | null;
  /** the exchange's 昨收 for this day when the source gives it (after 除权除息 it differs from the previous bar's close) */
  preClose?: number | null;
}

export interface MinuteBar {
  code: string;
  /** `YYYY-MM-DD HH:mm` */
  time: string;
  price: number;
  volume: number;
}
