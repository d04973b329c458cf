import "server-only";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { mergeSpans, type DateSpan, type SpanCalendar } from "@/lib/domain/market/sync-spans";
import type { Database } from "@/lib/db";
import { cacheVersions, marketSyncSpans, tradingDays } from "@/lib/db/schema";

/** The spans already fetched, per code, ascending. */
export async function fetchedSpans(codes: readonly string[], database: Database): Promise<Map<string, DateSpan[]>> {
  const byCode = new Map<string, DateSpan[]>();
  if (codes.length === 0) return byCode;
  const rows = await database
    .select({ code: marketSyncSpans.code, from: marketSyncSpans.dateFrom, to: marketSyncSpans.dateTo })
    .from(marketSyncSpans)
    .where(inArray(marketSyncSpans.code, [...new Set(codes)]))
    .orderBy(asc(marketSyncSpans.code), asc(marketSyncSpans.dateFrom));
  for (const row of rows) {
    const list = byCode.get(row.code) ?? [];
    list.push({ from: row.from, to: row.to });
    byCode.set(row.code, list);
  }
  return byCode;
}

/**
 * Records that `span` was fetched for each code, joined with what was fetched before (spans apart by idle days only
 * become one). Call it in the transaction that stored the span's bars: a span is never recorded without them.
 */
export async function recordFetchedSpan(
  codes: readonly string[],
  span: DateSpan,
  provider: string,
  calendar: SpanCalendar,
  database: Database,
): Promise<void> {
  if (codes.length === 0) return;
  const known = await fetchedSpans(codes, database);
  const rows = codes.flatMap((code) => mergeSpans([...(known.get(code) ?? []), span], calendar).map((s) => ({ code, dateFrom: s.from, dateTo: s.to, provider })));
  await database.delete(marketSyncSpans).where(inArray(marketSyncSpans.code, [...codes]));
  await database.insert(marketSyncSpans).values(rows);
}

/**
 * The provider's trading days over [from, to] replace what was stored for those days, and the cached calendars are
 * told (trading_days has no cache trigger of its own).
 */
export async function replaceTradingDays(span: DateSpan, days: readonly string[], source: string, database: Database): Promise<void> {
  await database.delete(tradingDays).where(and(gte(tradingDays.tradeDate, span.from), lte(tradingDays.tradeDate, span.to)));
  const inside = days.filter((d) => d >= span.from && d <= span.to);
  for (let i = 0; i < inside.length; i += 1000) {
    await database.insert(tradingDays).values(inside.slice(i, i + 1000).map((tradeDate) => ({ tradeDate, source }))).onConflictDoNothing();
  }
  await database.update(cacheVersions).set({ version: sql`${cacheVersions.version} + 1` }).where(eq(cacheVersions.tag, "market"));
}
