import { shanghaiDate } from "@/lib/domain/membership";
import type { TradingCalendar } from "./calendar";

/**
 * The daily market sync runs at 16:00 Asia/Shanghai: an hour after the 15:00 close, when the providers have published
 * the day's bars (Tushare's `daily` is updated between 15:00 and 16:00).
 */
export const DAILY_SYNC_TIME = "16:00";

export interface DailySyncSlot {
  /** the trading day whose bars the run fetches (`YYYY-MM-DD`, Asia/Shanghai) */
  date: string;
  /** 16:00 Asia/Shanghai on that day */
  runAfter: Date;
}

/** 16:00 Asia/Shanghai (UTC+8, no daylight saving) on `date`. */
export function dailySyncInstant(date: string): Date {
  return new Date(`${date}T${DAILY_SYNC_TIME}:00+08:00`);
}

/**
 * The next daily sync strictly after `now`: today at 16:00 when today is a trading day and it is not 16:00 yet,
 * otherwise 16:00 on the next trading day (so weekends and holidays such as Spring Festival are skipped).
 */
export function nextDailySyncSlot(now: Date, calendar: Pick<TradingCalendar, "isTradingDay" | "next">): DailySyncSlot {
  const today = shanghaiDate(now);
  const date = calendar.isTradingDay(today) && now.getTime() < dailySyncInstant(today).getTime() ? today : calendar.next(today);
  return { date, runAfter: dailySyncInstant(date) };
}
