import "server-only";
import type { Exchange } from "@/lib/domain/market/types";
import type { RoundTrip } from "@/lib/domain/statements/types";
import type { EventKind, Fill, StatementEvent } from "@/lib/domain/statements/types";
import { roundTrips, statementEvents, statementFills } from "@/lib/db/schema";

type FillRow = typeof statementFills.$inferSelect;
type EventRow = typeof statementEvents.$inferSelect;

/** A domain fill as a row of `statement_fills`. */
export function fillToRow(fill: Fill, statementId: string, masterGuid: string | null): typeof statementFills.$inferInsert {
  return {
    statementId,
    masterGuid,
    line: fill.line,
    tradeDate: fill.date,
    tradeTime: fill.time,
    code: fill.code,
    exchange: fill.exchange,
    market: fill.market,
    name: fill.name,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    amount: fill.amount,
    amountStated: fill.amountStated,
    currency: fill.currency,
    priceCurrency: fill.priceCurrency,
    fxRate: fill.fxRate,
    commission: fill.fees?.commission ?? null,
    stampDuty: fill.fees?.stampDuty ?? null,
    transferFee: fill.fees?.transferFee ?? null,
    otherFees: fill.fees?.other ?? null,
    // "schedule" fees are the analysis' estimate, never stored: the row keeps the file's null fees and its basis
    feeBasis: fill.feeBasis,
    shareBalance: fill.shareBalance,
    netAmount: fill.netAmount,
    balance: fill.balance,
    kind: fill.kind,
    raw: fill.raw,
  };
}

/**
 * A stored fill back in the domain's shape; fees stay null when the file had none (the analysis estimates them again
 * and sets feesEstimated).
 */
export function rowToFill(row: FillRow): Fill {
  const hasFees = row.commission !== null || row.stampDuty !== null || row.transferFee !== null || row.otherFees !== null;
  return {
    line: row.line,
    date: row.tradeDate,
    time: row.tradeTime,
    code: row.code,
    exchange: row.exchange as Exchange,
    market: row.market,
    name: row.name,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    priceCurrency: row.priceCurrency,
    amount: row.amount,
    amountStated: row.amountStated,
    currency: row.currency,
    fxRate: row.fxRate,
    fees: hasFees
      ? { commission: row.commission ?? 0, stampDuty: row.stampDuty ?? 0, transferFee: row.transferFee ?? 0, other: row.otherFees ?? 0 }
      : null,
    feeBasis: row.feeBasis,
    feesEstimated: false,
    shareBalance: row.shareBalance,
    netAmount: row.netAmount,
    balance: row.balance,
    kind: row.kind,
    raw: row.raw,
  };
}

export function eventToRow(event: StatementEvent, statementId: string): typeof statementEvents.$inferInsert {
  return {
    statementId,
    line: event.line,
    eventDate: event.date,
    eventTime: event.time,
    kind: event.kind,
    code: event.code,
    exchange: event.exchange,
    market: event.market,
    name: event.name,
    quantity: event.quantity,
    shareBalance: event.shareBalance,
    amount: event.amount,
    raw: event.raw,
  };
}

export function rowToEvent(row: EventRow): StatementEvent {
  return {
    line: row.line,
    date: row.eventDate,
    time: row.eventTime,
    kind: row.kind as EventKind,
    code: row.code,
    exchange: row.exchange as Exchange | null,
    market: row.market,
    name: row.name,
    quantity: row.quantity,
    shareBalance: row.shareBalance,
    amount: row.amount,
    raw: row.raw,
  };
}

/** A round trip of a book as a row of `round_trips` (`owner`: the master's book or the member statement). */
export function tripToRow(trip: RoundTrip, owner: { masterGuid: string | null; statementId: string | null }): typeof roundTrips.$inferInsert {
  return {
    ...owner,
    code: trip.code,
    exchange: trip.exchange,
    market: trip.market,
    name: trip.name,
    status: trip.status,
    openingUnknown: trip.openingUnknown,
    realized: trip.realized,
    openDate: trip.openDate,
    closeDate: trip.closeDate,
    quantity: trip.quantity,
    buyAmount: trip.buyAmount,
    sellAmount: trip.sellAmount,
    fees: trip.fees,
    dividends: trip.dividends,
    dividendTax: trip.dividendTax,
    pnl: trip.pnl,
    holdingDays: trip.holdingDays,
    feesEstimated: trip.feesEstimated,
    feeBasis: trip.feeBasis,
  };
}

/** Same trade written twice (two overlapping exports of one account): date, time, code, side, quantity, price. */
export function fillIdentity(fill: Pick<Fill, "date" | "time" | "code" | "side" | "quantity" | "price">): string {
  return `${fill.date}|${fill.time ?? ""}|${fill.code}|${fill.side}|${fill.quantity}|${fill.price}`;
}
