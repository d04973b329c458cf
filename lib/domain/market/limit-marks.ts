import { limitRatio, limitUpPrice, limitDownPrice } from "./limits";
import type { DailyBar } from "./types";

export type LimitMarkKind = "limit_up" | "broken" | "limit_down";

export interface LimitMark {
  date: string;
  kind: LimitMarkKind;
  /** consecutive limit-up closes ending this day (连板), 1 for a first board */
  streak: number;
}

const TICK = 0.005;

/**
 * 涨停 (closed at the limit-up price), 炸板 (touched it, closed below) and 跌停 per day, by the limit in force on that day.
 * The first bar has no previous close and gets no mark.
 */
export function limitMarks(bars: DailyBar[], code: string, name?: string): LimitMark[] {
  const marks: LimitMark[] = [];
  let streak = 0;
  for (let i = 1; i < bars.length; i++) {
    const bar = bars[i]!;
    const prevClose = bars[i - 1]!.close;
    const ratio = limitRatio(code, bar.date, { name });
    if (ratio === null) {
      streak = 0;
      continue;
    }
    const up = limitUpPrice(prevClose, ratio);
    const down = limitDownPrice(prevClose, ratio);
    if (Math.abs(bar.close - up) < TICK) {
      streak += 1;
      marks.push({ date: bar.date, kind: "limit_up", streak });
      continue;
    }
    streak = 0;
    if (Math.abs(bar.high - up) < TICK) marks.push({ date: bar.date, kind: "broken", streak: 0 });
    else if (Math.abs(bar.close - down) < TICK) marks.push({ date: bar.date, kind: "limit_down", streak: 0 });
  }
  return marks;
}
