import { isEligibleToRank } from "@/lib/domain/statements/ranking-rules";
import type { Fill } from "@/lib/domain/statements/types";
import { DEMO_MARKET_START, DEMO_TODAY, demoBars } from "./demo-market";
import { DEMO_MASTER_END, DEMO_MASTERS, demoMasterFills } from "./demo-masters";

/**
 * /rank's day rankings over the demo world, computed from the generator's output the way
 * lib/server/statements/rankings.ts ranks: a master is eligible on a day with ≥20 closed trips and ≥20 trading days
 * up to that day, and appears in the day's profit (loss) ranking when the trips closed that day sum positive
 * (negative). A trip opens when a position leaves zero and closes when it returns to zero (its P&L: the net amounts;
 * dividends, which the real analysis adds, are left out — they only touch a few multi-week 趋势 trips).
 */
interface ClosedTrip { closeDate: string; pnl: number }

function closedTrips(fills: readonly Fill[]): ClosedTrip[] {
  const open = new Map<string, { quantity: number; pnl: number }>();
  const trips: ClosedTrip[] = [];
  for (const fill of fills) {
    const position = open.get(fill.code) ?? { quantity: 0, pnl: 0 };
    position.quantity += fill.side === "buy" ? fill.quantity : -fill.quantity;
    position.pnl += fill.netAmount ?? 0;
    if (position.quantity === 0) {
      trips.push({ closeDate: fill.date, pnl: position.pnl });
      open.delete(fill.code);
    } else open.set(fill.code, position);
  }
  return trips;
}

const bars = demoBars(DEMO_MARKET_START, DEMO_MASTER_END);
const masters = DEMO_MASTERS.map((master) => {
  const fills = demoMasterFills(master, bars);
  return { name: master.name, fills, trips: closedTrips(fills) };
});
const tradingDays = [...new Set(bars.map((b) => b.date))].filter((d) => d <= DEMO_TODAY).sort();
const lastDays = tradingDays.slice(-40);

function dayRanking(day: string): { profit: number; loss: number } {
  let profit = 0;
  let loss = 0;
  for (const m of masters) {
    const trips = m.trips.filter((t) => t.closeDate <= day).length;
    const days = new Set(m.fills.filter((f) => f.date <= day).map((f) => f.date)).size;
    if (!isEligibleToRank(trips, days)) continue;
    const pnl = m.trips.filter((t) => t.closeDate === day).reduce((s, t) => s + t.pnl, 0);
    if (pnl > 0.005) profit += 1;
    else if (pnl < -0.005) loss += 1;
  }
  return { profit, loss };
}

const rankings = lastDays.map((day) => ({ day, ...dayRanking(day) }));

describe("the demo world's day rankings", () => {
  it("rank 10 or more masters by profit on at least 70% of the last 40 trading days", () => {
    expect(lastDays).toHaveLength(40);
    expect(lastDays.at(-1)).toBe(DEMO_TODAY);
    const full = rankings.filter((r) => r.profit >= 10).length;
    expect(full / rankings.length).toBeGreaterThanOrEqual(0.7);
  });

  it("rank several losing masters on most of those days", () => {
    expect(rankings.filter((r) => r.loss >= 5).length / rankings.length).toBeGreaterThanOrEqual(0.7);
  });

  it("rank someone on the demo's last day, the site's one clock", () => {
    const last = rankings.at(-1);
    expect(last?.profit).toBeGreaterThan(0);
    expect(last?.loss).toBeGreaterThan(0);
  });
});
