import { defaultCalendar } from "@/lib/domain/market/calendar";
import { boardOf, isFundCode, isReitCode } from "@/lib/domain/market/codes";

/**
 * Daily price limits by board and trade date (PRODUCT.md "Domain rules", research B.3).
 * Limit prices follow the exchange rule: previous close × (1 ± ratio), rounded half-up to the price tick (0.01 for
 * stocks, 0.001 for funds).
 */

/** Exchange-traded funds (ETF, LOF, closed-end) have ±10% every day, their listing day included (ADR 0040). */
export const FUND_LIMIT_RATIO = 0.1;
/** 基础设施 REITs: ±30%, ±60% on the listing day. */
export const REIT_LIMIT_RATIO = 0.3;
export const REIT_LISTING_DAY_LIMIT_RATIO = 0.6;

export const GEM_REFORM_DATE = "2020-08-24";
export const MAIN_BOARD_REGISTRATION_DATE = "2023-04-10";
/** main-board ST/*ST move from ±5% to ±10% on this trading day */
export const ST_WIDER_LIMIT_DATE = "2026-07-06";
/** trading days without a limit at the start of a listing on the registration-based boards */
export const UNLIMITED_LISTING_DAYS = 5;

const ST_NAME = /ST/;
/** N on the listing day; C on days 2–5 of a registration-based listing */
const NEW_LISTING_NAME = /^[NC](?![A-Za-z])/;

function listingDate(date: string, tradingDayOfListing: number): string {
  return defaultCalendar.addTradingDays(date, -(tradingDayOfListing - 1));
}

/**
 * The daily limit as a ratio (0.1 = ±10%), or null when the day has no limit (a new listing's first days, or
 * anything that is neither a stock nor an exchange-traded fund). `tradingDayOfListing` is 1 on the listing day; null when unknown (then a name
 * starting with N or C marks a new listing). Listing day 1 is null on every board: before registration the main
 * board and 创业板 capped it at +44%/−36% rather than the daily limit.
 */
export function limitRatio(
  code: string,
  date: string,
  opts?: { name?: string; tradingDayOfListing?: number | null },
): number | null {
  const dayOfListing = opts?.tradingDayOfListing ?? null;
  if (isReitCode(code)) return dayOfListing === 1 ? REIT_LISTING_DAY_LIMIT_RATIO : REIT_LIMIT_RATIO;
  if (isFundCode(code)) return FUND_LIMIT_RATIO;
  const board = boardOf(code);
  if (board === "other") return null;
  const name = opts?.name?.trim() ?? "";

  if (dayOfListing !== null && dayOfListing >= 1) {
    if (dayOfListing === 1) return null;
    if (dayOfListing <= UNLIMITED_LISTING_DAYS) {
      const listed = listingDate(date, dayOfListing);
      if (board === "star") return null;
      if (board === "gem" && listed >= GEM_REFORM_DATE) return null;
      if (board === "main" && listed >= MAIN_BOARD_REGISTRATION_DATE) return null;
    }
  } else if (NEW_LISTING_NAME.test(name)) {
    // N: the listing day on every board; C: days 2–5, used only by the registration-based boards
    if (name.startsWith("N") || board !== "bj") return null;
  }

  const isSt = ST_NAME.test(name);
  switch (board) {
    case "main":
      return isSt && date < ST_WIDER_LIMIT_DATE ? 0.05 : 0.1;
    case "gem":
      if (date >= GEM_REFORM_DATE) return 0.2;
      return isSt ? 0.05 : 0.1;
    case "star":
      return 0.2;
    case "bj":
      return 0.3;
  }
}

const RATIO_SCALE = 10_000;
const PRICE_SCALE = 1_000;

/** Decimals of the price tick: funds trade in 0.001 yuan, stocks in 0.01. */
export function priceDecimals(code: string): 2 | 3 {
  return isFundCode(code) ? 3 : 2;
}

/** previous close × (1 + sign × ratio), half-up to the tick, in integers so 3.35 × 1.1 is 3.69 */
function limitPrice(prevClose: number, ratio: number, sign: 1 | -1, decimals: 2 | 3): number {
  if (!(prevClose > 0) || !Number.isFinite(prevClose)) throw new RangeError(`昨收价必须大于 0：${prevClose}`);
  const milli = Math.round(prevClose * PRICE_SCALE);
  const factor = RATIO_SCALE + sign * Math.round(ratio * RATIO_SCALE);
  const ticks = 10 ** decimals;
  // milli-yuan × ratio units → ticks: divide by (PRICE_SCALE / ticks) × RATIO_SCALE
  const divisor = (PRICE_SCALE / ticks) * RATIO_SCALE;
  return Math.floor((milli * factor + divisor / 2) / divisor) / ticks;
}

/** `decimals`: 2 for a stock, 3 for a fund (priceDecimals) */
export function limitUpPrice(prevClose: number, ratio: number, decimals: 2 | 3 = 2): number {
  return limitPrice(prevClose, ratio, 1, decimals);
}

export function limitDownPrice(prevClose: number, ratio: number, decimals: 2 | 3 = 2): number {
  return limitPrice(prevClose, ratio, -1, decimals);
}

/** within half a tick */
const tolerance = (decimals: 2 | 3) => 0.5 / 10 ** decimals + 1e-9;

export function isLimitUp(price: number, prevClose: number, ratio: number, decimals: 2 | 3 = 2): boolean {
  return Math.abs(price - limitUpPrice(prevClose, ratio, decimals)) <= tolerance(decimals);
}

export function isLimitDown(price: number, prevClose: number, ratio: number, decimals: 2 | 3 = 2): boolean {
  return Math.abs(price - limitDownPrice(prevClose, ratio, decimals)) <= tolerance(decimals);
}
