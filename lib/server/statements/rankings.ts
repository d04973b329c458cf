import "server-only";
import { roundMoney } from "@/lib/domain/statements/analysis/money";
import { and, desc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import {
  FREE_RANK_ROWS,
  isEligibleToRank,
  weekOf,
  type RankPeriod,
  type RankShow,
} from "@/lib/domain/statements/ranking-rules";
import type { MasterRankRow, StockRankRow } from "@/lib/domain/statements/views";
import { db } from "@/lib/db";
import { masters, roundTrips, statementFills } from "@/lib/db/schema";
import { aShareFill, countedTrip } from "./counted-trips";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { rankingAccess, type StatementAccess } from "./access";
import { latestCloseDay, masterTradingDays, recentCloseDays } from "./god";

export type { MasterRankRow, StockRankRow } from "@/lib/domain/statements/views";

export interface Rankings {
  day: string | null;
  period: RankPeriod;
  show: RankShow;
  from: string | null;
  to: string | null;
  rows: MasterRankRow[] | StockRankRow[];
  total: number;
  truncated: boolean;
  fullAccess: boolean;
  /** masters left out for too small a sample */
  unranked: number;
  days: string[];
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
}

/** Closing days tried, newest first, when no day is asked for and the newest one ranks nobody. */
const DEFAULT_DAY_CANDIDATES = 10;

type MasterRow = typeof masters.$inferSelect;

/** /rank: masters by P&L of the round trips closed that day/week, or the stocks they bought most. */
export async function rankings(viewer: Viewer | null, opts: { day?: string; period: RankPeriod; show: RankShow }): Promise<Rankings> {
  const access = await rankingAccess(viewer);
  const key = `rank|${access.cacheKey}|${opts.day ?? ""}|${opts.period}|${opts.show}`;
  return publicData(key, ["statements", "market"], () => rankingsFor(access, opts));
}

async function rankingsFor(access: StatementAccess, opts: { day?: string; period: RankPeriod; show: RankShow }): Promise<Rankings> {
  const allMasters = await (await db()).select().from(masters);
  const days = (await masterTradingDays()).filter((d) => allMasters.some((m) => d <= access.through(m.disclosureDelayDays)));
  if (opts.day || opts.show === "stocks") return rankingOn(access, allMasters, days, opts.day ?? days[0] ?? null, opts);
  // The newest trading day (the site's one clock, ADR 0036); when it ranks nobody, step back a few closing days.
  const first = days[0] ?? (await latestCloseDay(access.through, { result: opts.show === "profit" ? "win" : "loss" }));
  let result = await rankingOn(access, allMasters, days, first ?? days[0] ?? null, opts);
  if (result.rows.length > 0 || !first) return result;
  for (const day of (await recentCloseDays(access.through, DEFAULT_DAY_CANDIDATES)).filter((d) => d < first)) {
    result = await rankingOn(access, allMasters, days, day, opts);
    if (result.rows.length > 0) return result;
  }
  return result;
}

async function rankingOn(
  access: StatementAccess,
  allMasters: MasterRow[],
  days: string[],
  day: string | null,
  opts: { period: RankPeriod; show: RankShow },
): Promise<Rankings> {
  const database = await db();
  const empty: Rankings = {
    day, period: opts.period, show: opts.show, from: null, to: null, rows: [], total: 0, truncated: false, fullAccess: access.fullAccess, unranked: 0, days,
    asOf: access.asOf,
  };
  if (!day) return empty;
  const [from, to] = opts.period === "week" ? weekOf(day) : [day, day];
  const visible = allMasters.filter((m) => to <= access.through(m.disclosureDelayDays) || (opts.period === "week" && from <= access.through(m.disclosureDelayDays)));
  const windowEnd = (m: MasterRow) => (to <= access.through(m.disclosureDelayDays) ? to : access.through(m.disclosureDelayDays));

  let rows: MasterRankRow[] | StockRankRow[];
  let unranked = 0;
  if (opts.show === "stocks") {
    rows = await stockRows(visible.map((m) => ({ guid: m.guid, name: m.name, end: windowEnd(m) })), from);
  } else {
    const eligible: typeof visible = [];
    for (const m of visible) {
      const end = windowEnd(m);
      const [[trips], [tradingDays]] = await Promise.all([
        database.select({ n: sql<number>`count(*)::int` }).from(roundTrips)
          .where(and(eq(roundTrips.masterGuid, m.guid), countedTrip, isNotNull(roundTrips.closeDate), lte(roundTrips.closeDate, end))),
        database.select({ n: sql<number>`count(distinct ${statementFills.tradeDate})::int` }).from(statementFills)
          .where(and(eq(statementFills.masterGuid, m.guid), aShareFill, lte(statementFills.tradeDate, end))),
      ]);
      if (isEligibleToRank(trips?.n ?? 0, tradingDays?.n ?? 0)) eligible.push(m);
      else unranked += 1;
    }
    const scored = await Promise.all(
      eligible.map(async (m) => {
        const trips = await database.select().from(roundTrips)
          .where(and(eq(roundTrips.masterGuid, m.guid), countedTrip, gte(roundTrips.closeDate, from), lte(roundTrips.closeDate, windowEnd(m))));
        const pnl = roundMoney(trips.reduce((s, t) => s + t.pnl, 0));
        const best = [...trips].sort((a, b) => (opts.show === "loss" ? a.pnl - b.pnl : b.pnl - a.pnl))[0];
        return {
          rank: 0, masterGuid: m.guid, masterName: m.name, isDemo: m.isDemo, pnl, trips: trips.length,
          wins: trips.filter((t) => t.pnl > 0).length, best: best ? { code: best.code, name: best.name, pnl: best.pnl } : null,
        };
      }),
    );
    rows = scored
      .filter((r) => (opts.show === "profit" ? r.pnl > 0 : r.pnl < 0))
      .sort((a, b) => (opts.show === "profit" ? b.pnl - a.pnl : a.pnl - b.pnl) || a.masterName.localeCompare(b.masterName, "zh-CN"))
      .map((r, i) => ({ ...r, rank: i + 1 }));
  }
  const total = rows.length;
  const truncated = !access.fullAccess && total > FREE_RANK_ROWS;
  return { ...empty, from, to, rows: truncated ? rows.slice(0, FREE_RANK_ROWS) : rows, total, truncated, unranked } as Rankings;
}

async function stockRows(visible: { guid: string; name: string; end: string }[], from: string): Promise<StockRankRow[]> {
  if (visible.length === 0) return [];
  const database = await db();
  const buys = await database
    .select({ masterGuid: statementFills.masterGuid, code: statementFills.code, name: statementFills.name, tradeDate: statementFills.tradeDate, amount: statementFills.amount })
    .from(statementFills)
    .where(and(inArray(statementFills.masterGuid, visible.map((v) => v.guid)), aShareFill, eq(statementFills.side, "buy"), gte(statementFills.tradeDate, from)))
    .orderBy(desc(statementFills.tradeDate));
  const endOf = new Map(visible.map((v) => [v.guid, v]));
  const byCode = new Map<string, { name: string; masters: Set<string>; amount: number }>();
  for (const b of buys) {
    const m = endOf.get(b.masterGuid!);
    if (!m || b.tradeDate > m.end) continue;
    const entry = byCode.get(b.code) ?? { name: b.name, masters: new Set<string>(), amount: 0 };
    entry.masters.add(m.name);
    entry.amount += b.amount;
    byCode.set(b.code, entry);
  }
  return [...byCode.entries()]
    .map(([code, e]) => ({ code, name: e.name, masters: e.masters.size, buyAmount: roundMoney(e.amount), masterNames: [...e.masters].sort() }))
    .sort((a, b) => b.masters - a.masters || b.buyAmount - a.buyAmount || a.code.localeCompare(b.code))
    .map((r, i) => ({ rank: i + 1, ...r }));
}
