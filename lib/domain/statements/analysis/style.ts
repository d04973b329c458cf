import type { Board } from "@/lib/domain/market/types";
import { isLimitUp, limitRatio, priceDecimals } from "@/lib/domain/market/limits";

/**
 * The classifications the analysis page shows: the style of a buy against the previous close, the time of day of
 * a buy, and the holding-period bucket of a round trip. Every boundary is a constant here so a page can print it.
 */

export type StyleTag = "打板" | "追涨" | "半路" | "低吸" | "未知";
export const STYLE_TAGS: readonly StyleTag[] = ["打板", "追涨", "半路", "低吸", "未知"];

/** a buy at or above previous close × (1 + 5%) that is not at the limit-up price is 追涨 */
export const CHASE_MIN_PCT = 5;
/** a buy at or above previous close × (1 + 2%) and below the 追涨 line is 半路; anything lower is 低吸 */
export const HALFWAY_MIN_PCT = 2;

/**
 * Style of a buy at `price` against the previous close:
 * 打板 at the limit-up price of that board on that date (name decides ST); 追涨 ≥ +5%; 半路 +2% ≤ change < +5%;
 * 低吸 < +2% (also below the previous close); 未知 without a previous close. The percentage lines are compared in
 * integers (mills × 100 against mills × (100 + pct)), so +2% exactly is 半路 and +1.99% is 低吸.
 */
export function styleOf(code: string, date: string, name: string, price: number, prevClose: number | null): StyleTag {
  if (prevClose === null || !(prevClose > 0) || !(price > 0)) return "未知";
  const ratio = limitRatio(code, date, { name });
  if (ratio !== null && isLimitUp(price, prevClose, ratio, priceDecimals(code))) return "打板";
  const priceMills = Math.round(price * 1000) * 100;
  const prevMills = Math.round(prevClose * 1000);
  if (priceMills >= prevMills * (100 + CHASE_MIN_PCT)) return "追涨";
  if (priceMills >= prevMills * (100 + HALFWAY_MIN_PCT)) return "半路";
  return "低吸";
}

export type TimeOfDayBucket = "集合竞价" | "09:30–10:00" | "10:00–11:30" | "13:00–14:00" | "14:00–15:00" | "未知";
export const TIME_OF_DAY_BUCKETS: readonly TimeOfDayBucket[] = [
  "集合竞价",
  "09:30–10:00",
  "10:00–11:30",
  "13:00–14:00",
  "14:00–15:00",
  "未知",
];

/**
 * Bucket of a fill time `HH:mm:ss`: [09:15, 09:30) 集合竞价 (auction fills are stamped 09:25); [09:30, 10:00);
 * [10:00, 13:00) as 10:00–11:30 (a fill stamped 11:30:xx is morning trading); [13:00, 14:00); [14:00, 15:30] as
 * 14:00–15:00 (closing auction and the 15:05–15:30 after-hours trades of 科创板/创业板); anything else, no time,
 * or 00:00:00 is 未知.
 */
export function timeOfDayOf(time: string | null): TimeOfDayBucket {
  if (time === null || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return "未知";
  const hm = time.slice(0, 5);
  if (hm < "09:15") return "未知";
  if (hm < "09:30") return "集合竞价";
  if (hm < "10:00") return "09:30–10:00";
  if (hm < "13:00") return "10:00–11:30";
  if (hm < "14:00") return "13:00–14:00";
  if (time <= "15:30:00") return "14:00–15:00";
  return "未知";
}

export type HoldingBucket = "当日" | "1天" | "2–3天" | "4–5天" | "6–10天" | "11–20天" | "20天以上";
export const HOLDING_BUCKETS: readonly HoldingBucket[] = ["当日", "1天", "2–3天", "4–5天", "6–10天", "11–20天", "20天以上"];

/** bucket of a holding period in trading days (0 = bought and closed on one day) */
export function holdingBucketOf(days: number): HoldingBucket {
  if (days <= 0) return "当日";
  if (days === 1) return "1天";
  if (days <= 3) return "2–3天";
  if (days <= 5) return "4–5天";
  if (days <= 10) return "6–10天";
  if (days <= 20) return "11–20天";
  return "20天以上";
}

export const BOARDS: readonly Board[] = ["main", "gem", "star", "bj", "other"];
export const BOARD_LABELS: Readonly<Record<Board, string>> = {
  main: "主板",
  gem: "创业板",
  star: "科创板",
  bj: "北交所",
  other: "其他",
};
