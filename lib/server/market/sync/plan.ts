import "server-only";
import { eq, min, max } from "drizzle-orm";
import type { TradingCalendar } from "@/lib/domain/market/calendar";
import { hasSyncedChart } from "@/lib/domain/market/codes";
import { clampSpan, hullOf, type DateSpan } from "@/lib/domain/market/sync-spans";
import type { Database } from "@/lib/db";
import { statementFills, stocks, strategyFills } from "@/lib/db/schema";
import { CSI300_CODE } from "@/lib/server/market/providers/types";

/** What market_sync_spans calls the trading calendar. */
export const CALENDAR_CODE = "@calendar";
/** The provider calendar is kept from here on (the site's real data starts later). */
export const CALENDAR_FIRST_DAY = "2015-01-01";
/** Bars before a stock's first fill: the chart shows the run-up to the first trade. */
export const TRADING_DAYS_BEFORE_FIRST_FILL = 120;
/** Bars after its last fill: what happened after the last trade. */
export const TRADING_DAYS_AFTER_LAST_FILL = 20;
/** A code asked for by name that no fill mentions gets about a year of bars. */
export const TRADING_DAYS_WITHOUT_FILLS = 250;
/** Daily bars of a day are out after the close, from 16:00 Asia/Shanghai. */
const BARS_OUT_HOUR = 16;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export interface SyncTarget {
  code: string;
  span: DateSpan;
}

export interface SyncPlan {
  /** A-share stocks and exchange-traded funds (ETF, LOF, REITs), six-digit codes, ascending */
  stocks: SyncTarget[];
  /** the 沪深300 (CSI300_CODE), null when no span needs it */
  index: SyncTarget | null;
  /** codes asked for by name and left out, with the reason */
  skipped: { code: string; reason: string }[];
}

export interface PlanRequest {
  codes?: readonly string[];
  from?: string;
  to?: string;
  now: Date;
}

/** `YYYY-MM-DD` and hour of `now` in Asia/Shanghai (no daylight saving there). */
export function shanghaiClock(now: Date): { day: string; hour: number } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/** The last trading day whose daily bars are out: today after 16:00 Asia/Shanghai, else the trading day before. */
export function lastDayWithBars(now: Date, calendar: TradingCalendar): string {
  const { day, hour } = shanghaiClock(now);
  return calendar.isTradingDay(day) && hour >= BARS_OUT_HOUR ? day : calendar.previous(day);
}

/** The provider's calendar to keep: from 2015 to the end of the current year. */
export function calendarSpan(now: Date): DateSpan {
  return { from: CALENDAR_FIRST_DAY, to: `${shanghaiClock(now).day.slice(0, 4)}-12-31` };
}

/**
 * What a sync should hold: without codes every A-share stock and exchange-traded fund of any statement (masters' and members') or strategy
 * over [first fill − 120 trading days, last fill + 20 trading days], the 沪深300 over all of them, and the calendar;
 * with codes just those. Nothing goes past the last day whose bars are out; codes of synthetic demo bars (模拟行情) are
 * left alone.
 */
export async function planMarketSync(request: PlanRequest, calendar: TradingCalendar, database: Database): Promise<SyncPlan> {
  const lastOut = lastDayWithBars(request.now, calendar);
  const plan: SyncPlan = { stocks: [], index: null, skipped: [] };
  const fills = await fillSpans(database);
  const synthetic = new Set((await database.select({ code: stocks.code }).from(stocks).where(eq(stocks.isSynthetic, true))).map((r) => r.code));

  const spanOf = (fill: DateSpan): DateSpan => ({
    from: calendar.addTradingDays(calendar.isTradingDay(fill.from) ? fill.from : calendar.next(fill.from), -TRADING_DAYS_BEFORE_FIRST_FILL),
    to: calendar.addTradingDays(calendar.isTradingDay(fill.to) ? fill.to : calendar.previous(fill.to), TRADING_DAYS_AFTER_LAST_FILL),
  });
  const capped = (span: DateSpan, from?: string, to?: string): DateSpan | null => clampSpan(span, from, to !== undefined && to < lastOut ? to : lastOut);

  if (request.codes === undefined) {
    for (const [code, fill] of [...fills].sort(([a], [b]) => a.localeCompare(b))) {
      if (!hasSyncedChart(code) || synthetic.has(code)) continue;
      const span = capped(spanOf(fill), request.from, request.to);
      if (span) plan.stocks.push({ code, span });
    }
    const hull = hullOf(plan.stocks.map((s) => s.span));
    if (hull) plan.index = { code: CSI300_CODE, span: hull };
    return plan;
  }

  for (const code of [...new Set(request.codes)].sort()) {
    const fill = fills.get(code);
    const base = fill ? spanOf(fill) : { from: calendar.addTradingDays(lastOut, -TRADING_DAYS_WITHOUT_FILLS), to: lastOut };
    const span = capped({ from: request.from ?? base.from, to: request.to ?? base.to });
    if (code === CSI300_CODE) {
      if (span) plan.index = { code, span };
    } else if (!hasSyncedChart(code)) {
      plan.skipped.push({ code, reason: "不是 A 股股票或场内基金代码（债券、回购、申购代码等不同步）" });
    } else if (synthetic.has(code)) {
      plan.skipped.push({ code, reason: "该股票是演示用的模拟行情，不会被覆盖" });
    } else if (span) {
      plan.stocks.push({ code, span });
    }
  }
  return plan;
}

/** First and last fill day of every A-share code in any statement or strategy. */
async function fillSpans(database: Database): Promise<Map<string, DateSpan>> {
  const [fromStatements, fromStrategies] = await Promise.all([
    database
      .select({ code: statementFills.code, from: min(statementFills.tradeDate), to: max(statementFills.tradeDate) })
      .from(statementFills)
      .where(eq(statementFills.market, "A"))
      .groupBy(statementFills.code),
    database
      .select({ code: strategyFills.code, from: min(strategyFills.tradeDate), to: max(strategyFills.tradeDate) })
      .from(strategyFills)
      .groupBy(strategyFills.code),
  ]);
  const spans = new Map<string, DateSpan>();
  for (const row of [...fromStatements, ...fromStrategies]) {
    if (row.from === null || row.to === null) continue;
    const known = spans.get(row.code);
    spans.set(row.code, known ? hullOf([known, { from: row.from, to: row.to }])! : { from: row.from, to: row.to });
  }
  return spans;
}
