import "server-only";
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { searchDocuments } from "@/lib/db/schema";
import { SEARCH_KINDS, type SearchKind } from "@/lib/domain/search/kinds";
import { tsvectorLiteral } from "@/lib/domain/search/tsvector";
import { logger } from "@/lib/server/logger";
import { SOURCES, type SearchDocumentInput } from "./sources";

/**
 * Keeps search_documents in step with the source tables (README.md here).
 *
 * - `syncSearchIndex(database)`: per kind, one query finds the source rows whose md5 of searchable fields differs from
 *   the stored `source_hash` (new or changed rows) and one finds documents whose row is gone or no longer listed
 *   (deleted, unpublished); only those are (re)indexed or removed. On an empty index this is the full build.
 * - `ensureSearchIndex()`: the start-up call (builds the index if empty, catches up otherwise).
 * - `freshSearchIndex()`: what searches call; runs the sync at most once a minute per database.
 * - `refreshSearchDocuments(database, kind, ids)`: the immediate hook after a write (article publish/edit/unpublish,
 *   statement import adding stocks, a nickname change); pass the transaction when inside one (PGlite).
 * - `reindexAll(database)`: drop everything and rebuild.
 */

type Writer = Pick<Database, "insert" | "delete">;
type ReadWriter = Pick<Database, "select" | "insert" | "delete">;

const BATCH = 400;
export const REFRESH_INTERVAL_MS = 60_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function row(doc: SearchDocumentInput) {
  const tokens = [...new Set(doc.fields.flatMap((f) => f.tokens))];
  return {
    kind: doc.kind,
    refId: doc.refId,
    title: doc.title,
    body: doc.body,
    tokens: tokens.join(" "),
    tsv: sql`${tsvectorLiteral(doc.fields)}::tsvector`,
    minLevel: doc.minLevel,
    url: doc.url,
    extra: doc.extra,
    sourceHash: doc.sourceHash,
    sortAt: doc.sortAt,
    updatedAt: sql`now()`,
  };
}

/** Inserts or replaces documents (one statement per batch). Inside a transaction, pass the transaction. */
export async function indexDocuments(tx: Writer, docs: SearchDocumentInput[]): Promise<void> {
  for (const batch of chunks(docs, BATCH)) {
    await tx
      .insert(searchDocuments)
      .values(batch.map(row))
      .onConflictDoUpdate({
        target: [searchDocuments.kind, searchDocuments.refId],
        set: {
          title: sql`excluded.title`, body: sql`excluded.body`, tokens: sql`excluded.tokens`, tsv: sql`excluded.tsv`,
          minLevel: sql`excluded.min_level`, url: sql`excluded.url`, extra: sql`excluded.extra`,
          sourceHash: sql`excluded.source_hash`, sortAt: sql`excluded.sort_at`, updatedAt: sql`now()`,
        },
      });
  }
}

/** One document (the brief's `indexDocument(tx, doc)`). */
export async function indexDocument(tx: Writer, doc: SearchDocumentInput): Promise<void> {
  await indexDocuments(tx, [doc]);
}

export async function removeDocuments(tx: Writer, kind: SearchKind, refIds: string[]): Promise<void> {
  for (const batch of chunks(refIds, BATCH)) {
    await tx.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), inArray(searchDocuments.refId, batch)));
  }
}

/**
 * Re-reads these rows of one kind and indexes them, or removes their documents when the rows are gone or no longer
 * listed (an unpublished article). Call it after a write; inside a transaction pass the transaction.
 */
export async function refreshSearchDocuments(database: ReadWriter, kind: SearchKind, refIds: string[]): Promise<void> {
  const ids = [...new Set(refIds)];
  for (const batch of chunks(ids, BATCH)) {
    const docs = await SOURCES[kind].load(database, batch);
    const found = new Set(docs.map((d) => d.refId));
    await indexDocuments(database, docs);
    await removeDocuments(database, kind, batch.filter((id) => !found.has(id)));
  }
}

export interface SyncReport {
  indexed: Record<SearchKind, number>;
  removed: Record<SearchKind, number>;
}

