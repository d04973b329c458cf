import "server-only";
import type { Exchange } from "@/lib/domain/market/types";
import type { EventKind, Fill, StatementEvent } from "@/lib/domain/statements/types";
import { statementEvents, statementFills } from "@/lib/db/schema";

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
    name: fill.name,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    amount: fill.amount,
    commission: fill.fees?.commission ?? null,
    stampDuty: fill.fees?.stampDuty ?? null,
    transferFee: fill.fees?.transferFee ?? null,
    otherFees: fill.fees?.other ?? null,
    netAmount: fill.netAmount,
    balance: fill.balance,
    kind: fill.kind,
    raw: fill.raw,
  };
}

/** A stored fill back in the domain's shape; fees stay null when the file had none (the analysis estimates them). */
export function rowToFill(row: FillRow): Fill {
  const hasFees = row.commission !== null || row.stampDuty !== null || row.transferFee !== null || row.otherFees !== null;
  return {
    line: row.line,
    date: row.tradeDate,
    time: row.tradeTime,
    code: row.code,
    exchange: row.exchange as Exchange,
    market: row.exchange === "HK" ? "HK" : "A",
    name: row.name,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    priceCurrency: row.exchange === "HK" ? "HKD" : "CNY",
    amount: row.amount,
    amountStated: true,
    currency: "CNY",
    fxRate: null,
    feeBasis: hasFees ? "file" : "schedule",
    shareBalance: null,
    fees: hasFees
      ? { commission: row.commission ?? 0, stampDuty: row.stampDuty ?? 0, transferFee: row.transferFee ?? 0, other: row.otherFees ?? 0 }
      : null,
    feesEstimated: false,
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
    name: event.name,
    quantity: event.quantity,
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
    market: row.exchange === "HK" ? "HK" : row.exchange ? "A" : null,
    name: row.name,
    quantity: row.quantity,
    shareBalance: null,
    amount: row.amount,
    raw: row.raw,
  };
}

/** Same trade written twice (two overlapping exports of one account): date, time, code, side, quantity, price. */
export function fillIdentity(fill: Pick<Fill, "date" | "time" | "code" | "side" | "quantity" | "price">): string {
  return `${fill.date}|${fill.time ?? ""}|${fill.code}|${fill.side}|${fill.quantity}|${fill.price}`;
}
