import "server-only";
import { and, asc, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, statementFills, stocks } from "@/lib/db/schema";
import type { StockTraders } from "@/lib/domain/search/results";
import type { Viewer } from "@/lib/server/auth/viewer";
import { statementAccess } from "@/lib/server/statements/access";

export type { StockTrader, StockTraders } from "@/lib/domain/search/results";

/**
 * Where a stock search result leads (`/search/600519`): the stock and the masters whose disclosed fills include it,
 * most recent first, each linking to the day of their last trade in it. Only fills this viewer may see count: each
 * master's own disclosure delay, and the free-sample delay for visitors and free members (statementAccess).
 * Null when the code is not a known stock.
 */
export async function stockTraders(viewer: Viewer | null, code: string): Promise<StockTraders | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const database = await db();
  const [stock] = await database.select().from(stocks).where(eq(stocks.code, code)).limit(1);
  if (!stock) return null;
  const access = await statementAccess(viewer);
  const all = await database.select({ guid: masters.guid, name: masters.name, isDemo: masters.isDemo, delay: masters.disclosureDelayDays }).from(masters).orderBy(asc(masters.name));
  const result: StockTraders = { code, exchange: stock.exchange, name: stock.name, traders: [], delayed: !access.fullAccess && !access.staff };
  if (all.length === 0) return result;
  const visible = or(...all.map((m) => and(eq(statementFills.masterGuid, m.guid), lte(statementFills.tradeDate, access.through(m.delay)))));
  const rows = await database
    .select({
      guid: statementFills.masterGuid,
      firstDate: sql<string>`min(${statementFills.tradeDate})::text`,
      lastDate: sql<string>`max(${statementFills.tradeDate})::text`,
      buys: sql<number>`count(*) filter (where ${statementFills.side} = 'buy')::int`,
      sells: sql<number>`count(*) filter (where ${statementFills.side} = 'sell')::int`,
    })
    .from(statementFills)
    .where(and(eq(statementFills.code, code), isNotNull(statementFills.masterGuid), visible))
    .groupBy(statementFills.masterGuid);
  const byGuid = new Map(all.map((m) => [m.guid, m]));
  result.traders = rows
    .flatMap((r) => {
      const m = r.guid ? byGuid.get(r.guid) : undefined;
      return m ? [{ guid: m.guid, name: m.name, isDemo: m.isDemo, firstDate: r.firstDate, lastDate: r.lastDate, buys: r.buys, sells: r.sells, url: `/detail/${m.guid}/${r.lastDate}/${code}` }] : [];
    })
    .sort((a, b) => b.lastDate.localeCompare(a.lastDate) || a.name.localeCompare(b.name, "zh-CN"));
  return result;
}
