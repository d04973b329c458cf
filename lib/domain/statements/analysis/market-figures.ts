import { boardOf } from "@/lib/domain/market/codes";
import type { Board, Market } from "@/lib/domain/market/types";
import type { AnalysisSummary, RoundTrip } from "@/lib/domain/statements/types";
import { fenToYuan, roundMoney } from "./money";
import type { TripState } from "./state";
import {
  BOARD_LABELS,
  BOARDS,
  HOLDING_BUCKETS,
  holdingBucketOf,
  STYLE_TAGS,
  TIME_OF_DAY_BUCKETS,
  timeOfDayOf,
  type HoldingBucket,
  type StyleTag,
  type TimeOfDayBucket,
} from "./style";
import type { FinishedTrips } from "./trips";
import type { AnalysedFill, HoldingRow, MonthlyRow, PerStockRow, StyleView } from "./types";

/** Phase 5, per market: the summary and views — realised trips for results, every fill of the market for fees and turnover. */

export interface MarketFigures {
  summary: AnalysisSummary;
  perStock: PerStockRow[];
  monthly: MonthlyRow[];
  holding: HoldingRow[];
  style: StyleView;
  equityCurve: { date: string; cumulativePnl: number }[];
}

interface StockTally {
  roundTrips: number;
  wins: number;
  pnlFen: number;
  feeFen: number;
  turnoverFen: number;
}

/** What the realised trips and the fills of a market add up to, in fen. */
interface Tally {
  wins: number;
  losses: number;
  wonFen: number;
  lostFen: number;
  realizedFen: number;
  holdingSum: number;
  streakWins: number;
  streakLosses: number;
  maxWins: number;
  maxLosses: number;
  totalFeeFen: number;
  turnoverFen: number;
  monthly: Map<string, { pnlFen: number; roundTrips: number; wins: number }>;
  holdingRows: Map<HoldingBucket, { count: number; pnlFen: number }>;
  boardRows: Map<Board, { roundTrips: number; wins: number; pnlFen: number; buys: number }>;
  stockRows: Map<string, StockTally>;
  entries: Record<StyleTag, number>;
  timeOfDay: Map<TimeOfDayBucket, number>;
  equityCurve: { date: string; cumulativePnl: number }[];
}

function emptyTally(): Tally {
  return {
    wins: 0, losses: 0, wonFen: 0, lostFen: 0, realizedFen: 0, holdingSum: 0, streakWins: 0, streakLosses: 0, maxWins: 0, maxLosses: 0,
    totalFeeFen: 0, turnoverFen: 0,
    monthly: new Map(),
    holdingRows: new Map(HOLDING_BUCKETS.map((b) => [b, { count: 0, pnlFen: 0 }])),
    boardRows: new Map(BOARDS.map((b) => [b, { roundTrips: 0, wins: 0, pnlFen: 0, buys: 0 }])),
    stockRows: new Map(),
    entries: Object.fromEntries(STYLE_TAGS.map((tag) => [tag, 0])) as Record<StyleTag, number>,
    timeOfDay: new Map(TIME_OF_DAY_BUCKETS.map((b) => [b, 0])),
    equityCurve: [],
  };
}

function stockRow(tally: Tally, code: string): StockTally {
  let row = tally.stockRows.get(code);
  if (row === undefined) {
    row = { roundTrips: 0, wins: 0, pnlFen: 0, feeFen: 0, turnoverFen: 0 };
    tally.stockRows.set(code, row);
  }
  return row;
}

/** the market's realised trips in close order (close date, close time, open date, open order), and its open trips */
function realizedInCloseOrder(market: Market, trips: readonly TripState[], roundTrips: readonly RoundTrip[]): { realized: TripState[]; open: number } {
  const closeKeys: string[] = new Array<string>(trips.length);
  const realized: TripState[] = [];
  let open = 0;
  for (const t of trips) {
    if (t.market !== market) continue;
    if (t.closeDate === null) open++;
    if (!roundTrips[t.index]!.realized) continue;
    closeKeys[t.index] = `${t.closeDate}|${t.closeTime ?? ""}|${t.openDate}`;
    realized.push(t);
  }
  realized.sort((a, b) => {
    const ka = closeKeys[a.index]!;
    const kb = closeKeys[b.index]!;
    return ka < kb ? -1 : ka > kb ? 1 : a.index - b.index;
  });
  return { realized, open };
}

/** wins, losses and streaks; a trip with pnl 0 is neither and ends both streaks */
function countResult(tally: Tally, pnl: number, days: number): void {
  tally.realizedFen += pnl;
  tally.holdingSum += days;
  if (pnl > 0) {
    tally.wins++;
    tally.wonFen += pnl;
    tally.streakWins++;
    tally.streakLosses = 0;
  } else if (pnl < 0) {
    tally.losses++;
    tally.lostFen += pnl;
    tally.streakLosses++;
    tally.streakWins = 0;
  } else {
    tally.streakWins = 0;
    tally.streakLosses = 0;
  }
  if (tally.streakWins > tally.maxWins) tally.maxWins = tally.streakWins;
  if (tally.streakLosses > tally.maxLosses) tally.maxLosses = tally.streakLosses;
}

