import "server-only";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { strategies, strategyFills, strategyPositions } from "@/lib/db/schema";
import type { StrategyFill, StrategyPosition, StrategyStatus } from "@/lib/domain/quant/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { realtradeAccess } from "./access";
import { positionsAsOf, toFill } from "./strategies";

/** How many recent dates with fills the day picker offers. */
export const REALTRADE_DAYS = 60;

export interface RealtradeGroup {
  guid: string;
  name: string;
  /** live or paper: backtests never appear on 实盘 */
  status: Exclude<StrategyStatus, "backtest">;
  isDemo: boolean;
  /** the day's fills, in time order */
  fills: StrategyFill[];
  /** the strategy's latest positions snapshot on or before the day */
  positions: StrategyPosition[];
  positionsDate: string | null;
}

export interface RealtradeDay {
  /** the day shown; null when nothing is visible yet */
  date: string | null;
  /** the last date this viewer may see (today for SVIP and staff) */
  through: string;
  today: string;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
  /** true when the viewer sees 实盘 late (not SVIP) */
  delayed: boolean;
  /** the day asked for is after `through`: nothing of it left the server */
  locked: boolean;
  groups: RealtradeGroup[];
  /** recent dates with fills, newest first, none after `through` */
  days: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LIVE = inArray(strategies.status, ["live", "paper"]);

/**
 * 实盘 for one day: live and paper strategies' fills that day and their positions, under the delay rule enforced here
 * (a date after the viewer's `through` returns nothing, `locked`). Without a date: the latest day with fills up to
 * `through`. Null for a malformed date (the page answers 404).
 */
export async function realtradeDay(viewer: Viewer | null, date?: string, now = new Date()): Promise<RealtradeDay | null> {
  if (date !== undefined && (!ISO_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))) return null;
  const access = await realtradeAccess(viewer, now);
  const database = await db();
  const dayRows = await database
    .selectDistinct({ date: strategyFills.tradeDate })
    .from(strategyFills)
    .innerJoin(strategies, eq(strategies.guid, strategyFills.strategyGuid))
    .where(and(LIVE, lte(strategyFills.tradeDate, access.through)))
    .orderBy(desc(strategyFills.tradeDate))
    .limit(REALTRADE_DAYS);
  const days = dayRows.map((r) => r.date);
  const base = { through: access.through, today: access.today, asOf: access.asOf, delayed: access.delayed, days };
  const day = date ?? days[0] ?? null;
  if (day === null) return { ...base, date: null, locked: false, groups: [] };
  if (day > access.through) return { ...base, date: day, locked: true, groups: [] };

  const fills = await database
    .select({ fill: strategyFills })
    .from(strategyFills)
    .innerJoin(strategies, eq(strategies.guid, strategyFills.strategyGuid))
    .where(and(LIVE, eq(strategyFills.tradeDate, day)))
    .orderBy(asc(strategyFills.strategyGuid), sql`${strategyFills.tradeTime} asc nulls first`, asc(strategyFills.id));
  // Strategies with fills that day or a positions snapshot that day.
  const held = await database
    .selectDistinct({ guid: strategyPositions.strategyGuid })
    .from(strategyPositions)
    .innerJoin(strategies, eq(strategies.guid, strategyPositions.strategyGuid))
    .where(and(LIVE, eq(strategyPositions.tradeDate, day)));
  const guids = [...new Set([...fills.map((f) => f.fill.strategyGuid), ...held.map((h) => h.guid)])];
  if (guids.length === 0) return { ...base, date: day, locked: false, groups: [] };

  const profiles = await database
    .select({ guid: strategies.guid, name: strategies.name, status: strategies.status, isDemo: strategies.isDemo })
    .from(strategies)
    .where(inArray(strategies.guid, guids));
  const holdings = await positionsAsOf(database, guids, day);
  const groups = profiles
    .filter((p): p is typeof p & { status: "live" | "paper" } => p.status !== "backtest")
    .map((p) => ({
      guid: p.guid,
      name: p.name,
      status: p.status,
      isDemo: p.isDemo,
      fills: fills.filter((f) => f.fill.strategyGuid === p.guid).map((f) => toFill(f.fill)),
      positions: holdings.get(p.guid)?.positions ?? [],
      positionsDate: holdings.get(p.guid)?.date ?? null,
    }))
    // live before paper, then by name
    .sort((a, b) => (a.status === b.status ? a.name.localeCompare(b.name, "zh") : a.status === "live" ? -1 : 1));
  return { ...base, date: day, locked: false, groups };
}
