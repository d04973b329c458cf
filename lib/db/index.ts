import { config } from "@/lib/config";
import { acquireDataDirLock } from "./lock";
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from "./client";
import { seedDemoData } from "./seed/demo";

export type { Database, DatabaseHandle } from "./client";
export { warmDatabase } from "./client";

interface DbState {
  handle: Promise<DatabaseHandle> | null;
  override: DatabaseHandle | null;
  /** Set by the server's shutdown: a late query must not reopen (and re-lock) the data directory. */
  closedForGood?: boolean;
}

// Kept on globalThis so the Next.js dev server's module reloads share one PGlite instance.
const state: DbState = ((globalThis as { __lianghuaDb?: DbState }).__lianghuaDb ??= { handle: null, override: null });

export interface PrepareOptions {
  /** Run the committed migrations (always for PGlite at start; for PostgreSQL only from the CLI). */
  migrate: boolean;
  /** Load the demo data when the database has never been seeded. */
  seedDemo: boolean;
  /** PostgreSQL: the longest a statement may run (the server passes its request deadline; lib/db/client.ts). */
  statementTimeoutMs?: number;
}

/**
 * Opens the configured database once per process. For PGlite it first takes the data-directory lock,
 * so a second process on the same directory fails with a clear message instead of corrupting it.
 */
export function prepareDatabase(opts: PrepareOptions): Promise<DatabaseHandle> {
  if (state.override) return Promise.resolve(state.override);
  if (state.closedForGood) return Promise.reject(new Error("The database is closed: the server is shutting down."));
  state.handle ??= (async () => {
    const cfg = config();
    if (!cfg.databaseUrl) acquireDataDirLock(cfg.dataDir);
    const handle = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, statementTimeoutMs: opts.statementTimeoutMs });
    if (opts.migrate) await migrateDatabase(handle);
    if (opts.seedDemo) await seedDemoData(handle.db);
    return handle;
  })().catch((err) => {
    state.handle = null; // a failed open must not poison every later request
    throw err;
  });
  return state.handle;
}

/** The database for the data layer. The server prepares it at start (instrumentation.ts). */
export async function db(): Promise<Database> {
  return (await databaseHandle()).db;
}

/** The engine the data layer uses (without opening it). */
export function databaseEngine(): DatabaseHandle["engine"] {
  return state.override?.engine ?? (config().databaseUrl ? "postgres" : "pglite");
}

/** The handle behind db(): its engine, and on PostgreSQL its pool. */
export async function databaseHandle(): Promise<DatabaseHandle> {
  if (state.override) return state.override;
  const cfg = config();
  return prepareDatabase({ migrate: !cfg.databaseUrl, seedDemo: !cfg.databaseUrl && cfg.loadDemoData });
}

/**
 * Closes the database (PGlite writes out its data; the data-directory lock goes when the process exits).
 * `final` (the server's shutdown): later calls to db() fail instead of opening it again.
 */
export async function closeDatabase({ final = false }: { final?: boolean } = {}): Promise<void> {
  if (final) state.closedForGood = true;
  const pending = state.handle;
  state.handle = null;
  if (pending) await (await pending).close();
}

/** The server's stop, once its grace has ended: the statements still running are cancelled (PostgreSQL; ADR 0048). */
export async function cancelRunningStatements(): Promise<number> {
  const pending = state.override ? Promise.resolve(state.override) : state.handle;
  return pending ? (await pending).cancelRunning() : 0;
}

/** Tests point the data layer at their own database. */
export function useDatabaseForTests(handle: DatabaseHandle | null): void {
  state.override = handle;
}
