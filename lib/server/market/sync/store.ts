import "server-only";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { mergeSpans, type DateSpan, type SpanCalendar } from "@/lib/domain/market/sync-spans";
import type { Database } from "@/lib/db";
import { cacheVersions, marketSyncSpans, stockLimits, stockNames, stockSuspensions, tradingDays } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { StockLimitPrices, StockNameSpan, StockSuspension } from "@/lib/server/market/providers/types";

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
  // a run beside this one (the CLI and a queued job) may have recorded the same start meanwhile
  await database
    .insert(marketSyncSpans)
    .values(rows)
    .onConflictDoUpdate({ target: [marketSyncSpans.code, marketSyncSpans.dateFrom], set: { dateTo: sql`greatest(${marketSyncSpans.dateTo}, excluded.date_to)`, fetchedAt: sql`now()` } });
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

/**
 * The provider's all-day suspensions of `codes` over `span` replace what was stored for them there. Returns the codes
 * whose days changed (their fills are audited again).
 */
export async function replaceSuspensions(codes: readonly string[], span: DateSpan, days: readonly StockSuspension[], source: string, database: Database): Promise<string[]> {
  if (codes.length === 0) return [];
  return database.transaction(async (tx) => {
    const where = and(inArray(stockSuspensions.code, [...codes]), gte(stockSuspensions.tradeDate, span.from), lte(stockSuspensions.tradeDate, span.to));
    const before = await tx.select({ code: stockSuspensions.code, date: stockSuspensions.tradeDate }).from(stockSuspensions).where(where);
    const wanted = new Set(codes);
    const after = days.filter((d) => wanted.has(d.code) && d.date >= span.from && d.date <= span.to);
    await tx.delete(stockSuspensions).where(where);
    if (after.length > 0) await insertRows(tx, stockSuspensions, after.map((d) => ({ code: d.code, tradeDate: d.date, source })), { onConflict: sql`on conflict do nothing` });
    return changedCodes(before.map((r) => [r.code, r.date]), after.map((d) => [d.code, d.date]));
  });
}

/** The provider's history of names of the codes it names replaces theirs. Returns the codes whose names changed. */
export async function replaceNameHistory(spans: readonly StockNameSpan[], source: string, database: Database): Promise<string[]> {
  const codes = [...new Set(spans.map((s) => s.code))];
  if (codes.length === 0) return [];
  return database.transaction(async (tx) => {
    const before = await tx.select().from(stockNames).where(inArray(stockNames.code, codes));
    // one name per first day: the provider's last row for a day wins
    const rows = [...new Map(spans.map((s) => [`${s.code}|${s.from}`, { code: s.code, name: s.name, dateFrom: s.from, dateTo: s.to, source }])).values()];
    await tx.delete(stockNames).where(inArray(stockNames.code, codes));
    await insertRows(tx, stockNames, rows);
    return changedCodes(before.map((r) => [r.code, `${r.dateFrom}|${r.dateTo}|${r.name}`]), rows.map((r) => [r.code, `${r.dateFrom}|${r.dateTo}|${r.name}`]));
  });
}

/** The codes whose set of facts differs between two lists of [code, fact]. */
function changedCodes(before: readonly (readonly [string, string])[], after: readonly (readonly [string, string])[]): string[] {
  const key = (list: readonly (readonly [string, string])[]) => new Set(list.map(([code, fact]) => `${code}\u0000${fact}`));
  const a = key(before);
  const b = key(after);
  const changed = new Set<string>();
  for (const k of a) if (!b.has(k)) changed.add(k.slice(0, k.indexOf("\u0000")));
  for (const k of b) if (!a.has(k)) changed.add(k.slice(0, k.indexOf("\u0000")));
  return [...changed].sort();
}

/**
 * The provider's limit prices of `codes` over `span` replace what was stored for them there. Returns the codes whose
 * limit prices changed.
 */
export async function replaceLimitPrices(codes: readonly string[], span: DateSpan, days: readonly StockLimitPrices[], source: string, database: Database): Promise<string[]> {
  if (codes.length === 0) return [];
  return database.transaction(async (tx) => {
    const where = and(inArray(stockLimits.code, [...codes]), gte(stockLimits.tradeDate, span.from), lte(stockLimits.tradeDate, span.to));
    const before = await tx.select({ code: stockLimits.code, date: stockLimits.tradeDate, up: stockLimits.upLimit, down: stockLimits.downLimit }).from(stockLimits).where(where);
    const wanted = new Set(codes);
    const after = [...new Map(days.filter((d) => wanted.has(d.code) && d.date >= span.from && d.date <= span.to).map((d) => [`${d.code}|${d.date}`, d])).values()];
    await tx.delete(stockLimits).where(where);
    await insertRows(tx, stockLimits, after.map((d) => ({ code: d.code, tradeDate: d.date, upLimit: d.up, downLimit: d.down, source })));
    return changedCodes(before.map((r) => [r.code, `${r.date}|${r.up}|${r.down}`]), after.map((d) => [d.code, `${d.date}|${d.up}|${d.down}`]));
  });
}
