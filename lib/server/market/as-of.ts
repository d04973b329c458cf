import "server-only";
import { isNotNull, max } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { marketBars, statementFills, strategyFills } from "@/lib/db/schema";
import { shanghaiDate } from "@/lib/domain/membership";
import { publicData } from "@/lib/server/cache/public-data";

/**
 * The site's one clock (ADR 0036): the newest market day it holds data for — bars, masters' fills (not members' own uploads) or strategies'
 * fills, whichever is latest — and never after today in Asia/Shanghai; today when it holds none. Every page with
 * market-day data says 数据截至 this day, and the disclosure delays count back from it, so a demo world that ends on
 * its own "today" reads the same on every page however long ago it was generated.
 */
export async function marketAsOf(now = new Date(), within?: Database): Promise<string> {
  const today = shanghaiDate(now);
  // Inside a transaction the caller passes it: on PGlite a second connection would wait for the transaction forever.
  const latest = within ? await latestDataDay(within) : await publicData("market-as-of", ["market", "statements", "strategies"], async () => latestDataDay(await db()));
  return latest && latest < today ? latest : today;
}

async function latestDataDay(database: Database): Promise<string | null> {
  const [[bars], [fills], [strategy]] = await Promise.all([
    database.select({ day: max(marketBars.tradeDate) }).from(marketBars),
    database.select({ day: max(statementFills.tradeDate) }).from(statementFills).where(isNotNull(statementFills.masterGuid)),
    database.select({ day: max(strategyFills.tradeDate) }).from(strategyFills),
  ]);
  const days = [bars?.day, fills?.day, strategy?.day].filter((d): d is string => typeof d === "string");
  return days.length ? days.reduce((a, b) => (a > b ? a : b)) : null;
}
