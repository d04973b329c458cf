/** Shared market vocabulary. Dates are trading dates in Asia/Shanghai as `YYYY-MM-DD`. */
export type Exchange = "SH" | "SZ" | "BJ";
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
}

export interface MinuteBar {
  code: string;
  /** `YYYY-MM-DD HH:mm` */
  time: string;
  price: number;
  volume: number;
}
