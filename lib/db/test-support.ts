import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { config } from "@/lib/config";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "./client";
import { useDatabaseForTests } from "./index";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testEngines(): Engine[] {
  return config().testDatabaseUrl ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * Migrating an empty database costs 2–5 s per test file (PGlite's initdb in WebAssembly dominates). Each Jest worker
 * therefore migrates once per run, keeps the result as a template in the run's directory (jest/global-setup.mjs sets
 * TEST_TEMPLATE_DIR and removes it afterwards) and gives every later file a copy. A worker runs one file at a time,
 * so keying the template by the worker's process id needs no lock. Without the directory every file migrates afresh.
 * docs/testing.md.
 */
function templateKey(): { dir: string; run: string } | null {
  const dir = config().testTemplateDir;
  if (!dir || !fs.existsSync(dir)) return null;
  return { dir, run: path.basename(dir).replace(/[^a-z0-9]/gi, "").toLowerCase().slice(-12) };
}

async function freshPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
  await migrateDatabase(handle);
  return handle;
}

async function pgliteFromTemplate(): Promise<DatabaseHandle> {
  const key = templateKey();
  if (!key) return freshPglite();
  const file = path.join(key.dir, `pglite-${process.pid}.tar`);
  if (!fs.existsSync(file)) {
    const handle = await freshPglite();
    // the handle's client is PGlite itself: its dump is the migrated cluster, uncompressed (faster to load)
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const partial = `${file}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return handle;
  }
  return openDatabase({ databaseUrl: null, dataDir: "memory://", loadDataDir: new Blob([fs.readFileSync(file)]) });
}

async function withAdmin<T>(work: (query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: config().testDatabaseUrl! });
  await admin.connect();
  try {
    return await work((text) => admin.query(text));
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(config().testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** This worker's migrated template database on the PostgreSQL server, made on first use; null without a run directory. */
async function postgresTemplate(): Promise<string | null> {
  const key = templateKey();
  if (!key) return null;
  const name = `lianghua_tpl_${key.run}_${process.pid}`;
  const exists = await withAdmin(async (query) => (await query(`select 1 from pg_database where datname = '${name}'`)).rows.length > 0);
  if (exists) return name;
  await withAdmin((query) => query(`create database ${name}`));
  const handle = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: "" });
  try {
    await migrateDatabase(handle);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template with open connections
    await handle.close();
  }
  return name;
}

/** A fresh, migrated database: in-memory PGlite, or a throwaway database on the PostgreSQL server. */
export async function openTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === "pglite") return pgliteFromTemplate();
  const name = `lianghua_test_${randomBytes(6).toString("hex")}`;
  const template = await postgresTemplate();
  await withAdmin((query) => query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  const handle = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: "" });
  if (!template) await migrateDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin((query) => query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Runs a describe block once per engine with the data layer pointed at that engine's fresh database. */
export function describeOnEachEngine(title: string, body: (engine: Engine) => void): void {
  describe.each(testEngines())(`${title} [%s]`, (engine) => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase(engine);
      useDatabaseForTests(handle);
    }, 60_000);
    afterAll(async () => {
      useDatabaseForTests(null);
      await handle?.close();
    });
    body(engine);
  });
}
