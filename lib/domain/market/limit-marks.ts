import { limitRatio, limitUpPrice, limitDownPrice, priceDecimals } from "./limits";
import type { DailyBar } from "./types";

export type LimitMarkKind = "limit_up" | "broken" | "limit_down";

export interface LimitMark {
  date: string;
  kind: LimitMarkKind;
  /** consecutive limit-up closes ending this day (连板), 1 for a first board */
  streak: number;
}

/**
 * 涨停 (closed at the limit-up price), 炸板 (touched it, closed below) and 跌停 per day, by the limit in force on that day.
 * The limits are counted from the exchange's 昨收 (`preClose`) when the bar carries it: on an ex-dividend or ex-rights
 * day it is the 除权除息参考价, not the previous bar's close. Without it, from the previous bar's close; the first bar
 * without a `preClose` gets no mark.
 */
export function limitMarks(bars: DailyBar[], code: string, name?: string): LimitMark[] {
  const marks: LimitMark[] = [];
  let streak = 0;
  const decimals = priceDecimals(code);
  const halfTick = 0.5 / 10 ** decimals;
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    const prevClose = bar.preClose ?? bars[i - 1]?.close;
    const ratio = limitRatio(code, bar.date, { name });
    if (ratio === null || prevClose === undefined || !(prevClose > 0)) {
      streak = 0;
      continue;
    }
    const up = limitUpPrice(prevClose, ratio, decimals);
    const down = limitDownPrice(prevClose, ratio, decimals);
    if (Math.abs(bar.close - up) < halfTick) {
      streak += 1;
      marks.push({ date: bar.date, kind: "limit_up", streak });
      continue;
    }
    streak = 0;
    if (Math.abs(bar.high - up) < halfTick) marks.push({ date: bar.date, kind: "broken", streak: 0 });
    else if (Math.abs(bar.close - down) < halfTick) marks.push({ date: bar.date, kind: "limit_down", streak: 0 });
  }
  return marks;
}
