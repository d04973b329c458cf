import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, statementFills, stocks } from "@/lib/db/schema";
import type { StockMasters } from "@/lib/domain/search/results";
import type { Viewer } from "@/lib/server/auth/viewer";
import { statementAccess } from "@/lib/server/statements/access";
import { disclosureSql } from "@/lib/server/statements/disclosure-sql";

/** the masters listed for a stock: those who traded it most recently (the page stays the same size at any number of masters) */
const MAX_MASTERS = 30;

export type { StockMaster, StockMasters } from "@/lib/domain/search/results";

/**
 * Where a stock search result leads (`/search/600519`): the stock and the masters whose disclosed fills include it,
 * most recent first, each linking to the day of their last trade in it. Only fills this viewer may see count: each
 * master's own disclosure delay, and the free-sample delay for visitors and free members (statementAccess).
 * At most MAX_MASTERS, the most recent. Null when the code is not a known stock.
 */
export async function stockMasters(viewer: Viewer | null, code: string): Promise<StockMasters | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const database = await db();
  const [stock] = await database.select().from(stocks).where(eq(stocks.code, code)).limit(1);
  if (!stock) return null;
  const access = await statementAccess(viewer);
  const result: StockMasters = { code, exchange: stock.exchange, name: stock.name, masters: [], delayed: !access.fullAccess && !access.staff };
  const disclosure = await disclosureSql(database, access.through);
  if (!disclosure) return result;
  const lastDate = sql<string>`max(${statementFills.tradeDate})::text`;
  const rows = await database
    .select({
      guid: masters.guid,
      name: masters.name,
      isDemo: masters.isDemo,
      firstDate: sql<string>`min(${statementFills.tradeDate})::text`,
      lastDate,
      buys: sql<number>`count(*) filter (where ${statementFills.side} = 'buy')::int`,
      sells: sql<number>`count(*) filter (where ${statementFills.side} = 'sell')::int`,
    })
    .from(statementFills)
    .innerJoin(masters, eq(masters.guid, statementFills.masterGuid))
    .where(and(eq(statementFills.code, code), sql`${statementFills.tradeDate} <= ${disclosure.through}`))
    .groupBy(masters.guid, masters.name, masters.isDemo)
    .orderBy(desc(lastDate), asc(masters.name))
    .limit(MAX_MASTERS);
  result.masters = rows
    .map((r) => ({ guid: r.guid, name: r.name, isDemo: r.isDemo, firstDate: r.firstDate, lastDate: r.lastDate, buys: r.buys, sells: r.sells, url: `/detail/${r.guid}/${r.lastDate}/${code}` }))
    .sort((a, b) => b.lastDate.localeCompare(a.lastDate) || a.name.localeCompare(b.name, "zh-CN"));
  return result;
}
