import "server-only";
import { sql } from "drizzle-orm";
import { roundMoney } from "@/lib/domain/statements/analysis/money";
import { FREE_LOSS_ROWS, OPEN_LOSS_THRESHOLD } from "@/lib/domain/statements/ranking-rules";
import type { ClosedLoss, LossStats, OpenLoss } from "@/lib/domain/statements/views";
import { db, type Database } from "@/lib/db";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { rankingAccess, type StatementAccess } from "./access";
import { disclosureSql, rowsOf, type DisclosureSql } from "./disclosure-sql";
import { latestCloseDay, masterTradingDays } from "./master-hub";

/** Full-access viewers see each list this many rows a page (`?page=N`). */
export const LOSS_PAGE_ROWS = 50;

export type { ClosedLoss, OpenLoss } from "@/lib/domain/statements/views";

export interface LossTracker {
  day: string | null;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
  days: string[];
  /** this page's rows of each list (visitors: the first FREE_LOSS_ROWS) */
  closed: ClosedLoss[];
  open: OpenLoss[];
  /** rows of each whole list */
  closedTotal: number;
  openTotal: number;
  truncated: boolean;
  fullAccess: boolean;
  /** the page shown (1-based; one page number turns both lists) and its size */
  page: number;
  pageSize: number;
  stats: LossStats;
}

/**
 * /loss-tracker: losing round trips closed that day and open positions down more than 5%, read from round_trips and
 * the stored positions (master_positions; ADR 0046) with a fixed number of queries, paged in SQL.
 */
export async function lossTracker(viewer: Viewer | null, day?: string, opts: { page?: number } = {}): Promise<LossTracker> {
  const access = await rankingAccess(viewer);
  const requested = access.fullAccess && opts.page !== undefined && Number.isSafeInteger(opts.page) && opts.page >= 1 ? opts.page : 1;
  return publicData(`loss|${access.cacheKey}|${day ?? ""}|${requested}`, ["statements", "market"], () => lossTrackerFor(access, day, requested));
}

async function lossTrackerFor(access: StatementAccess, day: string | undefined, requested: number): Promise<LossTracker> {
  const database = await db();
  const disclosure = await disclosureSql(database, access.through);
  const days = disclosure ? (await masterTradingDays()).filter((d) => d <= disclosure.newest) : [];
  // the newest trading day (the site's one clock, ADR 0036), so the tracker opens on the day the rankings do
  const chosen = day ?? days[0] ?? (await latestCloseDay(access.through, { result: "loss" })) ?? null;
  const pageSize = access.fullAccess ? LOSS_PAGE_ROWS : FREE_LOSS_ROWS;
  const base = { day: chosen, days, fullAccess: access.fullAccess, asOf: access.asOf, pageSize };
  const none: LossTracker = {
    ...base, page: 1, closed: [], open: [], closedTotal: 0, openTotal: 0, truncated: false,
    stats: { losses: 0, lossSum: 0, avgLossHolding: null, avgWinHolding: null },
  };
  if (!chosen || !disclosure) return none;
  const [stats, openTotal] = await Promise.all([closedStats(database, disclosure, chosen), openLossCount(database, disclosure, chosen)]);
  const closedTotal = stats.losses;
  const lastPage = Math.max(1, Math.ceil(Math.max(closedTotal, openTotal) / pageSize));
  const page = Math.min(requested, lastPage);
  const offset = (page - 1) * pageSize;
  const [closed, open] = await Promise.all([
    closedTotal > offset ? closedLosses(database, disclosure, chosen, pageSize, offset) : [],
    openTotal > offset ? openLosses(database, disclosure, chosen, pageSize, offset) : [],
  ]);
  return {
    ...base, page, closed, open, closedTotal, openTotal,
    truncated: !access.fullAccess && (closedTotal > pageSize || openTotal > pageSize),
    stats,
  };
}

/** Counted round trips (realised A-share, countedTrip) closed on `day` by masters whose disclosure reaches it. */
const closedOn = (d: DisclosureSql, day: string) => sql`
  from round_trips join masters on masters.guid = round_trips.master_guid
  where round_trips.realized and round_trips.market = 'A' and round_trips.close_date = ${day}::date and ${day}::date <= ${d.through}`;

