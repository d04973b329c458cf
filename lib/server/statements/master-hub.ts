import "server-only";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { DIRECTORY_PAGE_SIZE, type DirectorySort } from "@/lib/domain/statements/directory";
import type { DayTrade, MasterCard } from "@/lib/domain/statements/views";
import { db } from "@/lib/db";
import { masters, statementFills } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { statementAccess, type StatementAccess } from "./access";
import { directoryPage } from "./directory";
import { disclosureSql, rowsOf } from "./disclosure-sql";

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
  const through = (await disclosureSql(database, access.through))?.through;
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

/**
 * Days on which any master traded, newest first (for the date picker and the default day): a loose index scan over
 * master_days.day (ADR 0046) — one index probe per day returned, however many masters trade each day.
 */
export async function masterTradingDays(limit = 250): Promise<string[]> {
  const n = Math.max(0, Math.trunc(limit));
  if (n === 0) return [];
  const result = await (await db()).execute(sql`
    with recursive d(day, n) as (
      (select day, 1 from master_days where fills > 0 order by day desc limit 1)
      union all
      select (select md.day from master_days md where md.day < d.day and md.fills > 0 order by md.day desc limit 1), d.n + 1
      from d where d.day is not null and d.n < ${n}
    )
    select day::text as day from d where day is not null order by day desc`);
  return rowsOf<{ day: string }>(result).map((r) => r.day);
}

export interface MasterHub {
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
export async function masterHub(viewer: Viewer | null, day?: string, tradesPage = 1): Promise<MasterHub> {
  const access = await statementAccess(viewer);
  const page = Math.max(1, Math.floor(tradesPage));
  return publicData(`master-hub|${access.cacheKey}|${day ?? ""}|${page}`, ["statements", "market"], () => masterHubFor(access, day, page));
}

async function masterHubFor(access: StatementAccess, day: string | undefined, page: number): Promise<MasterHub> {
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
 * The newest day on which some visible master's counted round trips closed that day add up to a gain (`win`) or a
 * loss (`loss`), or on which any closed: the default day of the rankings and the loss tracker, so they do not open
 * empty. Reads master_days newest day first (ADR 0046).
 */
export async function latestCloseDay(through: (delayDays: number) => string, opts: { result?: "win" | "loss" } = {}): Promise<string | null> {
  const database = await db();
  const disclosure = await disclosureSql(database, through);
  if (!disclosure) return null;
  const sign = opts.result === "win" ? sql`and master_days.pnl > 0` : opts.result === "loss" ? sql`and master_days.pnl < 0` : sql``;
  const result = await database.execute(sql`
    select master_days.day::text as day
    from master_days join masters on masters.guid = master_days.master_guid
    where master_days.trips > 0 ${sign} and master_days.day <= ${disclosure.through}
    order by master_days.day desc limit 1`);
  return rowsOf<{ day: string }>(result)[0]?.day ?? null;
}

/** The newest days on which a visible master closed a counted round trip, newest first. */
export async function recentCloseDays(through: (delayDays: number) => string, limit: number): Promise<string[]> {
  const database = await db();
  const disclosure = await disclosureSql(database, through);
  const n = Math.max(0, Math.trunc(limit));
  if (!disclosure || n === 0) return [];
  const result = await database.execute(sql`
    select master_days.day::text as day
    from master_days join masters on masters.guid = master_days.master_guid
    where master_days.trips > 0 and master_days.day <= ${disclosure.through}
    group by master_days.day order by master_days.day desc limit ${n}`);
  return rowsOf<{ day: string }>(result).map((r) => r.day);
}
