import type { FeeBasis, RoundTrip } from "@/lib/domain/statements/types";
import { fenToYuan } from "./money";
import { heldLots } from "./positions";
import { FEE_BASIS_BITS, type AnalysisState, type TripState } from "./state";
import type { OpenPosition } from "./types";

/** Phase 5: the trips as round trips, with their P&L and holding days in fen / days for the figures. */

export interface FinishedTrips {
  roundTrips: RoundTrip[];
  tripPnlFen: number[];
  tripHolding: number[];
}

function feeBasisOf(bits: number): FeeBasis | "mixed" {
  if (bits === FEE_BASIS_BITS.derived) return "derived";
  if (bits === FEE_BASIS_BITS.schedule) return "schedule";
  if (bits === 0 || bits === FEE_BASIS_BITS.file) return "file";
  return "mixed";
}

function roundTripOf(t: TripState, pnlFen: number, holdingDays: number): RoundTrip {
  const status: RoundTrip["status"] = t.closeDate === null ? "open" : t.transferred ? "transferred" : "closed";
  return {
    code: t.code,
    exchange: t.exchange,
    market: t.market,
    name: t.name,
    status,
    openingUnknown: t.openingUnknown,
    realized: status === "closed" && !t.openingUnknown,
    openDate: t.openDate,
    closeDate: t.closeDate,
    quantity: t.quantity,
    buyAmount: fenToYuan(t.buyFen),
    sellAmount: fenToYuan(t.sellFen),
    fees: fenToYuan(t.feeFen),
    dividends: fenToYuan(t.dividendFen),
    dividendTax: fenToYuan(t.taxFen),
    pnl: fenToYuan(pnlFen),
    holdingDays,
    fillIndexes: t.fillIndexes,
    feesEstimated: t.feesEstimated,
    feeBasis: feeBasisOf(t.feeBasisBits),
  };
}

export function finishTrips(state: AnalysisState): FinishedTrips {
  const { trips, calendar } = state;
  // a trip may open on a share event (股份转入 …) in a file without fills
  const lastEventDate = state.positionEvents.reduce((max, e) => (e.date > max ? e.date : max), "");
  const endDate = state.options.asOf ?? (state.lastFillDate || lastEventDate);
  // trading days in (a, b] = ordinal(b) − ordinal(a), with ordinal(d) = trading days in (first open date, d]:
  // one calendar question per distinct date instead of one per trip
  const firstOpen = trips.reduce((min, t) => (t.openDate < min ? t.openDate : min), endDate);
  const ordinals = new Map<string, number>();
  const ordinal = (date: string): number => {
    let o = ordinals.get(date);
    if (o === undefined) {
      o = calendar.daysBetween(firstOpen, date);
      ordinals.set(date, o);
    }
    return o;
  };
  const tripPnlFen: number[] = [];
  const tripHolding: number[] = [];
  const roundTrips = trips.map((t) => {
    const pnlFen = t.sellFen - t.buyFen - t.feeFen + t.dividendFen - t.taxFen;
    const to = t.closeDate ?? endDate;
    const holdingDays = to > t.openDate ? ordinal(to) - ordinal(t.openDate) : 0;
    tripPnlFen.push(pnlFen);
    tripHolding.push(holdingDays);
    return roundTripOf(t, pnlFen, holdingDays);
  });
  return { roundTrips, tripPnlFen, tripHolding };
}

export function openPositionsOf(state: AnalysisState, nameOf: (code: string) => string): OpenPosition[] {
  return state.trips
    .filter((t) => t.closeDate === null)
    .map((t) => {
      const p = state.positions.get(t.code)!;
      const { costFen, unknownQuantity } = heldLots(p);
      return {
        code: t.code,
        exchange: t.exchange,
        market: t.market,
        name: nameOf(t.code),
        quantity: p.quantity,
        cost: fenToYuan(costFen),
        unknownQuantity,
        openingUnknown: t.openingUnknown,
        openDate: t.openDate,
        roundTrip: t.index,
      };
    });
}
