import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "./client";
import { useDatabaseForTests } from "./index";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testEngines(): Engine[] {
  return config().testDatabaseUrl ? ["pglite", "postgres"] : ["pglite"];
}

/** A fresh, migrated database: in-memory PGlite, or a throwaway database on the PostgreSQL server. */
export async function openTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === "pglite") {
    const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    await migrateDatabase(handle);
    return handle;
  }
  const adminUrl = config().testDatabaseUrl!;
  const name = `lianghua_test_${randomBytes(6).toString("hex")}`;
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  await migrateDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
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
