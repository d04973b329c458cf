import type { StatementEvent } from "@/lib/domain/statements/types";
import { BalanceTrust, eventDelta } from "./balances";
import { isBefore } from "./prepare";
import type { AnalysedFill } from "./types";

/** Phase 2: which share-balance columns can be believed (same order as the main walk: a date's events first). */
export function trustedBalances(fills: readonly AnalysedFill[], positionEvents: readonly StatementEvent[]): Set<string> {
  const balanceTrust = new BalanceTrust();
  const anyBalance = fills.some((f) => f.shareBalance) || positionEvents.some((e) => e.shareBalance);
  if (anyBalance) {
    let ev = 0;
    const addEvent = (e: StatementEvent) => {
      if (e.kind !== "allotment") balanceTrust.add(e.code!, eventDelta(e), e.shareBalance);
    };
    for (const f of fills) {
      while (ev < positionEvents.length && isBefore(positionEvents[ev]!, f.date)) addEvent(positionEvents[ev++]!);
      balanceTrust.add(f.code, f.side === "buy" ? f.quantity : -f.quantity, f.shareBalance);
    }
    while (ev < positionEvents.length) addEvent(positionEvents[ev++]!);
  }
  return balanceTrust.trusted();
}
