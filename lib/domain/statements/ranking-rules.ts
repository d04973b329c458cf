/** PRODUCT.md "honest rankings": nobody is ranked before this sample. */
export const MIN_CLOSED_TRIPS_TO_RANK = 20;
export const MIN_TRADING_DAYS_TO_RANK = 20;
/** Visitors and free members see this many rows of a ranking or the loss tracker; VIP the full list. */
export const FREE_RANK_ROWS = 10;
export const FREE_LOSS_ROWS = 3;
/** The loss tracker lists open positions down more than this (as a fraction of cost). */
export const OPEN_LOSS_THRESHOLD = 0.05;

export type RankPeriod = "day" | "week";
export type RankShow = "profit" | "loss" | "stocks";
/** `passed`: only masters whose every A-share trade fill passed the 交割单体检 (docs/adr/0079) */
export type RankAudit = "passed";

/** Monday-to-Friday week of a date, as [monday, friday] YYYY-MM-DD. */
export function weekOf(date: string): [string, string] {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(d.getTime() - weekday * 86_400_000);
  const friday = new Date(monday.getTime() + 4 * 86_400_000);
  return [monday.toISOString().slice(0, 10), friday.toISOString().slice(0, 10)];
}

export function isEligibleToRank(closedTrips: number, tradingDays: number): boolean {
  return closedTrips >= MIN_CLOSED_TRIPS_TO_RANK && tradingDays >= MIN_TRADING_DAYS_TO_RANK;
}
