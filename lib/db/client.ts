import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { is, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { PgTable, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { runDataMigrations } from "./data-migrations";
import * as schema from "./schema";
import type { Pool } from "pg";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * PostgreSQL: cancels the statements this handle's connections are running (pg_cancel_backend, from a connection of
   * its own) and resolves with their number. PGlite runs one statement at a time in-process: nothing to cancel (0).
   */
  cancelRunning(): Promise<number>;
  /** PostgreSQL: the pool the data layer's queries use (the rate limits' store shares it). */
  pool?: Pool;
}

/** Called before every statement the data layer issues (the server's request deadlines: it throws for cancelled work). */
export type QueryGuard = (statement: string) => void;
const GUARD = Symbol.for("lianghua.queryGuard");
const guards = globalThis as typeof globalThis & { [GUARD]?: QueryGuard };

/** Installs the guard every database opened in this process consults (lib/server/startup.ts; null removes it). */
export function setQueryGuard(guard: QueryGuard | null): void {
  if (guard) guards[GUARD] = guard;
  else delete guards[GUARD];
}

/** A ROLLBACK must go through whatever was cancelled: it is how a cancelled transaction gives its connection back. */
const ROLLBACK = /^\s*rollback\b/i;

/**
 * drizzle calls its logger's `logQuery` in the caller's async context just before it sends each statement (both
 * drivers, also inside transactions), so a guard that throws there stops the statement from being issued.
 */
const guardLogger = {
  logQuery(statement: string): void {
    const guard = guards[GUARD];
    if (guard && !ROLLBACK.test(statement)) guard(statement);
  },
};

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL: no statement runs longer (the server's request deadline); the CLI's connections have no limit. */
  statementTimeoutMs?: number;
  /** PGlite in memory: starts from this dump of a data directory (dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob;
}

/** Opens PGlite in `dataDir/pglite` (or in memory for `memory://`), or PostgreSQL when a URL is given. */
export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const { Pool, Client } = await import("pg");
    // A pooled connection outlives the request that happened to open it. Its socket must not keep that request's async
    // context (Next's request store, and through it the request, its response and a chain of finished immediates): a
    // heap snapshot under load on PostgreSQL showed thousands of finished requests retained, partly along this path,
    // and the long major GCs that follow push p99 up. Connections therefore open in the context the pool was created
    // in (the server's start-up). ADR 0020.
    const inPoolContext = AsyncLocalStorage.snapshot();
    type ConnectCallback = Parameters<InstanceType<typeof Client>["connect"]>[0];
    class ContextFreeClient extends Client {
      connect(): Promise<InstanceType<typeof Client>>;
      connect(callback: NonNullable<ConnectCallback>): void;
      connect(callback?: ConnectCallback): Promise<InstanceType<typeof Client>> | void {
        return inPoolContext(() => (callback ? super.connect(callback) : super.connect()));
      }
    }
    // Names this pool's connections in pg_stat_activity, so that cancelRunning() cancels its statements and no one else's.
    const applicationName = `lianghua-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      application_name: applicationName,
      max: 10,
      Client: ContextFreeClient,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // An idle client dropped by the server (restart, failover, a test database dropped) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, logger: guardLogger }) as unknown as Database;
    const cancelRunning = async () => {
      // not from the pool: every pooled connection may be the one waiting
      const client = new Client({ connectionString: opts.databaseUrl! });
      await client.connect();
      try {
        const { rows } = await client.query<{ cancelled: number }>(
          "select count(*) filter (where pg_cancel_backend(pid))::int as cancelled from pg_stat_activity " +
            "where application_name = $1 and state = 'active' and pid <> pg_backend_pid()",
          [applicationName],
        );
        return rows[0]?.cancelled ?? 0;
      } finally {
        await client.end();
      }
    };
    return { db, engine: "postgres", close: () => pool.end(), cancelRunning, pool };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const location = opts.dataDir === "memory://" ? undefined : path.resolve(opts.dataDir, "pglite");
  // new PGlite(undefined, options) ignores the options: an in-memory cluster takes them as its only argument
  const client = location ? new PGlite(location) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: guardLogger }) as unknown as Database;
  return { db, engine: "pglite", close: () => client.close(), cancelRunning: async () => 0 };
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "lib/db/migrations");

/** The committed SQL migrations, then the data migrations they left owed (./data-migrations.ts). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  await runDataMigrations(handle.db);
}

/**
 * Warms a freshly opened database before the server takes requests: a trivial query, then one row of every table.
 * The first query that names a table loads its catalog entries and indexes (20–60 ms per table on PGlite, which runs
 * PostgreSQL in WebAssembly), so without this the first visitors pay for it; on PostgreSQL it opens the first pooled
 * connection. Returns the time it took and the number of tables touched.
 */
export async function warmDatabase(handle: DatabaseHandle): Promise<{ ms: number; tables: number }> {
  const started = performance.now();
  await handle.db.execute(sql`select 1`);
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  for (const table of tables) await handle.db.execute(sql`select * from ${table} limit 1`);
  return { ms: performance.now() - started, tables: tables.length };
}
