import "server-only";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { distinctSources, type BarSource } from "@/lib/domain/market/bar-source";
import type { DailyBar } from "@/lib/domain/market/types";
import { db, type Database } from "@/lib/db";
import { marketBars, stocks } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import { selectRows } from "@/lib/db/select-rows";
import type { Exchange } from "@/lib/domain/market/types";

type BarRow = typeof marketBars.$inferSelect;

function toBar(row: BarRow): DailyBar {
  return { code: row.code, date: row.tradeDate, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume, amount: row.amount, preClose: row.preClose };
}

/** Daily bars of one stock in a date window (inclusive), oldest first. */
export async function barsFor(code: string, from: string, to: string): Promise<DailyBar[]> {
  return (await chartBarsFor(code, from, to)).bars;
}

/** The bars of a chart and where they came from (the page names the source and says 模拟行情 only for made-up bars). */
export async function chartBarsFor(code: string, from: string, to: string): Promise<{ bars: DailyBar[]; sources: BarSource[] }> {
  const rows = await (await db())
    .select()
    .from(marketBars)
    .where(and(eq(marketBars.code, code), gte(marketBars.tradeDate, from), lte(marketBars.tradeDate, to)))
    .orderBy(asc(marketBars.tradeDate));
  return { bars: rows.map(toBar), sources: distinctSources(rows.map((r) => r.source)) };
}

/** Every bar of the given stocks, grouped by code (for the analysis' style tags and limit marks). */
export async function barsByCode(codes: string[], database?: Database): Promise<Map<string, DailyBar[]>> {
  const byCode = new Map<string, DailyBar[]>();
  if (codes.length === 0) return byCode;
  const rows = await selectRows(database ?? (await db()), marketBars, inArray(marketBars.code, [...new Set(codes)]), sql`${marketBars.code}, ${marketBars.tradeDate}`);
  for (const row of rows) {
    const list = byCode.get(row.code) ?? [];
    list.push(toBar(row));
    byCode.set(row.code, list);
  }
  return byCode;
}

/**
 * Whether the stock is one of the demo's synthetic stocks (stocks.is_synthetic, set by the demo seed). A chart's
 * 模拟行情 badge follows the bars it draws instead (chartBarsFor's sources).
 */
export async function isSyntheticMarket(code: string): Promise<boolean> {
  const [row] = await (await db()).select({ s: stocks.isSynthetic }).from(stocks).where(eq(stocks.code, code)).limit(1);
  return row?.s ?? false;
}

export interface BarImportResult {
  code: string;
  inserted: number;
  updated: number;
}

/** Upserts bars in batches (a re-import corrects earlier values) and records the stock's name when known. */
export async function upsertBars(
  bars: DailyBar[],
  opts: { source: BarRow["source"]; name?: string; exchange?: Exchange; onProgress?: (done: number) => void },
  database?: Database,
): Promise<number> {
  const target = database ?? (await db());
  const BATCH = 5000;
  for (let i = 0; i < bars.length; i += BATCH) {
    const chunk = bars.slice(i, i + BATCH).map((b) => ({
      code: b.code, tradeDate: b.date, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume, amount: b.amount, preClose: b.preClose ?? null, source: opts.source,
    }));
    await insertRows(target, marketBars, chunk, {
      onConflict: sql`on conflict (code, trade_date) do update set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
        volume = excluded.volume, amount = excluded.amount, pre_close = excluded.pre_close, source = excluded.source`,
    });
    opts.onProgress?.(Math.min(i + BATCH, bars.length));
  }
  return bars.length;
}

/** Records (or renames) a stock; names from statements fill in stocks that bars alone did not name. */
export async function rememberStocks(
  entries: { code: string; exchange: Exchange; name: string }[],
  opts: { synthetic?: boolean; overwriteName?: boolean } = {},
  database?: Database,
): Promise<void> {
  // a security a file named without a code is keyed by its name (docs/adr/0075): not a stock the site knows
  const unique = [...new Map(entries.filter((e) => e.name && /^\d{5,6}$/.test(e.code)).map((e) => [e.code, e])).values()];
  if (unique.length === 0) return;
  const target = database ?? (await db());
  const insert = target.insert(stocks).values(unique.map((e) => ({ code: e.code, exchange: e.exchange, name: e.name, isSynthetic: opts.synthetic ?? false })));
  // a stock already known keeps its row untouched unless its name is to be replaced (rewriting it cost every import a write per code)
  if (opts.overwriteName) {
    await insert.onConflictDoUpdate({ target: stocks.code, set: { name: sql`excluded.name`, isSynthetic: sql`excluded.is_synthetic`, updatedAt: sql`now()` } });
  } else {
    await insert.onConflictDoNothing({ target: stocks.code });
  }
}