/** Rows of a kind that are new or changed since they were indexed. */
async function staleRefIds(database: Database, kind: SearchKind): Promise<string[]> {
  const source = SOURCES[kind];
  const rows = await database
    .select({ refId: source.refId })
    .from(source.table)
    .leftJoin(searchDocuments, and(eq(searchDocuments.kind, kind), eq(searchDocuments.refId, source.refId)))
    .where(and(source.where, or(isNull(searchDocuments.sourceHash), ne(searchDocuments.sourceHash, source.hash))));
  return rows.map((r) => r.refId);
}

/** Documents of a kind whose row is gone or no longer listed. */
async function orphanRefIds(database: Database, kind: SearchKind): Promise<string[]> {
  const source = SOURCES[kind];
  const listed = database
    .select({ refId: source.refId })
    .from(source.table)
    .where(source.where);
  const rows = await database
    .select({ refId: searchDocuments.refId })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), sql`${searchDocuments.refId} not in (${listed})`));
  return rows.map((r) => r.refId);
}

export async function syncKind(database: Database, kind: SearchKind): Promise<{ indexed: number; removed: number }> {
  const [stale, orphans] = await Promise.all([staleRefIds(database, kind), orphanRefIds(database, kind)]);
  if (stale.length === 0 && orphans.length === 0) return { indexed: 0, removed: 0 };
  for (const batch of chunks(stale, BATCH)) {
    const docs = await SOURCES[kind].load(database, batch);
    await database.transaction(async (tx) => indexDocuments(tx, docs));
  }
  if (orphans.length) await database.transaction(async (tx) => removeDocuments(tx, kind, orphans));
  return { indexed: stale.length, removed: orphans.length };
}

function emptyCounts(): Record<SearchKind, number> {
  return Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
}

/** Brings every kind up to date (only new, changed and vanished rows are touched). */
export async function syncSearchIndex(database: Database): Promise<SyncReport> {
  const report: SyncReport = { indexed: emptyCounts(), removed: emptyCounts() };
  for (const kind of SEARCH_KINDS) {
    const { indexed, removed } = await syncKind(database, kind);
    report.indexed[kind] = indexed;
    report.removed[kind] = removed;
  }
  return report;
}

/** Drops the whole index and builds it again. */
export async function reindexAll(database: Database): Promise<SyncReport> {
  await database.delete(searchDocuments);
  return syncSearchIndex(database);
}

interface FreshnessState {
  checkedAt: WeakMap<object, number>;
  running: WeakMap<object, Promise<void>>;
}

const freshness: FreshnessState = ((globalThis as { __lianghuaSearchFreshness?: FreshnessState }).__lianghuaSearchFreshness ??= {
  checkedAt: new WeakMap(),
  running: new WeakMap(),
});

function runSync(database: Database, why: string, now = Date.now()): Promise<void> {
  const running = freshness.running.get(database);
  if (running) return running;
  const started = Date.now();
  const job = syncSearchIndex(database)
    .then((report) => {
      freshness.checkedAt.set(database, now);
      const indexed = Object.values(report.indexed).reduce((a, b) => a + b, 0);
      const removed = Object.values(report.removed).reduce((a, b) => a + b, 0);
      if (indexed || removed) logger().info({ why, ...report, ms: Date.now() - started }, "search index synced");
    })
    .finally(() => freshness.running.delete(database));
  freshness.running.set(database, job);
  return job;
}

/** At start-up: builds the index when it is empty, else catches up with changes made while the server was down. */
export async function ensureSearchIndex(database?: Database): Promise<void> {
  await runSync(database ?? (await db()), "start-up");
}

/**
 * Searches call this: the sync runs when the last one is older than REFRESH_INTERVAL_MS (a few cheap queries when
 * nothing changed). A failing sync is logged and the search goes on with the index as it is.
 */
export async function freshSearchIndex(database: Database, now = Date.now()): Promise<void> {
  const last = freshness.checkedAt.get(database);
  if (last !== undefined && now - last < REFRESH_INTERVAL_MS) return;
  try {
    await runSync(database, "interval", now);
  } catch (err) {
    freshness.checkedAt.set(database, now); // do not retry on every request
    logger().error({ err }, "search index sync failed");
  }
}

/** Tests: forget when the index was last checked. */
export function resetSearchFreshness(database: Database): void {
  freshness.checkedAt.delete(database);
}
