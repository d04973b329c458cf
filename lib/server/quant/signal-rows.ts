import "server-only";
import { strategySignals } from "@/lib/db/schema";
import type { StrategySignal } from "@/lib/domain/quant/types";

/**
 * The one mapping between a signal and its strategy_signals row (ingest, the demo seed, the followers' page, the
 * fan-out). Its fields without the caller's id, which SignalInput names `id` and StrategySignal `externalId`.
 */
export type SignalFields = Omit<StrategySignal, "externalId">;

/** The columns holding a signal's fields, for a select; each caller adds the ids and joins it needs. */
export const signalColumns = {
  signalDate: strategySignals.signalDate,
  signalTime: strategySignals.signalTime,
  code: strategySignals.code,
  name: strategySignals.name,
  side: strategySignals.side,
  price: strategySignals.price,
  weight: strategySignals.weight,
  note: strategySignals.note,
};

type SignalColumnValues = Pick<typeof strategySignals.$inferSelect, keyof typeof signalColumns>;

/** A row read with `signalColumns` as the signal's fields. */
export function signalFields(r: SignalColumnValues): SignalFields {
  return {
    date: r.signalDate,
    time: r.signalTime,
    code: r.code,
    name: r.name,
    side: r.side,
    price: r.price === null ? null : Number(r.price),
    weight: r.weight === null ? null : Number(r.weight),
    note: r.note,
  };
}

/** The row that stores a signal of a strategy under the caller's id. */
export function signalRow(strategyGuid: string, externalId: string, s: SignalFields): typeof strategySignals.$inferInsert {
  return {
    strategyGuid,
    externalId,
    signalDate: s.date,
    signalTime: s.time,
    code: s.code,
    name: s.name,
    side: s.side,
    price: s.price,
    weight: s.weight,
    note: s.note,
  };
}
