import "server-only";
import { roundMoney } from "@/lib/domain/statements/analysis/money";
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import { FREE_LOSS_ROWS, OPEN_LOSS_THRESHOLD } from "@/lib/domain/statements/ranking-rules";
import { db } from "@/lib/db";
import { marketBars, masters, roundTrips } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { rankingAccess } from "./access";
import { latestCloseDay, masterTradingDays } from "./god";
import { countedTrip, isAShare } from "./counted-trips";
import { analysisThrough } from "./master-book";
import { throwIfCancelled } from "@/lib/server/request-deadline";

export interface ClosedLoss {
  masterGuid: string;
  masterName: string;
  isDemo: boolean;
  code: string;
  name: string;
  openDate: string;
  closeDate: string;
  holdingDays: number;
  buyAmount: number;
  pnl: number;
  /** pnl as a fraction of the money put in */
  pnlRatio: number;
}

export interface OpenLoss {
  masterGuid: string;
  masterName: string;
  isDemo: boolean;
  code: string;
  name: string;
  openDate: string;
  quantity: number;
  cost: number;
  close: number;
  closeDate: string;
  unrealized: number;
  ratio: number;
}

export interface LossTracker {
  day: string | null;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
  days: string[];
  closed: ClosedLoss[];
  open: OpenLoss[];
  closedTotal: number;
  openTotal: number;
  truncated: boolean;
  fullAccess: boolean;
  /** the day's losing round trips: how many, how much, held how long on average; and winners' average for contrast */
  stats: { losses: number; lossSum: number; avgLossHolding: number | null; avgWinHolding: number | null };
}

/** /loss-tracker: losing round trips closed that day and open positions down more than 5%. */
export async function lossTracker(viewer: Viewer | null, day?: string): Promise<LossTracker> {
  const access = await rankingAccess(viewer);
  const database = await db();
  const allMasters = await database.select().from(masters);
  const days = (await masterTradingDays()).filter((d) => allMasters.some((m) => d <= access.through(m.disclosureDelayDays)));
  // the newest trading day (the site's one clock, ADR 0036), so the tracker opens on the day the rankings do
  const chosen = day ?? days[0] ?? (await latestCloseDay(access.through, { result: "loss" })) ?? null;
  const base = { day: chosen, days, fullAccess: access.fullAccess, asOf: access.asOf };
  const none = { ...base, closed: [], open: [], closedTotal: 0, openTotal: 0, truncated: false, stats: { losses: 0, lossSum: 0, avgLossHolding: null, avgWinHolding: null } };
  if (!chosen) return none;
  const visible = allMasters.filter((m) => chosen <= access.through(m.disclosureDelayDays));
  if (visible.length === 0) return none;
  const byGuid = new Map(visible.map((m) => [m.guid, m]));

  const closedRows = await database
    .select()
    .from(roundTrips)
    .where(and(inArray(roundTrips.masterGuid, [...byGuid.keys()]), countedTrip, eq(roundTrips.closeDate, chosen)))
    .orderBy(roundTrips.pnl);
  const closedAll: ClosedLoss[] = closedRows
    .filter((t) => t.pnl < 0)
    .map((t) => {
      const m = byGuid.get(t.masterGuid!)!;
      return {
        masterGuid: m.guid, masterName: m.name, isDemo: m.isDemo, code: t.code, name: t.name, openDate: t.openDate, closeDate: t.closeDate!,
        holdingDays: t.holdingDays, buyAmount: t.buyAmount, pnl: t.pnl, pnlRatio: t.buyAmount > 0 ? t.pnl / t.buyAmount : 0,
      };
    });
  const winners = closedRows.filter((t) => t.pnl > 0);

  const openAll: OpenLoss[] = [];
  for (const m of visible) {
    // the analyses are shared work (the memo), so not cancelled with this request: stop asking for more once it is
    throwIfCancelled();
    const analysis = await analysisThrough({ kind: "master", masterGuid: m.guid }, chosen);
    const positions = analysis.openPositions.filter((p) => isAShare(p) && p.quantity > 0 && p.cost > 0);
    if (positions.length === 0) continue;
    const closes = await lastCloses(positions.map((p) => p.code), chosen);
    for (const p of positions) {
      const last = closes.get(p.code);
      if (!last) continue;
      const unrealized = roundMoney(last.close * p.quantity - p.cost);
      const ratio = unrealized / p.cost;
      if (ratio < -OPEN_LOSS_THRESHOLD) {
        openAll.push({
          masterGuid: m.guid, masterName: m.name, isDemo: m.isDemo, code: p.code, name: p.name, openDate: p.openDate, quantity: p.quantity,
          cost: p.cost, close: last.close, closeDate: last.date, unrealized, ratio,
        });
      }
    }
  }
  openAll.sort((a, b) => a.ratio - b.ratio);
  const limit = access.fullAccess ? Infinity : FREE_LOSS_ROWS;
  const avg = (xs: number[]) => (xs.length ? roundMoney(xs.reduce((s, x) => s + x, 0) / xs.length) : null);
  return {
    ...base,
    closed: closedAll.slice(0, limit),
    open: openAll.slice(0, limit),
    closedTotal: closedAll.length,
    openTotal: openAll.length,
    truncated: closedAll.length > limit || openAll.length > limit,
    stats: {
      losses: closedAll.length,
      lossSum: roundMoney(closedAll.reduce((s, t) => s + t.pnl, 0)),
      avgLossHolding: avg(closedAll.map((t) => t.holdingDays)),
      avgWinHolding: avg(winners.map((t) => t.holdingDays)),
    },
  };
}

async function lastCloses(codes: string[], day: string): Promise<Map<string, { close: number; date: string }>> {
  const result = new Map<string, { close: number; date: string }>();
  const database = await db();
  for (const code of new Set(codes)) {
    const [bar] = await database
      .select({ close: marketBars.close, date: marketBars.tradeDate })
      .from(marketBars)
      .where(and(eq(marketBars.code, code), lte(marketBars.tradeDate, day)))
      .orderBy(desc(marketBars.tradeDate))
      .limit(1);
    if (bar) result.set(code, bar);
  }
  return result;
}

