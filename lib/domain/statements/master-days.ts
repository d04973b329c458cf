import type { PositionSnapshot, StatementAnalysis } from "./analysis";
import { roundMoney } from "./analysis/money";
import { isEligibleToRank } from "./ranking-rules";

/** One day of a master's figures (lib/db/schema/master-figures.ts `master_days`). */
export interface MasterDay {
  day: string;
  fills: number;
  aShareFills: number;
  names: string[];
  trips: number;
  wins: number;
  pnl: number;
  best: { code: string; name: string; pnl: number } | null;
  worst: { code: string; name: string; pnl: number } | null;
  cumTrips: number;
  cumWins: number;
  cumPnl: number;
  cumTradingDays: number;
  cumFills: number;
  lastFillDay: string | null;
}

/** A position as it stood at the end of each day in [heldFrom, heldUntil) (heldUntil null: still held). */
export interface PositionSpan extends Omit<PositionSnapshot, "date"> {
  heldFrom: string;
  heldUntil: string | null;
}

export interface MasterFigures {
  days: MasterDay[];
  positions: PositionSpan[];
  /** the first day whose figures through it pass the ranking's sample rule; null when none does */
  eligibleFrom: string | null;
  firstDay: string | null;
  lastDay: string | null;
}

const MAX_NAMES = 6;

/**
 * The figures the pages read (ADR 0044), from the analysis of a master's whole published book: per day the fills,
 * the counted round trips closed (realised A-share trips, as `countedTrip` counts them), running totals, and the
 * positions held. The analysis must have been made with `positionHistory: true`.
 */
export function masterFigures(analysis: StatementAnalysis): MasterFigures {
  const byDay = new Map<string, MasterDay>();
  const dayOf = (day: string): MasterDay => {
    let d = byDay.get(day);
    if (!d) {
      d = {
        day, fills: 0, aShareFills: 0, names: [], trips: 0, wins: 0, pnl: 0, best: null, worst: null,
        cumTrips: 0, cumWins: 0, cumPnl: 0, cumTradingDays: 0, cumFills: 0, lastFillDay: null,
      };
      byDay.set(day, d);
    }
    return d;
  };
  for (const f of analysis.fills) {
    const d = dayOf(f.date);
    d.fills += 1;
    if (f.market === "A") d.aShareFills += 1;
    if (d.names.length < MAX_NAMES && !d.names.includes(f.name)) d.names.push(f.name);
  }
  const pnlFen = new Map<string, number>();
  for (const t of analysis.roundTrips) {
    if (!t.realized || t.market !== "A" || t.closeDate === null) continue;
    const d = dayOf(t.closeDate);
    d.trips += 1;
    if (t.pnl > 0) d.wins += 1;
    pnlFen.set(d.day, (pnlFen.get(d.day) ?? 0) + Math.round(t.pnl * 100));
    if (d.best === null || t.pnl > d.best.pnl) d.best = { code: t.code, name: t.name, pnl: t.pnl };
    if (d.worst === null || t.pnl < d.worst.pnl) d.worst = { code: t.code, name: t.name, pnl: t.pnl };
  }
  const days = [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let cumTrips = 0;
  let cumWins = 0;
  let cumFen = 0;
  let cumTradingDays = 0;
  let cumFills = 0;
  let lastFillDay: string | null = null;
  let eligibleFrom: string | null = null;
  for (const d of days) {
    const fen = pnlFen.get(d.day) ?? 0;
    d.pnl = roundMoney(fen / 100);
    cumTrips += d.trips;
    cumWins += d.wins;
    cumFen += fen;
    cumFills += d.fills;
    if (d.aShareFills > 0) cumTradingDays += 1;
    if (d.fills > 0) lastFillDay = d.day;
    Object.assign(d, { cumTrips, cumWins, cumPnl: roundMoney(cumFen / 100), cumTradingDays, cumFills, lastFillDay });
    if (eligibleFrom === null && isEligibleToRank(cumTrips, cumTradingDays)) eligibleFrom = d.day;
  }
  return {
    days,
    positions: positionSpans(analysis.positionHistory ?? []),
    eligibleFrom,
    firstDay: days[0]?.day ?? null,
    lastDay: days.at(-1)?.day ?? null,
  };
}

/** Snapshots (in date order) to spans: each holding lasts until the next snapshot of its code. */
export function positionSpans(history: readonly PositionSnapshot[]): PositionSpan[] {
  const spans: PositionSpan[] = [];
  const openByCode = new Map<string, PositionSpan>();
  for (const { date, ...position } of history) {
    const open = openByCode.get(position.code);
    if (open) {
      open.heldUntil = date;
      openByCode.delete(position.code);
    }
    if (position.quantity > 0) {
      const span: PositionSpan = { ...position, heldFrom: date, heldUntil: null };
      spans.push(span);
      openByCode.set(position.code, span);
    }
  }
  return spans;
}

/** The positions of `spans` held at the end of `day`. */
export function positionsOn(spans: readonly PositionSpan[], day: string): PositionSpan[] {
  return spans.filter((s) => s.heldFrom <= day && (s.heldUntil === null || day < s.heldUntil));
}
