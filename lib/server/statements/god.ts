import "server-only";
import { and, asc, desc, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import { DIRECTORY_PAGE_SIZE, type DirectorySort } from "@/lib/domain/statements/directory";
import type { DayTrade, MasterCard } from "@/lib/domain/statements/views";
import { db } from "@/lib/db";
import { masters, roundTrips, statementFills } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { statementAccess, type StatementAccess } from "./access";
import { countedTrip } from "./counted-trips";
import { directoryPage, disclosedThroughSql } from "./directory";

export type { DayTrade, MasterCard } from "@/lib/domain/statements/views";

/** Masters with figures from the round trips disclosed to this viewer: a page of the directory (oldest first by default). */
export async function masterCards(
  access: StatementAccess,
  opts: { limit?: number; offset?: number; q?: string; sort?: DirectorySort } = {},
): Promise<{ items: MasterCard[]; total: number }> {
  return directoryPage(access, { sort: opts.sort ?? "new", q: opts.q, limit: opts.limit, offset: opts.offset });
}

/** Fills shown per page of a day's trades on /god. */
export const DAY_TRADES_PAGE_SIZE = 50;

/**
 * One page of the fills of every master on one day (time order), for the masters whose disclosure reaches that day;
 * `total` counts those fills, `hiddenMasters` the masters who traded that day but are not disclosed that far yet.
 */
export async function tradesOnDay(
  access: StatementAccess,
  day: string,
  opts: { limit?: number; offset?: number } = {},
): Promise<{ trades: DayTrade[]; total: number; hiddenMasters: number }> {
  const database = await db();
  const through = await disclosedThroughSql(database, access);
  if (!through) return { trades: [], total: 0, hiddenMasters: 0 };
  const visible = sql`${day}::date <= ${through}`;
  const onDay = and(eq(statementFills.tradeDate, day), isNotNull(statementFills.masterGuid));
  const [[counts], rows] = await Promise.all([
    database
      .select({
        total: sql<number>`(count(*) filter (where ${visible}))::int`,
        hidden: sql<number>`(count(distinct ${statementFills.masterGuid}) filter (where not (${visible})))::int`,
      })
      .from(statementFills)
      .innerJoin(masters, eq(masters.guid, statementFills.masterGuid))
      .where(onDay),
    database
      .select({ fill: statementFills, masterName: masters.name, isDemo: masters.isDemo })
      .from(statementFills)
      .innerJoin(masters, eq(masters.guid, statementFills.masterGuid))
      .where(and(onDay, visible))
      .orderBy(asc(statementFills.tradeTime), asc(statementFills.id))
      .limit(opts.limit ?? DAY_TRADES_PAGE_SIZE)
      .offset(opts.offset ?? 0),
  ]);
  return {
    total: counts?.total ?? 0,
    hiddenMasters: counts?.hidden ?? 0,
    trades: rows.map(({ fill: r, masterName, isDemo }) => ({
      masterGuid: r.masterGuid!, masterName, isDemo, date: r.tradeDate, time: r.tradeTime, code: r.code,
      exchange: r.exchange, name: r.name, side: r.side, quantity: r.quantity, price: r.price, amount: r.amount,
    })),
  };
}

/** Days on which any master traded, newest first (for the date picker and the default day). */
export async function masterTradingDays(limit = 250): Promise<string[]> {
  const rows = await (await db())
    .selectDistinct({ day: statementFills.tradeDate })
    .from(statementFills)
    .where(isNotNull(statementFills.masterGuid))
    .orderBy(desc(statementFills.tradeDate))
    .limit(limit);
  return rows.map((r) => r.day);
}

export interface GodHub {
  /** the most active masters (DIRECTORY_PAGE_SIZE of them) */
  masters: MasterCard[];
  /** every master */
  masterTotal: number;
  day: string | null;
  /** one page of the day's disclosed fills */
  trades: DayTrade[];
  /** the day's disclosed fills in all */
  tradesTotal: number;
  tradesPage: number;
  tradesPageSize: number;
  hiddenMasters: number;
  tradingDays: string[];
  fullAccess: boolean;
  /** the newest day a non-VIP can open (free sample) */
  sampleThrough: string;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
}

/** /god: the most active masters and a page of one day's trades (the newest day this viewer can see unless a day is asked for). */
export async function godHub(viewer: Viewer | null, day?: string, tradesPage = 1): Promise<GodHub> {
  const access = await statementAccess(viewer);
  const page = Math.max(1, Math.floor(tradesPage));
  return publicData(`god|${access.cacheKey}|${day ?? ""}|${page}`, ["statements", "market"], () => godHubFor(access, day, page));
}

async function godHubFor(access: StatementAccess, day: string | undefined, page: number): Promise<GodHub> {
  const [cards, days] = await Promise.all([directoryPage(access, { sort: "active", limit: DIRECTORY_PAGE_SIZE }), masterTradingDays()]);
  const sampleThrough = access.through(0);
  const chosen = day ?? days.find((d) => d <= sampleThrough) ?? null;
  const offset = (page - 1) * DAY_TRADES_PAGE_SIZE;
  const { trades, total, hiddenMasters } = chosen ? await tradesOnDay(access, chosen, { offset }) : { trades: [], total: 0, hiddenMasters: 0 };
  return {
    masters: cards.items, masterTotal: cards.total, day: chosen, trades, tradesTotal: total, tradesPage: page, tradesPageSize: DAY_TRADES_PAGE_SIZE,
    hiddenMasters, tradingDays: days, fullAccess: access.fullAccess, sampleThrough, asOf: access.asOf,
  };
}

/**
 * The newest day on which some visible master's closed round trips add up to a gain (`win`) or a loss (`loss`), or
 * on which any round trip closed: the default day of the rankings and the loss tracker, so they do not open empty.
 */
export async function latestCloseDay(through: (delayDays: number) => string, opts: { result?: "win" | "loss" } = {}): Promise<string | null> {
  const database = await db();
  const all = await database.select().from(masters);
  if (all.length === 0) return null;
  const total = sql`sum(${roundTrips.pnl})`;
  const [row] = await database
    .select({ day: roundTrips.closeDate })
    .from(roundTrips)
    .where(and(countedTrip, or(...all.map((m) => and(eq(roundTrips.masterGuid, m.guid), lte(roundTrips.closeDate, through(m.disclosureDelayDays)))))))
    .groupBy(roundTrips.closeDate, roundTrips.masterGuid)
    .having(opts.result === "win" ? sql`${total} > 0` : opts.result === "loss" ? sql`${total} < 0` : undefined)
    .orderBy(desc(roundTrips.closeDate))
    .limit(1);
  return row?.day ?? null;
}

/** The newest days on which a visible master closed a round trip, newest first. */
export async function recentCloseDays(through: (delayDays: number) => string, limit: number): Promise<string[]> {
  const database = await db();
  const all = await database.select().from(masters);
  if (all.length === 0) return [];
  const rows = await database
    .selectDistinct({ day: roundTrips.closeDate })
    .from(roundTrips)
    .where(and(countedTrip, or(...all.map((m) => and(eq(roundTrips.masterGuid, m.guid), lte(roundTrips.closeDate, through(m.disclosureDelayDays)))))))
    .orderBy(desc(roundTrips.closeDate))
    .limit(limit);
  return rows.map((r) => r.day!).filter(Boolean);
}
