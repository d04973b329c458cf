import { isoDayNumber } from "@/lib/domain/iso-day";
import type { DailyBar } from "@/lib/domain/market/types";

/** Monday of the date's week, as a day number (weeks run Monday–Sunday, so a Mon–Fri week stays together) */
function weekOf(date: string): number {
  const day = isoDayNumber(date) ?? Number.NaN;
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday; 1970-01-01 was a Thursday
  return day - ((weekday + 6) % 7);
}

/**
 * Weekly bars from daily bars, per code: open of the first day, high/low over the week, close and date of the
 * last trading day, volume and amount summed (amount null when any day lacks it).
 */
export function weeklyBars(daily: DailyBar[]): DailyBar[] {
  const sorted = [...daily].sort((a, b) =>
    a.code === b.code ? (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) : a.code < b.code ? -1 : 1,
  );
  const weeks: DailyBar[] = [];
  let current: DailyBar | null = null;
  let currentWeek = Number.NaN;
  for (const bar of sorted) {
    const week = weekOf(bar.date);
    if (current && current.code === bar.code && week === currentWeek) {
      current.date = bar.date;
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.volume += bar.volume;
      current.amount = current.amount === null || bar.amount === null ? null : current.amount + bar.amount;
      continue;
    }
    current = { ...bar };
    currentWeek = week;
    weeks.push(current);
  }
  for (const week of weeks) {
    if (week.amount !== null) week.amount = Math.round(week.amount * 100) / 100;
  }
  return weeks;
}
