import { isStandInName } from "./allotments";
import { touch, flushHistory } from "./history";
import { addLot, addUnknown, checkBalance, closeIfFlat, openTrip, positionOf, takeLots } from "./positions";
import { isBefore } from "./prepare";
import { FEE_BASIS_BITS, UNKNOWN_COST, type AnalysisState, type Position, type TripState } from "./state";
import type { AnalysedFill } from "./types";
import { applyEvent } from "./walk-event";

/** Phase 3: one walk over the fills in time order, a date's share events at their place, moving lots and trips. */

function addFillToTrip(state: AnalysisState, t: TripState, f: AnalysedFill, i: number, amountSide: "buyFen" | "sellFen"): void {
  t[amountSide] += state.amountFen[i]!;
  t.feeFen += state.feeFen[i]!;
  t.fillIndexes.push(i);
  t.feesEstimated ||= f.feesEstimated;
  t.feeBasisBits |= FEE_BASIS_BITS[f.feeBasis];
  f.roundTrip = t.index;
}

function applyBuy(state: AnalysisState, p: Position, f: AnalysedFill, i: number): void {
  if (f.kind === "ipo") state.allotments.join(f.code, f.exchange, f.name, f.quantity, f.date);
  checkBalance(state, p, f.code, f.name, f.quantity, f.shareBalance, f);
  const t = openTrip(state, p, f.code, f.name, f.date);
  t.quantity += f.quantity;
  addFillToTrip(state, t, f, i, "buyFen");
  addLot(p, f.quantity, state.amountFen[i]! + state.feeFen[i]!, false);
}

function applySell(state: AnalysisState, p: Position, f: AnalysedFill, i: number): void {
  if (p.quantity === 0) {
    const group = state.allotments.join(f.code, f.exchange, f.name, f.quantity, f.date);
    if (group !== null) {
      const t = openTrip(state, p, f.code, f.name, f.date);
      t.quantity += f.quantity;
      t.buyFen += group.costFen;
      addLot(p, f.quantity, group.costFen, false);
    }
  }
  checkBalance(state, p, f.code, f.name, -f.quantity, f.shareBalance, f);
  if (p.quantity === 0) {
    f.unmatchedQuantity = f.quantity;
    state.unknownOpenings.push({
      code: f.code, exchange: f.exchange, market: f.market, name: f.name, quantity: f.quantity, line: f.line, date: f.date,
      reason: `卖出 ${f.quantity} 股时没有买入记录：导入前已持有，成本未知，不计入已实现盈亏`,
    });
    return;
  }
  if (f.quantity > p.quantity) {
    const extra = f.quantity - p.quantity;
    addUnknown(state, p, f.code, f.name, extra, f, `卖出 ${f.quantity} 股多于持仓 ${p.quantity} 股：其余 ${extra} 股${UNKNOWN_COST}`);
  }
  addFillToTrip(state, p.trip!, f, i, "sellFen");
  takeLots(p, f.quantity);
  closeIfFlat(p, f.date, f.time);
}

export function walkPositions(state: AnalysisState): void {
  const { fills, positionEvents, options } = state;
  let ev = 0;
  for (let i = 0; i < fills.length; i++) {
    const f = fills[i]!;
    while (ev < positionEvents.length && isBefore(positionEvents[ev]!, f.date)) applyEvent(state, positionEvents[ev++]!);
    touch(state, f.code, f.date);
    const p = positionOf(state, f.code, f.exchange, f.market, f.name);
    p.lastName = f.name;
    // a trip opened by a 新增证券 row takes the security's name from its first fill
    if (p.trip !== null && !options.names && isStandInName(p.trip.name) && !isStandInName(f.name)) p.trip.name = f.name;
    if (f.side === "buy") applyBuy(state, p, f, i);
    else applySell(state, p, f, i);
  }
  while (ev < positionEvents.length) applyEvent(state, positionEvents[ev++]!);
  if (state.history !== null) flushHistory(state, state.history);
}
