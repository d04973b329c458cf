import "server-only";
import { inArray } from "drizzle-orm";
import { labelFills } from "@/lib/domain/lessons/label-fills";
import { playRecord, type PlayRecord } from "@/lib/domain/lessons/play-record";
import { dayContexts, type DayContext, type PlayLabel, type UnknownPlay } from "@/lib/domain/lessons/plays";
import { isStockCode } from "@/lib/domain/market/codes";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import type { Database } from "@/lib/db";
import { stockLimits } from "@/lib/db/schema";
import { barsByCode } from "@/lib/server/market/bars";

type BookFill = StatementAnalysis["fills"][number];

/** The fills a 打法 is given to, and a drill is about: A-share stock trades (a 港股通 or fund fill has no limit rules). */
export const isLabelledFill = (f: BookFill) => f.market === "A" && isStockCode(f.code) && f.kind === "trade";

/**
 * The 打法 of each of `fills` (a book's fills in its order, docs/adr/0080), null for a fill that is no A-share stock
 * trade: each labelled from its day's bar and limit-up price (the exchange's where the provider stated it), with the
 * open of the next trading day for the 打板 figures.
 */
export async function fillPlays(database: Database, fills: readonly BookFill[]): Promise<{ labels: (PlayLabel | UnknownPlay | null)[]; nextOpen: (code: string, date: string) => number | undefined }> {
  const labelled = fills.filter(isLabelledFill);
  const codes = [...new Set(labelled.map((f) => f.code))];
  const [bars, limits] = await Promise.all([
    barsByCode(codes, database),
    codes.length > 0 ? database.select({ code: stockLimits.code, date: stockLimits.tradeDate, up: stockLimits.upLimit }).from(stockLimits).where(inArray(stockLimits.code, codes)) : [],
  ]);
  const stated = new Map(limits.map((l) => [`${l.code}|${l.date}`, l.up]));
  const names = new Map(labelled.map((f) => [f.code, f.name]));
  const contexts = new Map<string, Map<string, DayContext>>();
  const nextOpens = new Map<string, number>();
  for (const code of codes) {
    const codeBars = bars.get(code) ?? [];
    contexts.set(code, dayContexts(code, codeBars, { name: names.get(code), limitUpOn: (date) => stated.get(`${code}|${date}`) }));
    for (let i = 0; i + 1 < codeBars.length; i++) nextOpens.set(`${code}|${codeBars[i]!.date}`, codeBars[i + 1]!.open);
  }
  const labels = labelFills(labelled, (code) => contexts.get(code));
  const byFill = new Map(labelled.map((f, i) => [f, labels[i]!]));
  return { labels: fills.map((f) => byFill.get(f) ?? null), nextOpen: (code, date) => nextOpens.get(`${code}|${date}`) };
}

/**
 * A book's record per 打法 (docs/adr/0080) from an analysis the caller has already read for its viewer: each realised
 * round trip counted for the buy that opened it.
 */
export async function bookPlays(database: Database, analysis: StatementAnalysis): Promise<PlayRecord> {
  const { labels, nextOpen } = await fillPlays(database, analysis.fills);
  const buys = analysis.fills.flatMap((f, i) => (f.side === "buy" && labels[i] ? [{ code: f.code, date: f.date, time: f.time, price: f.price, label: labels[i]! }] : []));
  const trips = analysis.roundTrips.filter((t) => t.market === "A").map((t) => ({ code: t.code, openDate: t.openDate, realized: t.realized, pnl: t.pnl }));
  return playRecord(buys, trips, nextOpen);
}
