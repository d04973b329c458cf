import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { strategyFills, strategyNav, strategySignals } from "@/lib/db/schema";
import {
  roundAmount,
  sameFill,
  sameSignal,
  type FieldError,
  type FillInput,
  type NavInput,
  type SignalInput,
} from "@/lib/domain/quant/ingest-schema";
import { findStrategy } from "./find-strategy";
import { enqueueSignalFanout } from "./signal-fanout";

/**
 * Stores what a strategy sends (signals, NAV points, fills), idempotently by the caller's id and append-only: a
 * replayed id with the same content is counted as a duplicate and stored once (a replayed signal is not fanned out
 * again); a replayed id with other content, or a NAV date already stored with another value, refuses the whole batch
 * with 409 and stores nothing. Input arrives already checked by lib/domain/quant/ingest-schema.ts.
 */

export type IngestResult =
  | { kind: "ok"; accepted: number; duplicates: number }
  /** items dated before the strategy's start date */
  | { kind: "invalid"; message: string; errors: FieldError[] }
  | { kind: "conflict"; message: string; ids: string[]; dates: string[] }
  /** a backtest strategy refuses live signals */
  | { kind: "refused"; message: string }
  | { kind: "missing" };

export const CONFLICT_MESSAGE = "编号已存在但内容不同，未保存任何数据 / these ids were already stored with other content: nothing was stored";
export const NAV_CONFLICT_MESSAGE = "这些日期已有不同的净值（实盘记录只追加、不修改），未保存任何数据 / NAV already stored with another value for these dates (append-only): nothing was stored";
export const BACKTEST_REFUSES_SIGNALS = "回测策略不接收实时信号 / a backtest strategy does not take live signals";
const BEFORE_START = (start: string) => `日期早于策略开始日期 ${start} / date is before the strategy's start date ${start}`;

const CHUNK = 500;

/** Thrown inside a transaction to roll it back when a concurrent writer stored an id with other content. */
class ConflictAbort extends Error {
  constructor(readonly ids: string[], readonly dates: string[], readonly nav: boolean) {
    super("ingest conflict");
  }
}

type Tx = Database;

/** The strategy in the ingest's own transaction; the caller is its key holder, not a signed-in viewer. */
const strategyOf = (tx: Tx, guid: string) => findStrategy(null, guid, tx);

function beforeStart(items: { date: string }[], startDate: string): FieldError[] {
  const errors: FieldError[] = [];
  items.forEach((item, index) => {
    if (item.date < startDate) errors.push({ index, field: "date", message: BEFORE_START(startDate) });
  });
  return errors;
}

function invalid(errors: FieldError[]): IngestResult {
  return { kind: "invalid", message: `请求内容有 ${errors.length} 处错误，未保存任何数据 / ${errors.length} invalid fields: nothing was stored`, errors: errors.slice(0, 200) };
}

async function inChunks<T, R>(items: T[], work: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await work(items.slice(i, i + CHUNK))));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Signals

