import type { StatementEvent } from "@/lib/domain/statements/types";
import { fenToYuan, toFen } from "./money";
import type { AnalysisState, TripState } from "./state";

/** Phase 4: dividends and dividend tax to the trips that held the shares. */

/** the trip of `list` holding the stock on `date`: the first whose close is on or after it, if open by then */
function holdingOn(list: readonly TripState[], date: string): TripState | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const close = list[mid]!.closeDate;
    if (close !== null && close < date) lo = mid + 1;
    else hi = mid;
  }
  const trip = list[lo];
  return trip === undefined || trip.openDate > date ? undefined : trip;
}

/** the latest trip of the list closed on or before `date` */
function lastClosedBy(list: readonly TripState[], date: string): TripState | undefined {
  for (let k = list.length - 1; k >= 0; k--) {
    const close = list[k]!.closeDate;
    if (close !== null && close <= date) return list[k];
  }
  return undefined;
}

function unmatchedDividend(state: AnalysisState, e: StatementEvent, fen: number): void {
  const what = e.raw || (e.kind === "dividend" ? "红利入账" : "股息红利差异扣税");
  state.unmatched.push({
    line: e.line,
    date: e.date,
    code: e.code!,
    reason: `${what} ${fenToYuan(Math.abs(fen)).toFixed(2)} 元不在该股任何持仓期内：未计入回合盈亏`,
  });
}

export function assignDividends(state: AnalysisState): void {
  const lastDividendDate = new Map<string, string>();
  for (const e of state.events) {
    if ((e.kind !== "dividend" && e.kind !== "dividend_tax") || e.code === null || e.amount === 0) continue;
    const list = state.positions.get(e.code)?.trips ?? [];
    const fen = toFen(e.amount);
    let trip: TripState | undefined;
    if (e.kind === "dividend") {
      lastDividendDate.set(e.code, e.date);
      trip = holdingOn(list, e.date);
    } else {
      const dividendDate = lastDividendDate.get(e.code);
      trip = (dividendDate === undefined ? undefined : holdingOn(list, dividendDate)) ?? holdingOn(list, e.date) ?? lastClosedBy(list, e.date);
    }
    if (trip === undefined) unmatchedDividend(state, e, fen);
    else if (e.kind === "dividend") trip.dividendFen += fen;
    else trip.taxFen += Math.abs(fen);
  }
}
