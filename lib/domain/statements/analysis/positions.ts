import type { Exchange, Market } from "@/lib/domain/market/types";
import { divRound } from "./money";
import { UNKNOWN_COST, type AnalysisState, type Position, type TripState } from "./state";

/** FIFO lots and trips of one code, as the walk (phase 3) moves them. */

export function positionOf(state: AnalysisState, code: string, exchange: Exchange, market: Market, name: string): Position {
  let p = state.positions.get(code);
  if (p === undefined) {
    p = { quantity: 0, lotQty: [], lotCost: [], lotUnknown: [], head: 0, trip: null, trips: [], lastName: name, exchange, market };
    state.positions.set(code, p);
  }
  return p;
}

export function openTrip(state: AnalysisState, p: Position, code: string, name: string, date: string): TripState {
  if (p.trip !== null) return p.trip;
  const t: TripState = {
    index: state.trips.length,
    code,
    exchange: p.exchange,
    market: p.market,
    name: state.options.names?.(code) ?? name,
    openDate: date,
    closeDate: null,
    closeTime: null,
    quantity: 0,
    buyFen: 0,
    sellFen: 0,
    feeFen: 0,
    dividendFen: 0,
    taxFen: 0,
    fillIndexes: [],
    feesEstimated: false,
    feeBasisBits: 0,
    openingUnknown: false,
    transferred: false,
  };
  p.trip = t;
  state.trips.push(t);
  p.trips.push(t);
  return t;
}

export function addLot(p: Position, quantity: number, costFen: number, unknown: boolean): void {
  if (unknown) {
    // held before the file began: older than every lot
    if (p.head > 0) {
      p.head--;
      p.lotQty[p.head] = quantity;
      p.lotCost[p.head] = 0;
      p.lotUnknown[p.head] = true;
    } else {
      p.lotQty.unshift(quantity);
      p.lotCost.unshift(0);
      p.lotUnknown.unshift(true);
    }
  } else {
    p.lotQty.push(quantity);
    p.lotCost.push(costFen);
    p.lotUnknown.push(false);
  }
  p.quantity += quantity;
}

/** shares of unknown cost held before the file began, found on the row at `line` */
export function addUnknown(state: AnalysisState, p: Position, code: string, name: string, quantity: number, row: { line: number; date: string }, reason: string): void {
  const t = openTrip(state, p, code, name, row.date);
  t.openingUnknown = true;
  t.quantity += quantity;
  addLot(p, quantity, 0, true);
  state.unknownOpenings.push({ code, exchange: p.exchange, market: p.market, name, quantity, line: row.line, date: row.date, reason });
}

/** remove `quantity` (≤ held) shares from the oldest lots */
export function takeLots(p: Position, quantity: number): void {
  let left = quantity;
  while (left > 0 && p.head < p.lotQty.length) {
    const q = p.lotQty[p.head]!;
    if (q <= left) {
      left -= q;
      p.head++;
    } else {
      const cost = p.lotCost[p.head]!;
      p.lotCost[p.head] = cost - divRound(cost * left, q);
      p.lotQty[p.head] = q - left;
      left = 0;
    }
  }
  if (p.head > 1024 && p.head * 2 > p.lotQty.length) {
    p.lotQty = p.lotQty.slice(p.head);
    p.lotCost = p.lotCost.slice(p.head);
    p.lotUnknown = p.lotUnknown.slice(p.head);
    p.head = 0;
  }
  p.quantity -= quantity;
}

/**
 * ETF 份额合并/拆分: every lot rescaled to the new share count, cost unchanged; shares rounded down, the last lot
 * takes the remainder (so no lot goes negative)
 */
export function rescaleLots(p: Position, newQuantity: number): void {
  const old = p.quantity;
  let given = 0;
  for (let i = p.head; i < p.lotQty.length; i++) {
    const q = i === p.lotQty.length - 1 ? newQuantity - given : Math.floor((p.lotQty[i]! * newQuantity) / old);
    p.lotQty[i] = q;
    given += q;
  }
  p.quantity = newQuantity;
}

export function closeIfFlat(p: Position, date: string, time: string | null): void {
  if (p.quantity === 0 && p.trip !== null) {
    p.trip.closeDate = date;
    p.trip.closeTime = time;
    p.trip = null;
    p.lotQty.length = 0;
    p.lotCost.length = 0;
    p.lotUnknown.length = 0;
    p.head = 0;
  }
}

/** the shares a believed balance column says were held before a row that moves `delta` and leaves `balance` */
export function checkBalance(state: AnalysisState, p: Position, code: string, name: string, delta: number, balance: number | null, row: { line: number; date: string }): void {
  if (balance === null || !state.trustedBalance.has(code)) return;
  // nothing left after shares leave: the rule for a sale beyond the position says it (and a sale while nothing is
  // held makes no trip)
  if (delta < 0 && balance === 0) return;
  const before = balance - delta;
  if (before <= p.quantity) return;
  const extra = before - p.quantity;
  addUnknown(
    state, p, code, name, extra, row,
    `股份余额 ${balance} 股，按导入的记录应为 ${Math.max(0, p.quantity + delta)} 股：${extra} 股${UNKNOWN_COST}`,
  );
}

/** the known cost (fen) and the unknown-cost shares of the lots still held */
export function heldLots(p: Position): { costFen: number; unknownQuantity: number } {
  let costFen = 0;
  let unknownQuantity = 0;
  for (let i = p.head; i < p.lotCost.length; i++) {
    if (p.lotUnknown[i]) unknownQuantity += p.lotQty[i]!;
    else costFen += p.lotCost[i]!;
  }
  return { costFen, unknownQuantity };
}