function storedSignal(r: typeof strategySignals.$inferSelect): SignalInput {
  return {
    id: r.externalId,
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

async function storedSignals(tx: Tx, guid: string, ids: string[]): Promise<Map<string, SignalInput>> {
  const rows = await inChunks(ids, (chunk) =>
    tx.select().from(strategySignals).where(and(eq(strategySignals.strategyGuid, guid), inArray(strategySignals.externalId, chunk))),
  );
  return new Map(rows.map((r) => [r.externalId, storedSignal(r)]));
}

/** Splits a batch into new items, duplicates and conflicting ids against what is stored. */
function sortOut<T extends { id: string }>(items: T[], stored: Map<string, T>, same: (a: T, b: T) => boolean) {
  const fresh: T[] = [];
  const conflicts: string[] = [];
  let duplicates = 0;
  for (const item of items) {
    const known = stored.get(item.id);
    if (!known) fresh.push(item);
    else if (same(known, item)) duplicates++;
    else conflicts.push(item.id);
  }
  // One insertion order for every writer, so concurrent batches wait on each other instead of deadlocking.
  fresh.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { fresh, conflicts, duplicates };
}

/**
 * Stores signals for a live or paper strategy; each new one is queued for fan-out in the same transaction.
 * `repeats`: identical repeats inside the request, already collapsed, counted as duplicates.
 */
export async function ingestSignals(guid: string, items: SignalInput[], repeats = 0, database?: Database): Promise<IngestResult> {
  const d = database ?? (await db());
  try {
    return await d.transaction(async (tx) => {
      const info = await strategyOf(tx, guid);
      if (!info) return { kind: "missing" } as const;
      if (info.status === "backtest") return { kind: "refused", message: BACKTEST_REFUSES_SIGNALS } as const;
      const early = beforeStart(items, info.startDate);
      if (early.length > 0) return invalid(early);
      const { fresh, conflicts, duplicates } = sortOut(items, await storedSignals(tx, guid, items.map((s) => s.id)), sameSignal);
      if (conflicts.length > 0) return { kind: "conflict", message: CONFLICT_MESSAGE, ids: conflicts, dates: [] } as const;
      const inserted = await inChunks(fresh, (chunk) =>
        tx
          .insert(strategySignals)
          .values(
            chunk.map((s) => ({
              strategyGuid: guid,
              externalId: s.id,
              signalDate: s.date,
              signalTime: s.time,
              code: s.code,
              name: s.name,
              side: s.side,
              price: s.price,
              weight: s.weight,
              note: s.note,
            })),
          )
          .onConflictDoNothing({ target: [strategySignals.strategyGuid, strategySignals.externalId] })
          .returning({ id: strategySignals.id, externalId: strategySignals.externalId }),
      );
      // A concurrent request stored some of these ids first (PostgreSQL): compare with what it stored.
      const raced = await settleRace(fresh, inserted, (ids) => storedSignals(tx, guid, ids), sameSignal);
      for (const row of inserted) await enqueueSignalFanout(tx, row.id);
      return { kind: "ok", accepted: inserted.length, duplicates: duplicates + raced + repeats } as const;
    });
  } catch (err) {
    if (err instanceof ConflictAbort) return { kind: "conflict", message: CONFLICT_MESSAGE, ids: err.ids, dates: [] };
    throw err;
  }
}

async function settleRace<T extends { id: string }>(
  fresh: T[],
  inserted: { externalId: string | null }[],
  load: (ids: string[]) => Promise<Map<string, T>>,
  same: (a: T, b: T) => boolean,
): Promise<number> {
  if (inserted.length === fresh.length) return 0;
  const done = new Set(inserted.map((r) => r.externalId));
  const lost = fresh.filter((f) => !done.has(f.id));
  const stored = await load(lost.map((f) => f.id));
  const conflicts = lost.filter((f) => {
    const s = stored.get(f.id);
    return !s || !same(s, f);
  });
  if (conflicts.length > 0) throw new ConflictAbort(conflicts.map((c) => c.id), [], false);
  return lost.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Fills

function storedFill(r: typeof strategyFills.$inferSelect): FillInput {
  return { id: r.externalId ?? "", date: r.tradeDate, time: r.tradeTime, code: r.code, name: r.name, side: r.side, quantity: Number(r.quantity), price: Number(r.price) };
}

async function storedFills(tx: Tx, guid: string, ids: string[]): Promise<Map<string, FillInput>> {
  const rows = await inChunks(ids, (chunk) => tx.select().from(strategyFills).where(and(eq(strategyFills.strategyGuid, guid), inArray(strategyFills.externalId, chunk))));
  return new Map(rows.map((r) => [r.externalId ?? "", storedFill(r)]));
}

export interface StoreOutcome {
  added: number;
  duplicates: number;
  /** ids (fills) or dates (NAV) already stored with other content; nothing was stored when any */
  conflicts: string[];
}

/** Fills inside a caller's transaction (the ingest route and the CSV import). Stores nothing when any id conflicts. */
export async function storeFills(tx: Tx, guid: string, fills: FillInput[]): Promise<StoreOutcome> {
  const { fresh, conflicts, duplicates } = sortOut(fills, await storedFills(tx, guid, fills.map((f) => f.id)), sameFill);
  if (conflicts.length > 0) return { added: 0, duplicates, conflicts };
  const inserted = await inChunks(fresh, (chunk) =>
    tx
      .insert(strategyFills)
      .values(
        chunk.map((f) => ({
          strategyGuid: guid,
          externalId: f.id,
          tradeDate: f.date,
          tradeTime: f.time,
          code: f.code,
          name: f.name,
          side: f.side,
          quantity: f.quantity,
          price: f.price,
          amount: roundAmount(f.price * f.quantity),
        })),
      )
      .onConflictDoNothing({ target: [strategyFills.strategyGuid, strategyFills.externalId] })
      .returning({ externalId: strategyFills.externalId }),
  );
  const raced = await settleRace(fresh, inserted, (ids) => storedFills(tx, guid, ids), sameFill);
  return { added: inserted.length, duplicates: duplicates + raced, conflicts: [] };
}

export async function ingestFills(guid: string, fills: FillInput[], repeats = 0, database?: Database): Promise<IngestResult> {
  const d = database ?? (await db());
  try {
    return await d.transaction(async (tx) => {
      const info = await strategyOf(tx, guid);
      if (!info) return { kind: "missing" } as const;
      const early = beforeStart(fills, info.startDate);
      if (early.length > 0) return invalid(early);
      const out = await storeFills(tx, guid, fills);
      if (out.conflicts.length > 0) return { kind: "conflict", message: CONFLICT_MESSAGE, ids: out.conflicts, dates: [] } as const;
      return { kind: "ok", accepted: out.added, duplicates: out.duplicates + repeats } as const;
    });
  } catch (err) {
    if (err instanceof ConflictAbort) return { kind: "conflict", message: CONFLICT_MESSAGE, ids: err.ids, dates: [] };
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// NAV

interface StoredNav {
  date: string;
  nav: number;
  id: string | null;
}

async function storedNavByDate(tx: Tx, guid: string, dates: string[]): Promise<Map<string, StoredNav>> {
  const rows = await inChunks(dates, (chunk) =>
    tx
      .select({ date: strategyNav.tradeDate, nav: strategyNav.nav, id: strategyNav.externalId })
      .from(strategyNav)
      .where(and(eq(strategyNav.strategyGuid, guid), inArray(strategyNav.tradeDate, chunk))),
  );
  return new Map(rows.map((r) => [r.date, { date: r.date, nav: Number(r.nav), id: r.id }]));
}

async function storedNavById(tx: Tx, guid: string, ids: string[]): Promise<Map<string, StoredNav>> {
  const rows = await inChunks(ids, (chunk) =>
    tx
      .select({ date: strategyNav.tradeDate, nav: strategyNav.nav, id: strategyNav.externalId })
      .from(strategyNav)
      .where(and(eq(strategyNav.strategyGuid, guid), inArray(strategyNav.externalId, chunk))),
  );
  return new Map(rows.map((r) => [r.id ?? "", { date: r.date, nav: Number(r.nav), id: r.id }]));
}

/**
 * NAV points inside a caller's transaction. A date is written once: the same value again is a duplicate, another
 * value a conflict (by date); an id already used for another date is a conflict too. Stores nothing on conflict.
 */
export async function storeNav(tx: Tx, guid: string, points: NavInput[]): Promise<StoreOutcome & { conflictIds: string[] }> {
  const byDate = await storedNavByDate(tx, guid, points.map((p) => p.date));
  const ids = points.flatMap((p) => (p.id === null ? [] : [p.id]));
  const byId = ids.length > 0 ? await storedNavById(tx, guid, ids) : new Map<string, StoredNav>();
  const fresh: NavInput[] = [];
  const conflicts: string[] = [];
  const conflictIds: string[] = [];
  let duplicates = 0;
  for (const p of points) {
    const known = byDate.get(p.date);
    const idUse = p.id === null ? undefined : byId.get(p.id);
    if (idUse && idUse.date !== p.date) conflictIds.push(p.id!);
    else if (known && known.nav !== p.nav) conflicts.push(p.date);
    else if (known) duplicates++;
    else fresh.push(p);
  }
  if (conflicts.length > 0 || conflictIds.length > 0) return { added: 0, duplicates, conflicts, conflictIds };
  fresh.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const inserted = await inChunks(fresh, (chunk) =>
    tx
      .insert(strategyNav)
      .values(chunk.map((p) => ({ strategyGuid: guid, tradeDate: p.date, nav: p.nav, externalId: p.id })))
      .onConflictDoNothing({ target: [strategyNav.strategyGuid, strategyNav.tradeDate] })
      .returning({ date: strategyNav.tradeDate }),
  );
  if (inserted.length < fresh.length) {
    const done = new Set(inserted.map((r) => r.date));
    const lost = fresh.filter((p) => !done.has(p.date));
    const now = await storedNavByDate(tx, guid, lost.map((p) => p.date));
    const differing = lost.filter((p) => now.get(p.date)?.nav !== p.nav).map((p) => p.date);
    if (differing.length > 0) throw new ConflictAbort([], differing, true);
    duplicates += lost.length;
  }
  return { added: inserted.length, duplicates, conflicts: [], conflictIds: [] };
}

export async function ingestNav(guid: string, points: NavInput[], repeats = 0, database?: Database): Promise<IngestResult> {
  const d = database ?? (await db());
  try {
    return await d.transaction(async (tx) => {
      const info = await strategyOf(tx, guid);
      if (!info) return { kind: "missing" } as const;
      const early = beforeStart(points, info.startDate);
      if (early.length > 0) return invalid(early);
      const out = await storeNav(tx, guid, points);
      if (out.conflictIds.length > 0) return { kind: "conflict", message: CONFLICT_MESSAGE, ids: out.conflictIds, dates: out.conflicts } as const;
      if (out.conflicts.length > 0) return { kind: "conflict", message: NAV_CONFLICT_MESSAGE, ids: [], dates: out.conflicts } as const;
      return { kind: "ok", accepted: out.added, duplicates: out.duplicates + repeats } as const;
    });
  } catch (err) {
    if (err instanceof ConflictAbort) return { kind: "conflict", message: err.nav ? NAV_CONFLICT_MESSAGE : CONFLICT_MESSAGE, ids: err.ids, dates: err.dates };
    throw err;
  }
}
