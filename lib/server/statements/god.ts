import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { DayTrade, MasterCard, TradeDaySummary } from "@/lib/domain/statements/views";
import { db } from "@/lib/db";
import { masters, roundTrips, statementFills } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { rankingAccess, statementAccess, type StatementAccess } from "./access";
import { countedTrip } from "./counted-trips";
import { disclosureSql, rowsOf } from "./disclosure-sql";

export type { DayTrade, MasterCard, TradeDaySummary } from "@/lib/domain/statements/views";

/** Every master with figures from the round trips disclosed to this viewer. */
export async function masterCards(access: StatementAccess, opts: { limit?: number; offset?: number } = {}): Promise<{ items: MasterCard[]; total: number }> {
  const database = await db();
  const all = await database.select().from(masters).orderBy(asc(masters.createdAt), asc(masters.name));
  const page = all.slice(opts.offset ?? 0, (opts.offset ?? 0) + (opts.limit ?? all.length));
  const items = await Promise.all(
    page.map(async (m) => {
      const through = access.through(m.disclosureDelayDays);
      const [[figures], [latest]] = await Promise.all([
        database
          .select({
            pnl: sql<string | null>`sum(${roundTrips.pnl})`,
            n: sql<number>`count(*)::int`,
            wins: sql<number>`count(*) filter (where ${roundTrips.pnl} > 0)::int`,
          })
          .from(roundTrips)
          .where(and(eq(roundTrips.masterGuid, m.guid), countedTrip, isNotNull(roundTrips.closeDate), lte(roundTrips.closeDate, through))),
        database
          .select({ day: sql<string | null>`max(${statementFills.tradeDate})::text` })
          .from(statementFills)
          .where(and(eq(statementFills.masterGuid, m.guid), lte(statementFills.tradeDate, through))),
      ]);
      const closedTrips = figures?.n ?? 0;
      return {
        guid: m.guid,
        name: m.name,
        avatarUrl: m.avatarUrl,
        bio: m.bio,
        styleTags: m.styleTags,
        isDemo: m.isDemo,
        delayDays: m.disclosureDelayDays,
        realizedPnl: Number(figures?.pnl ?? 0),
        closedTrips,
        wins: figures?.wins ?? 0,
        winRate: closedTrips > 0 ? (figures?.wins ?? 0) / closedTrips : null,
        latestTradeDay: latest?.day ?? null,
      } satisfies MasterCard;
    }),
  );
  return { items, total: all.length };
}

/** Fills of every master on one day, for the masters whose disclosure reaches that day. */
export async function tradesOnDay(access: StatementAccess, day: string): Promise<{ trades: DayTrade[]; hiddenMasters: number }> {
  const database = await db();
  const all = await database.select().from(masters);
  const visible = all.filter((m) => day <= access.through(m.disclosureDelayDays));
  const tradedThatDay = await database
    .selectDistinct({ guid: statementFills.masterGuid })
    .from(statementFills)
    .where(and(eq(statementFills.tradeDate, day), isNotNull(statementFills.masterGuid)));
  const visibleGuids = new Set(visible.map((m) => m.guid));
  const hiddenMasters = tradedThatDay.filter((r) => r.guid && !visibleGuids.has(r.guid)).length;
  if (visible.length === 0) return { trades: [], hiddenMasters };
  const byGuid = new Map(all.map((m) => [m.guid, m]));
  const rows = await database
    .select()
    .from(statementFills)
    .where(and(eq(statementFills.tradeDate, day), inArray(statementFills.masterGuid, [...visibleGuids])))
    .orderBy(asc(statementFills.tradeTime), asc(statementFills.id));
  return {
    hiddenMasters,
    trades: rows.map((r) => {
      const m = byGuid.get(r.masterGuid!)!;
      return {
        masterGuid: m.guid, masterName: m.name, isDemo: m.isDemo, date: r.tradeDate, time: r.tradeTime, code: r.code,
        exchange: r.exchange, name: r.name, side: r.side, quantity: r.quantity, price: r.price, amount: r.amount,
      };
    }),
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

export interface GodHub {
  masters: MasterCard[];
  day: string | null;
  trades: DayTrade[];
  hiddenMasters: number;
  tradingDays: string[];
  fullAccess: boolean;
  /** the newest day a non-VIP can open (free sample) */
  sampleThrough: string;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
}

/** /god: the masters and one day's trades (the newest day this viewer can see unless a day is asked for). */
export async function godHub(viewer: Viewer | null, day?: string): Promise<GodHub> {
  const access = await statementAccess(viewer);
  return publicData(`god|${access.cacheKey}|${day ?? ""}`, ["statements", "market"], () => godHubFor(access, day));
}

async function godHubFor(access: StatementAccess, day: string | undefined): Promise<GodHub> {
  const [cards, days] = await Promise.all([masterCards(access), masterTradingDays()]);
  const sampleThrough = access.through(0);
  const chosen = day ?? days.find((d) => d <= sampleThrough) ?? null;
  const { trades, hiddenMasters } = chosen ? await tradesOnDay(access, chosen) : { trades: [], hiddenMasters: 0 };
  return { masters: cards.items, day: chosen, trades, hiddenMasters, tradingDays: days, fullAccess: access.fullAccess, sampleThrough, asOf: access.asOf };
}

/** /list/god: the masters' recent trading days, newest first, each with who traded and what. */
export async function recentTradeDays(viewer: Viewer | null, page: number, pageSize: number): Promise<{ items: TradeDaySummary[]; total: number }> {
  const [ranking, access] = await Promise.all([rankingAccess(viewer), statementAccess(viewer)]);
  const database = await db();
  const all = await database.select().from(masters);
  if (all.length === 0) return { items: [], total: 0 };
  const disclosed = or(...all.map((m) => and(eq(statementFills.masterGuid, m.guid), lte(statementFills.tradeDate, ranking.through(m.disclosureDelayDays)))));
  const [totals] = await database.select({ n: sql<number>`count(distinct ${statementFills.tradeDate})::int` }).from(statementFills).where(disclosed);
  const rows = await database
    .select({
      day: statementFills.tradeDate,
      masters: sql<number>`count(distinct ${statementFills.masterGuid})::int`,
      fills: sql<number>`count(*)::int`,
      names: sql<string[]>`array_agg(distinct ${statementFills.name})`,
    })
    .from(statementFills)
    .where(disclosed)
    .groupBy(statementFills.tradeDate)
    .orderBy(desc(statementFills.tradeDate))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const sampleThrough = access.through(0);
  return {
    total: totals?.n ?? 0,
    items: rows.map((r) => ({ day: r.day, masters: r.masters, fills: r.fills, names: (r.names ?? []).slice(0, 6), locked: !access.fullAccess && r.day > sampleThrough })),
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