async function closedStats(database: Database, d: DisclosureSql, day: string): Promise<LossTracker["stats"]> {
  const [row] = rowsOf<{ losses: number; lossSum: number; lossHolding: number; wins: number; winHolding: number }>(await database.execute(sql`
    select count(*) filter (where round_trips.pnl < 0)::int as losses,
      coalesce(sum(round_trips.pnl) filter (where round_trips.pnl < 0), 0)::float8 as "lossSum",
      coalesce(sum(round_trips.holding_days) filter (where round_trips.pnl < 0), 0)::float8 as "lossHolding",
      count(*) filter (where round_trips.pnl > 0)::int as wins,
      coalesce(sum(round_trips.holding_days) filter (where round_trips.pnl > 0), 0)::float8 as "winHolding"
    ${closedOn(d, day)}`));
  const losses = row?.losses ?? 0;
  const wins = row?.wins ?? 0;
  return {
    losses,
    lossSum: roundMoney(Number(row?.lossSum ?? 0)),
    avgLossHolding: losses > 0 ? roundMoney(Number(row!.lossHolding) / losses) : null,
    avgWinHolding: wins > 0 ? roundMoney(Number(row!.winHolding) / wins) : null,
  };
}

async function closedLosses(database: Database, d: DisclosureSql, day: string, limit: number, offset: number): Promise<ClosedLoss[]> {
  const rows = rowsOf<Omit<ClosedLoss, "pnlRatio">>(await database.execute(sql`
    select masters.guid::text as "masterGuid", masters.name as "masterName", masters.is_demo as "isDemo",
      round_trips.code, round_trips.name, round_trips.open_date::text as "openDate", round_trips.close_date::text as "closeDate",
      round_trips.holding_days as "holdingDays", round_trips.buy_amount::float8 as "buyAmount", round_trips.pnl::float8 as pnl
    ${closedOn(d, day)} and round_trips.pnl < 0
    order by round_trips.pnl asc, round_trips.id asc
    limit ${limit} offset ${offset}`));
  return rows.map((t) => ({
    ...t, buyAmount: Number(t.buyAmount), pnl: Number(t.pnl), pnlRatio: Number(t.buyAmount) > 0 ? Number(t.pnl) / Number(t.buyAmount) : 0,
  }));
}

/**
 * A-share positions with a known cost held at the end of `day` (held_from ≤ day < held_until) by masters whose
 * disclosure reaches it, each with its last close on or before the day (one probe of market_bars' primary key
 * (code, trade_date) per position), down more than OPEN_LOSS_THRESHOLD. The unrealised P&L is rounded as
 * roundMoney rounds (half away from zero, exact in numeric) and the ratio divided in float8 as JavaScript divides.
 */
const openLossRows = (d: DisclosureSql, day: string) => sql`
  from master_positions
    join masters on masters.guid = master_positions.master_guid
    cross join lateral (
      select market_bars.close, market_bars.trade_date from market_bars
      where market_bars.code = master_positions.code and market_bars.trade_date <= ${day}::date
      order by market_bars.trade_date desc limit 1
    ) bar
    cross join lateral (select round(bar.close * master_positions.quantity - master_positions.cost, 2) as unrealized) u
  where ${day}::date <= ${d.through}
    and master_positions.held_from <= ${day}::date and (master_positions.held_until is null or ${day}::date < master_positions.held_until)
    and master_positions.market = 'A' and master_positions.quantity > 0 and master_positions.cost > 0
    and u.unrealized::float8 / master_positions.cost::float8 < ${-OPEN_LOSS_THRESHOLD}::float8`;

async function openLossCount(database: Database, d: DisclosureSql, day: string): Promise<number> {
  return rowsOf<{ n: number }>(await database.execute(sql`select count(*)::int as n ${openLossRows(d, day)}`))[0]?.n ?? 0;
}

async function openLosses(database: Database, d: DisclosureSql, day: string, limit: number, offset: number): Promise<OpenLoss[]> {
  const rows = rowsOf<OpenLoss>(await database.execute(sql`
    select masters.guid::text as "masterGuid", masters.name as "masterName", masters.is_demo as "isDemo",
      master_positions.code, master_positions.name, master_positions.open_date::text as "openDate", master_positions.quantity::float8 as quantity,
      master_positions.cost::float8 as cost, bar.close::float8 as close, bar.trade_date::text as "closeDate",
      u.unrealized::float8 as unrealized, u.unrealized::float8 / master_positions.cost::float8 as ratio
    ${openLossRows(d, day)}
    order by ratio asc, masters.name asc, masters.guid asc, master_positions.code asc
    limit ${limit} offset ${offset}`));
  return rows.map((r) => ({
    ...r, quantity: Number(r.quantity), cost: Number(r.cost), close: Number(r.close), unrealized: Number(r.unrealized), ratio: Number(r.ratio),
  }));
}