function addRealizedTrip(tally: Tally, market: Market, t: TripState, pnl: number, days: number): void {
  const isWin = pnl > 0;
  countResult(tally, pnl, days);
  const month = t.closeDate!.slice(0, 7);
  const m = tally.monthly.get(month) ?? { pnlFen: 0, roundTrips: 0, wins: 0 };
  m.pnlFen += pnl;
  m.roundTrips++;
  if (isWin) m.wins++;
  tally.monthly.set(month, m);
  const h = tally.holdingRows.get(holdingBucketOf(days))!;
  h.count++;
  h.pnlFen += pnl;
  const b = tally.boardRows.get(market === "A" ? boardOf(t.code) : "other")!;
  b.roundTrips++;
  b.pnlFen += pnl;
  if (isWin) b.wins++;
  const s = stockRow(tally, t.code);
  s.roundTrips++;
  s.pnlFen += pnl;
  if (isWin) s.wins++;
  const last = tally.equityCurve[tally.equityCurve.length - 1];
  if (last !== undefined && last.date === t.closeDate) last.cumulativePnl = fenToYuan(tally.realizedFen);
  else tally.equityCurve.push({ date: t.closeDate!, cumulativePnl: fenToYuan(tally.realizedFen) });
}

/** per fill: fees, turnover, entries */
function addFills(tally: Tally, market: Market, fills: readonly AnalysedFill[], feeFen: Float64Array, amountFen: Float64Array): void {
  for (let i = 0; i < fills.length; i++) {
    const f = fills[i]!;
    if (f.market !== market) continue;
    tally.totalFeeFen += feeFen[i]!;
    tally.turnoverFen += amountFen[i]!;
    const s = stockRow(tally, f.code);
    s.feeFen += feeFen[i]!;
    s.turnoverFen += amountFen[i]!;
    if (f.style !== null) {
      tally.entries[f.style]++;
      const bucket = timeOfDayOf(f.time);
      tally.timeOfDay.set(bucket, tally.timeOfDay.get(bucket)! + 1);
      tally.boardRows.get(f.board)!.buys++;
    }
  }
}

function summaryOf(tally: Tally, count: number, open: number): AnalysisSummary {
  const { wins, losses, wonFen, lostFen } = tally;
  return {
    realizedPnl: fenToYuan(tally.realizedFen),
    totalFees: fenToYuan(tally.totalFeeFen),
    roundTrips: count,
    wins,
    losses,
    winRate: count === 0 ? NaN : wins / count,
    profitFactor: lostFen !== 0 ? wonFen / -lostFen : wonFen > 0 ? Infinity : NaN,
    avgHoldingDays: count === 0 ? NaN : tally.holdingSum / count,
    maxConsecutiveWins: tally.maxWins,
    maxConsecutiveLosses: tally.maxLosses,
    avgWin: wins === 0 ? NaN : roundMoney(fenToYuan(wonFen) / wins),
    avgLoss: losses === 0 ? NaN : roundMoney(fenToYuan(lostFen) / losses),
    turnover: fenToYuan(tally.turnoverFen),
    openPositions: open,
  };
}

function viewsOf(tally: Tally, nameOf: (code: string) => string): Omit<MarketFigures, "summary" | "equityCurve"> {
  const perStock: PerStockRow[] = [...tally.stockRows.entries()]
    .map(([code, s]) => ({ code, name: nameOf(code), roundTrips: s.roundTrips, wins: s.wins, pnl: fenToYuan(s.pnlFen), fees: fenToYuan(s.feeFen), turnover: fenToYuan(s.turnoverFen) }))
    .sort((a, b) => b.pnl - a.pnl || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return {
    perStock,
    monthly: [...tally.monthly.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, m]) => ({ month, pnl: fenToYuan(m.pnlFen), roundTrips: m.roundTrips, wins: m.wins })),
    holding: HOLDING_BUCKETS.map((label) => {
      const h = tally.holdingRows.get(label)!;
      return { label, count: h.count, pnl: fenToYuan(h.pnlFen) };
    }),
    style: {
      entries: tally.entries,
      timeOfDay: TIME_OF_DAY_BUCKETS.map((label) => ({ label, count: tally.timeOfDay.get(label)! })),
      boards: BOARDS.map((board) => {
        const b = tally.boardRows.get(board)!;
        return { board, label: BOARD_LABELS[board], roundTrips: b.roundTrips, wins: b.wins, pnl: fenToYuan(b.pnlFen), buys: b.buys };
      }),
    } satisfies StyleView,
  };
}

export function marketFigures(
  market: Market,
  trips: readonly TripState[],
  finished: FinishedTrips,
  fills: { fills: readonly AnalysedFill[]; feeFen: Float64Array; amountFen: Float64Array },
  nameOf: (code: string) => string,
): MarketFigures {
  const { realized, open } = realizedInCloseOrder(market, trips, finished.roundTrips);
  const tally = emptyTally();
  for (const t of realized) addRealizedTrip(tally, market, t, finished.tripPnlFen[t.index]!, finished.tripHolding[t.index]!);
  addFills(tally, market, fills.fills, fills.feeFen, fills.amountFen);
  const views = viewsOf(tally, nameOf);
  return { summary: summaryOf(tally, realized.length, open), ...views, equityCurve: tally.equityCurve };
}
