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
import { AppError } from "@/lib/server/http/app-error";
import { findStrategy } from "./find-strategy";
import { enqueueSignalFanout } from "./signal-fanout";
import { signalFields, signalRow } from "./signal-rows";

/**
 * Stores what a strategy sends (signals, NAV points, fills), idempotently by the caller's id and append-only: a
 * replayed id with the same content is counted as a duplicate and stored once (a replayed signal is not fanned out
 * again); a replayed id with other content, or a NAV date already stored with another value, refuses the whole batch
 * with 409 and stores nothing. Input arrives already checked by lib/domain/quant/ingest-schema.ts.
 *
 * Refusals are thrown as AppError: 401 `StrategyKeyRefused` when the strategy is gone (the key no longer opens anything),
 * 400 `{message, errors}` for items dated before the strategy's start, 409 `IngestConflict` `{message, ids, dates}`,
 * 409 when a backtest strategy is sent signals.
 */

export interface Ingested {
  accepted: number;
  duplicates: number;
}

export const CONFLICT_MESSAGE = "编号已存在但内容不同，未保存任何数据 / these ids were already stored with other content: nothing was stored";
export const NAV_CONFLICT_MESSAGE = "这些日期已有不同的净值（实盘记录只追加、不修改），未保存任何数据 / NAV already stored with another value for these dates (append-only): nothing was stored";
export const BACKTEST_REFUSES_SIGNALS = "回测策略不接收实时信号 / a backtest strategy does not take live signals";
const BEFORE_START = (start: string) => `日期早于策略开始日期 ${start} / date is before the strategy's start date ${start}`;
export const UNAUTHORIZED_MESSAGE = "密钥无效、已吊销或不属于该策略 / invalid, revoked or foreign API key";

/** The one answer to a key that does not open this strategy, whatever the reason: nothing tells a caller which. */
export class StrategyKeyRefused extends AppError {
  constructor() {
    super("unauthenticated", UNAUTHORIZED_MESSAGE, { "WWW-Authenticate": 'Bearer realm="lianghua-quant", error="invalid_token"' });
    this.name = "StrategyKeyRefused";
  }
}

/** The batch holds ids (or NAV dates) already stored with other content: nothing is stored. Thrown inside the transaction, it rolls it back. */
export class IngestConflict extends AppError {
  constructor(readonly ids: string[], readonly dates: string[], nav = false) {
    super("conflict", nav ? NAV_CONFLICT_MESSAGE : CONFLICT_MESSAGE, undefined, { ids, dates });
    this.name = "IngestConflict";
  }
}

const CHUNK = 500;

type Tx = Database;

/** The strategy in the ingest's own transaction; the caller is its key holder, not a signed-in viewer. */
const strategyOf = (tx: Tx, guid: string) => findStrategy(null, guid, tx);

/** The strategy the ingest writes to, read in its transaction; gone, it refuses the key. */
async function openStrategy(tx: Tx, guid: string) {
  const info = await strategyOf(tx, guid);
  if (!info) throw new StrategyKeyRefused();
  return info;
}

/** Items dated before the strategy's start are field errors (400), like the schema's own. */
function refuseEarly(items: { date: string }[], startDate: string): void {
  const errors: FieldError[] = [];
  items.forEach((item, index) => {
    if (item.date < startDate) errors.push({ index, field: "date", message: BEFORE_START(startDate) });
  });
  if (errors.length === 0) return;
  const message = `请求内容有 ${errors.length} 处错误，未保存任何数据 / ${errors.length} invalid fields: nothing was stored`;
  throw new AppError("invalid", message, undefined, { errors: errors.slice(0, 200) });
}

async function inChunks<T, R>(items: T[], work: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await work(items.slice(i, i + CHUNK))));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Signals

async function storedSignals(tx: Tx, guid: string, ids: string[]): Promise<Map<string, SignalInput>> {
  const rows = await inChunks(ids, (chunk) =>
    tx.select().from(strategySignals).where(and(eq(strategySignals.strategyGuid, guid), inArray(strategySignals.externalId, chunk))),
  );
  return new Map(rows.map((r) => [r.externalId, { id: r.externalId, ...signalFields(r) }]));
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
export async function ingestSignals(guid: string, items: SignalInput[], repeats = 0, database?: Database): Promise<Ingested> {
  return (database ?? (await db())).transaction(async (tx) => {
    const info = await openStrategy(tx, guid);
    if (info.status === "backtest") throw new AppError("conflict", BACKTEST_REFUSES_SIGNALS);
    refuseEarly(items, info.startDate);
    const { fresh, conflicts, duplicates } = sortOut(items, await storedSignals(tx, guid, items.map((s) => s.id)), sameSignal);
    if (conflicts.length > 0) throw new IngestConflict(conflicts, []);
    const inserted = await inChunks(fresh, (chunk) =>
      tx
        .insert(strategySignals)
        .values(chunk.map((s) => signalRow(guid, s.id, s)))
        .onConflictDoNothing({ target: [strategySignals.strategyGuid, strategySignals.externalId] })
        .returning({ id: strategySignals.id, externalId: strategySignals.externalId }),
    );
    // A concurrent request stored some of these ids first (PostgreSQL): compare with what it stored.
    const raced = await settleRace(fresh, inserted, (ids) => storedSignals(tx, guid, ids), sameSignal);
    for (const row of inserted) await enqueueSignalFanout(tx, row.id);
    return { accepted: inserted.length, duplicates: duplicates + raced + repeats };
  });
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
  if (conflicts.length > 0) throw new IngestConflict(conflicts.map((c) => c.id), []);
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

export async function ingestFills(guid: string, fills: FillInput[], repeats = 0, database?: Database): Promise<Ingested> {
  return (database ?? (await db())).transaction(async (tx) => {
    refuseEarly(fills, (await openStrategy(tx, guid)).startDate);
    const out = await storeFills(tx, guid, fills);
    if (out.conflicts.length > 0) throw new IngestConflict(out.conflicts, []);
    return { accepted: out.added, duplicates: out.duplicates + repeats };
  });
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
    if (differing.length > 0) throw new IngestConflict([], differing, true);
    duplicates += lost.length;
  }
  return { added: inserted.length, duplicates, conflicts: [], conflictIds: [] };
}

export async function ingestNav(guid: string, points: NavInput[], repeats = 0, database?: Database): Promise<Ingested> {
  return (database ?? (await db())).transaction(async (tx) => {
    refuseEarly(points, (await openStrategy(tx, guid)).startDate);
    const out = await storeNav(tx, guid, points);
    if (out.conflictIds.length > 0) throw new IngestConflict(out.conflictIds, out.conflicts);
    if (out.conflicts.length > 0) throw new IngestConflict([], out.conflicts, true);
    return { accepted: out.added, duplicates: out.duplicates + repeats };
  });
}
