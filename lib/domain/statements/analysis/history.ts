import { fenToYuan } from "./money";
import { heldLots } from "./positions";
import type { AnalysisState, History } from "./state";

/** Position history: the touched positions as they stand when the walk moves past their day. */

export function flushHistory(state: AnalysisState, history: History): void {
  for (const code of history.touched) {
    const p = state.positions.get(code);
    if (p === undefined) continue;
    const { costFen, unknownQuantity } = heldLots(p);
    const t = p.trip;
    const date = history.date;
    history.snapshots.push({
      date, code, exchange: p.exchange, market: p.market, name: t?.name ?? p.lastName, quantity: t === null ? 0 : p.quantity,
      cost: t === null ? 0 : fenToYuan(costFen), unknownQuantity: t === null ? 0 : unknownQuantity, openingUnknown: t?.openingUnknown ?? false,
      openDate: t?.openDate ?? date,
    });
  }
  history.touched.clear();
}

export function touch(state: AnalysisState, code: string, date: string): void {
  const history = state.history;
  if (history === null) return;
  if (date !== history.date) {
    flushHistory(state, history);
    history.date = date;
  }
  history.touched.add(code);
}
