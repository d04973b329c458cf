import { estimateFees } from "@/lib/domain/market/fees";
import type { FeeBasis, Fill, FillFees, StatementEvent } from "@/lib/domain/statements/types";
import { eventDelta } from "./balances";
import { boards, canonicalCodes, marketOf, previousCloses } from "./codes";
import { fenToYuan, toFen } from "./money";
import { followBalanceChains, timeOrder } from "./order";
import type { PreparedEvents, PreparedFills } from "./state";
import { styleOf } from "./style";
import type { AnalysedFill, AnalysisOptions } from "./types";

/** Phase 1: fills and events in time order, codes canonical, every fill with fees. */

const ZERO_FEES: FillFees = { commission: 0, stampDuty: 0, transferFee: 0, other: 0 };

const POSITION_EVENTS = new Set<StatementEvent["kind"]>(["bonus_shares", "shares_in", "shares_out", "share_adjust", "allotment"]);

function feeFenOf(fees: FillFees): number {
  return toFen(fees.commission) + toFen(fees.stampDuty) + toFen(fees.transferFee) + toFen(fees.other);
}

/** The file's fees, or the dated schedule's estimate (A-shares; 港股通 fills without fees get 0), marked 估. */
function feesOf(src: Fill, market: AnalysedFill["market"]): { fees: FillFees; feesEstimated: boolean; feeBasis: FeeBasis } {
  if (src.fees !== null) return { fees: src.fees, feesEstimated: src.feesEstimated, feeBasis: src.feeBasis ?? "file" };
  const fees = src.amount > 0 && market === "A" ? estimateFees(src.side, src.amount, src.date) : ZERO_FEES;
  return { fees, feesEstimated: true, feeBasis: "schedule" };
}

export function prepareFills(rawFills: readonly Fill[], options: AnalysisOptions, canonical = canonicalCodes()): PreparedFills {
  const boardFor = boards();
  const prevCloseOf = previousCloses(options.bars);
  const rawMarkets = rawFills.map(marketOf);
  const rawCodes = rawFills.map((f, i) => canonical(f.code, rawMarkets[i]!));
  const fillOrder = timeOrder(rawFills, rawCodes);
  followBalanceChains(fillOrder, rawFills, rawCodes);
  const n = rawFills.length;
  const fills: AnalysedFill[] = new Array<AnalysedFill>(n);
  const feeFen = new Float64Array(n);
  const amountFen = new Float64Array(n);
  let lastFillDate = "";
  for (let i = 0; i < n; i++) {
    const src = rawFills[fillOrder[i]!]!;
    const code = rawCodes[fillOrder[i]!]!;
    const market = rawMarkets[fillOrder[i]!]!;
    const { fees, feesEstimated, feeBasis } = feesOf(src, market);
    const fen = feeFenOf(fees);
    feeFen[i] = fen;
    amountFen[i] = toFen(src.amount);
    if (src.date > lastFillDate) lastFillDate = src.date;
    const isTradeBuy = src.side === "buy" && src.kind === "trade" && market === "A";
    const prevClose = src.side === "buy" && market === "A" ? prevCloseOf(code, src.date) : null;
    const currency = src.currency ?? "CNY";
    // an explicit literal (not a spread): one compact shape for 100,000 fills
    fills[i] = {
      line: src.line,
      date: src.date,
      time: src.time,
      code,
      exchange: src.exchange,
      market,
      name: src.name,
      side: src.side,
      quantity: src.quantity,
      price: src.price,
      priceCurrency: src.priceCurrency ?? currency,
      amount: src.amount,
      amountStated: src.amountStated ?? false,
      currency,
      fxRate: src.fxRate ?? null,
      fees,
      feeBasis,
      feesEstimated,
      shareBalance: src.shareBalance ?? null,
      netAmount: src.netAmount,
      balance: src.balance,
      kind: src.kind,
      raw: src.raw,
      originalCode: src.code,
      feeTotal: fenToYuan(fen),
      board: boardFor(code, market),
      roundTrip: null,
      unmatchedQuantity: 0,
      prevClose,
      style: isTradeBuy ? styleOf(code, src.date, src.name, src.price, prevClose) : null,
    };
  }
  return { fills, feeFen, amountFen, lastFillDate };
}

/** shares arriving (and allotment rows) are booked at the start of their day, shares leaving at its end */
export const isEvening = (e: StatementEvent) => e.kind !== "allotment" && eventDelta(e) < 0;

/** the event comes before a fill dated `date` */
export const isBefore = (e: StatementEvent, date: string) => e.date < date || (e.date === date && !isEvening(e));

export function prepareEvents(rawEvents: readonly StatementEvent[], canonical = canonicalCodes()): PreparedEvents {
  const eventCodes = rawEvents.map((e) => (e.code === null ? "" : canonical(e.code, marketOf(e))));
  const events: StatementEvent[] = timeOrder(rawEvents, eventCodes).map((i) => {
    const e = rawEvents[i]!;
    const withMarket = { ...e, market: e.market === undefined ? (e.code === null ? null : marketOf(e)) : e.market, shareBalance: e.shareBalance ?? null };
    return e.code === null ? withMarket : { ...withMarket, code: eventCodes[i]! };
  });
  const positionEvents = events
    .filter((e) => e.code !== null && POSITION_EVENTS.has(e.kind) && (e.quantity !== 0 || e.kind === "allotment"))
    .map((e, i) => ({ e, i, evening: isEvening(e) }))
    .sort((x, y) => (x.e.date !== y.e.date ? (x.e.date < y.e.date ? -1 : 1) : Number(x.evening) - Number(y.evening) || x.i - y.i))
    .map((x) => x.e);
  return { events, positionEvents };
}
