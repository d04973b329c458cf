import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateDatabase, MIGRATIONS_FOLDER, openDatabase } from "./client";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (): { entries: JournalEntry[] } => JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"));

/**
 * drizzle's migrator runs, on a database that has migrations, only those whose journal `when` is later than the newest
 * `when` it has applied: a migration dated earlier than one before it is skipped on every upgraded database (0014 was,
 * behind 0011's 2026-11-28 date, until its date was moved past it). 0012 and 0013 were dated before 0011 and have been
 * applied under those dates since, so their dates stay.
 */
const DATED_BEFORE_AN_EARLIER_MIGRATION = ["0012_market_data", "0013_master_figures"];

describe("the migrations' journal", () => {
  it("dates each migration after every one before it, so an upgrade runs it", () => {
    const late: string[] = [];
    let newest = 0;
    for (const entry of journal().entries) {
      if (entry.when <= newest && !DATED_BEFORE_AN_EARLIER_MIGRATION.includes(entry.tag)) late.push(`${entry.tag} (${entry.when} ≤ ${newest})`);
      newest = Math.max(newest, entry.when);
    }
    expect(late).toEqual([]);
  });

  it("upgrades a database made by the migrations before the newest one", async () => {
    const { entries } = journal();
    const newest = entries[entries.length - 1]!;
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-migrations-"));
    fs.mkdirSync(path.join(older, "meta"));
    fs.writeFileSync(path.join(older, "meta/_journal.json"), JSON.stringify({ ...journal(), entries: entries.slice(0, -1) }));
    for (const entry of entries.slice(0, -1)) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));
    const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    try {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder: older });
      await migrateDatabase(handle);
      const applied = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
      expect(applied.rows[0]!.n).toBe(entries.length);
      // the newest migration's own work is there (today: 0014's rate_limits table)
      const tables = (await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] };
      const created = /CREATE TABLE "([a-z_]+)"/.exec(fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${newest.tag}.sql`), "utf8"))?.[1];
      if (created) expect(tables.rows.map((r) => r.tablename)).toContain(created);
    } finally {
      await handle.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  }, 60_000);

  it("0015 gives a database seeded before it the demo VIP video's stored address (the public file is gone)", async () => {
    const { entries } = journal();
    const upTo = entries.findIndex((e) => e.tag === "0015_stored_demo_video");
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-migrations-0015-"));
    fs.mkdirSync(path.join(older, "meta"));
    fs.writeFileSync(path.join(older, "meta/_journal.json"), JSON.stringify({ ...journal(), entries: entries.slice(0, upTo) }));
    for (const entry of entries.slice(0, upTo)) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));
    const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    try {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder: older });
      await handle.db.execute(sql`insert into articles (type, title, video_url) values ('video', '一字板', '/demo/videos/limit-up-queue.mp4'), ('video', '自己的', 'https://cdn.example.com/a.mp4')`);
      await migrateDatabase(handle);
      const rows = (await handle.db.execute(sql`select title, video_url from articles order by title`)) as unknown as { rows: { title: string; video_url: string }[] };
      expect(rows.rows).toEqual([
        { title: "一字板", video_url: "/api/videos/demo-limit-up-queue.mp4" },
        { title: "自己的", video_url: "https://cdn.example.com/a.mp4" },
      ]);
    } finally {
      await handle.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  }, 60_000);

  it("repairs a database that had 0011 before 0012 and 0013 existed (drizzle skipped them on upgrade)", async () => {
    const { entries } = journal();
    const upTo0011 = entries.filter((e) => e.idx <= 11);
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-migrations-0016-"));
    fs.mkdirSync(path.join(older, "meta"));
    fs.writeFileSync(path.join(older, "meta/_journal.json"), JSON.stringify({ ...journal(), entries: upTo0011 }));
    for (const entry of upTo0011) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));
    const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    const tables = async () =>
      ((await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
    try {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder: older });
      expect(await tables()).not.toContain("master_days");
      await migrateDatabase(handle);
      expect(await tables()).toEqual(expect.arrayContaining(["market_sync_runs", "market_sync_spans", "trading_days", "master_days", "master_figures", "master_positions"]));
      const preClose = (await handle.db.execute(sql`select column_name from information_schema.columns where table_name = 'market_bars' and column_name = 'pre_close'`)) as unknown as { rows: unknown[] };
      expect(preClose.rows).toHaveLength(1);
      const keys = (await handle.db.execute(sql`select conname from pg_constraint where conname like 'master_%_master_guid_masters_guid_fk'`)) as unknown as { rows: unknown[] };
      expect(keys.rows).toHaveLength(3);
    } finally {
      await handle.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  }, 60_000);
});
