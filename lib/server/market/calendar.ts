import "server-only";
import { asc, sql } from "drizzle-orm";
import { createCalendar } from "@/lib/domain/market/calendar";
import type { TradingCalendar } from "@/lib/domain/market/calendar";
import { db, type Database } from "@/lib/db";
import { marketBars } from "@/lib/db/schema";
import { publicData } from "@/lib/server/cache/public-data";

interface CachedCalendar {
  key: string;
  calendar: TradingCalendar;
  days: readonly string[];
}

let cached: CachedCalendar | null = null;

/**
 * The exchange calendar confirmed by the bars we hold: days with bars are trading days, weekdays without bars inside
 * the bars' span are not. Rebuilt when the bar table changes (its row count and last date are the key).
 */
export async function marketCalendar(within?: Database): Promise<TradingCalendar> {
  // Inside a transaction the caller passes it: on PGlite a second connection would wait for the transaction forever.
  if (within) return calendarFrom(within);
  return publicData("market-calendar", ["market"], async () => calendarFrom(await db()));
}

/** The days of that calendar (the days with bars), for a worker thread to build the same calendar (parser-pool.ts). */
export async function marketTradingDays(within?: Database): Promise<readonly string[]> {
  return (await calendarEntry(within ?? (await db()))).days;
}

async function calendarFrom(database: Database): Promise<TradingCalendar> {
  return (await calendarEntry(database)).calendar;
}

async function calendarEntry(database: Database): Promise<CachedCalendar> {
  const [stamp] = await database
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${marketBars.tradeDate})::text` })
    .from(marketBars);
  const key = `${stamp?.n ?? 0}|${stamp?.last ?? ""}`;
  if (cached?.key === key) return cached;
  const rows = await database.selectDistinct({ d: marketBars.tradeDate }).from(marketBars).orderBy(asc(marketBars.tradeDate));
  const days = rows.map((r) => r.d);
  cached = { key, calendar: createCalendar(days), days };
  return cached;
}
