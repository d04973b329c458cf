import "server-only";
import { asc, sql } from "drizzle-orm";
import { createCalendar } from "@/lib/domain/market/calendar";
import type { TradingCalendar } from "@/lib/domain/market/calendar";
import { db, type Database } from "@/lib/db";
import { tradingDays } from "@/lib/db/schema";

interface CachedCalendar {
  key: string;
  calendar: TradingCalendar;
  days: readonly string[];
}

let cached: CachedCalendar | null = null;

/**
 * The exchange calendar: within the span of the provider's calendar (the trading_days table, filled by the market
 * sync) exactly its days; outside it, and when no provider calendar was synced (the demo), weekdays minus the published
 * exchange closures (EXCHANGE_HOLIDAYS). Bars never define it: a suspended stock or a partial sync removes no day.
 */
export async function marketCalendar(within?: Database): Promise<TradingCalendar> {
  // Inside a transaction the caller passes it: on PGlite a second connection would wait for the transaction forever.
  return (await calendarEntry(within ?? (await db()))).calendar;
}

/** The provider's trading days behind that calendar, for a worker thread to build the same one (parser-pool.ts). */
export async function marketTradingDays(within?: Database): Promise<readonly string[]> {
  return (await calendarEntry(within ?? (await db()))).days;
}

/**
 * Rebuilt when trading_days changes. Its size and ends are the key, read on every call (a primary-key aggregate over a
 * few thousand rows): trading_days has no cache-version trigger, and a sync on another instance must be seen at once.
 */
async function calendarEntry(database: Database): Promise<CachedCalendar> {
  const [stamp] = await database
    .select({
      n: sql<number>`count(*)::int`,
      first: sql<string | null>`min(${tradingDays.tradeDate})::text`,
      last: sql<string | null>`max(${tradingDays.tradeDate})::text`,
    })
    .from(tradingDays);
  const key = `${stamp?.n ?? 0}|${stamp?.first ?? ""}|${stamp?.last ?? ""}`;
  if (cached?.key === key) return cached;
  const rows = await database.select({ d: tradingDays.tradeDate }).from(tradingDays).orderBy(asc(tradingDays.tradeDate));
  const days = rows.map((r) => r.d);
  cached = { key, calendar: createCalendar(days), days };
  return cached;
}
