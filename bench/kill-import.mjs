// `kill -9` during a statement import leaves no partial statement:
// `node bench/kill-import.mjs [--engine pglite|postgres|both] [--rows 100000] [--trials 3]
//                             [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--keep]`
//
// 1. writes the deterministic 100,000-row GBK statement of bench/import-statement.mjs (reused from the tmp dir);
// 2. per engine, on a fresh database (PGlite: a new DATA_DIR; PostgreSQL: a database of our own, created on the
//    --pg-url server and dropped at the end), runs `npm run cli -- db:migrate`, then a complete
//    `npm run cli -- import:statement FILE --new-trader …` (the import's own baseline);
// 3. --trials times: starts the same import in its own process group, watches the fills table grow on disk
//    (PGlite: the table's file in the data directory; PostgreSQL: pg_relation_size from another connection) and
//    SIGKILLs the whole group while the fills are being written (trial k waits k × 400 ms more after the growth
//    starts, so the kills land at different points of the write);
// 4. after each kill opens the database afresh in another process through lib/db (PGlite: the killed process's lock
//    file is still there and must be taken over as stale, lib/db/lock.ts) and checks: every statement has exactly
//    its declared fill_count fills and event_count events, no fill or event belongs to a missing statement, and the
//    number of statements is unchanged (or one more, complete, if the import had committed before the kill);
// 5. finally one more complete import on the same database must succeed and be complete.
// Exits 1 when a check fails or no trial managed to kill the import while it was writing.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// child (`node --conditions=react-server --import tsx bench/kill-import.mjs --check`): open through lib/db, report

async function checkChild() {
  const lib = await import(path.join(ROOT, "lib/db/index.ts"));
  const { prepareDatabase, closeDatabase, db } = lib.prepareDatabase ? lib : lib.default;
  const { sql } = await import("drizzle-orm");
  const t0 = performance.now();
  await prepareDatabase({ migrate: false, seedDemo: false });
  const openMs = performance.now() - t0;
  const d = await db();
  const rows = (q) => d.execute(q).then((r) => r.rows);
  const statements = await rows(sql`
    select s.id, s.row_count, s.fill_count, s.event_count,
           (select count(*) from statement_fills f where f.statement_id = s.id)::int as fills,
           (select count(*) from statement_events e where e.statement_id = s.id)::int as events
    from statements s order by s.created_at`);
  const [orphans] = await rows(sql`
    select (select count(*) from statement_fills f where not exists (select 1 from statements s where s.id = f.statement_id))::int as fills,
           (select count(*) from statement_events e where not exists (select 1 from statements s where s.id = e.statement_id))::int as events`);
  const [file] = await rows(sql`select pg_relation_filepath('statement_fills') as path, pg_relation_size('statement_fills')::bigint as bytes`);
  await closeDatabase();
  process.stdout.write(`${JSON.stringify({ openMs, statements, orphans, fillsFile: file.path, fillsBytes: Number(file.bytes) })}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// parent

const problems = [];
const check = (ok, message) => {
  console.log(`${ok ? "  ✓" : "  ✖"} ${message}`);
  if (!ok) problems.push(message);
  return ok;
};

function statementFile(rows) {
  const file = path.join(os.tmpdir(), `lianghua-bench-statement-${rows}.xls`);
  if (!fs.existsSync(file)) {
    console.log(`writing the ${rows}-row statement with bench/import-statement.mjs…`);
    // one measured run as a side effect; its budget check does not matter here, only the file
    spawnSync(process.execPath, ["--import", "tsx", "bench/import-statement.mjs", "--rows", String(rows), "--runs", "1", "--keep"], { cwd: ROOT, stdio: "ignore" });
    if (!fs.existsSync(file)) throw new Error(`bench/import-statement.mjs did not leave ${file}`);
  }
  return file;
}

function cli(env, cliArgs, { detached = false } = {}) {
  return spawn("npm", ["run", "--silent", "cli", "--", ...cliArgs], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
}

function finished(child) {
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, out })));
}

function runCheck(env) {
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", fileURLToPath(import.meta.url), "--check"], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_OPTIONS: "" },
    encoding: "utf8",
  });
  if (r.status !== 0) return { error: `${r.stderr}\n${r.stdout}`.trim().split("\n").slice(-8).join("\n") };
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

function processState(pid) {
  try {
    return `in state ${fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0]} (${fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim()})`;
  } catch {
    return "gone";
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/** Every statement complete, nothing orphaned; returns the count. */
function checkConsistent(state, label) {
  if (state.error) {
    check(false, `${label}: the database did not open: ${state.error}`);
    return null;
  }
  const partial = state.statements.filter((s) => s.fills !== s.fill_count || s.events !== s.event_count);
  check(partial.length === 0, `${label}: every statement has all its fills and events (${state.statements.map((s) => `${s.fills}/${s.fill_count} fills, ${s.events}/${s.event_count} events`).join("; ") || "no statements"})`);
  check(state.orphans.fills === 0 && state.orphans.events === 0, `${label}: no fill or event without its statement (${state.orphans.fills} fills, ${state.orphans.events} events)`);
  return state.statements.length;
}

async function engineRun(engine, file, trials) {
  console.log(`\n== ${engine}`);
  const env = {};
  let dataDir = null;
  let pg = null;
  let dbName = null;
  const adminUrl = option("--pg-url", "postgres://postgres@127.0.0.1:5432/postgres");
  if (engine === "pglite") {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-kill-import-"));
    Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: "" });
  } else {
    const { Client } = createRequire(import.meta.url)("pg");
    dbName = `lianghua_kill_${process.pid}_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    pg = new Client({ connectionString: env.DATABASE_URL });
  }
  const location = dataDir ?? env.DATABASE_URL;
  console.log(`database: ${location}`);
  const stats = { trials: [], killedWhileWriting: 0 };
  try {
    const migrated = await finished(cli(env, ["db:migrate"]));
    if (migrated.code !== 0) throw new Error(`db:migrate failed:\n${migrated.out}`);
    if (pg) await pg.connect();

    let state = runCheck(env);
    if (state.error) throw new Error(`the migrated database did not open: ${state.error}`);
    const fillsPath = dataDir ? path.join(dataDir, "pglite", state.fillsFile) : null;
    const sizeNow = async () => {
      if (pg) return Number((await pg.query("select pg_relation_size('statement_fills') as b")).rows[0].b);
      // the table's file and its 1 GB segments
      let total = 0;
      for (let seg = 0; ; seg++) {
        try {
          total += fs.statSync(seg === 0 ? fillsPath : `${fillsPath}.${seg}`).size;
        } catch {
          return total;
        }
      }
    };
    /** Runs one import; `killAfterGrowthMs`: SIGKILL its process group that long after the fills table starts to grow. */
    const importRun = async (masterName, killAfterGrowthMs = null) => {
      const sizeBefore = await sizeNow();
      const started = performance.now();
      const child = cli(env, ["import:statement", file, "--new-trader", masterName], { detached: true });
      const done = finished(child);
      let exited = null;
      done.then((r) => (exited = { ...r, at: performance.now() }));
      let growthAt = null;
      while (!exited) {
        if (growthAt === null && (await sizeNow()) > sizeBefore) growthAt = performance.now();
        if (killAfterGrowthMs !== null && growthAt !== null && performance.now() - growthAt >= killAfterGrowthMs) break;
        await sleep(growthAt === null ? 20 : 10);
      }
      let lockPid = null;
      if (dataDir) {
        try {
          lockPid = Number(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8").trim());
        } catch {
          /* none */
        }
      }
      const killedAt = performance.now();
      if (!exited) {
        try {
          process.kill(-child.pid, "SIGKILL"); // npm, the shell, tsx and the node process that writes
        } catch {
          /* gone */
        }
      }
      const result = await done;
      const sizeAfter = await sizeNow().catch(() => null);
      return { started, growthAt, killedAt, endedAt: exited?.at ?? performance.now(), result, lockPid, grewMb: (sizeAfter - sizeBefore) / 1024 / 1024 };
    };

    // the complete import: its own check, and where the writing starts and ends
    const base = await importRun("压测基线");
    const fullMs = base.endedAt - base.started;
    if (base.result.code !== 0) throw new Error(`the complete import failed:\n${base.result.out}`);
    const writeStart = base.growthAt === null ? fullMs / 2 : base.growthAt - base.started;
    const writeMs = base.endedAt - (base.growthAt ?? base.started + fullMs / 2);
    console.log(`complete import ${(fullMs / 1000).toFixed(1)} s: reading and setting up ${(writeStart / 1000).toFixed(1)} s, ` +
      `writing fills, events and round trips ${(writeMs / 1000).toFixed(1)} s (fills table +${base.grewMb.toFixed(1)} MB)`);
    state = runCheck(env);
    let count = checkConsistent(state, "complete import");
    check(count === 1, `the complete import stored one statement (${count})`);
    if (count === null) return stats;

    for (let k = 0; k < trials; k++) {
      const label = `trial ${k + 1}`;
      // spread the kills over the write: right at its start, then further in (never past 90 % of it)
      const killAfter = Math.round((k / Math.max(1, trials - 1)) * writeMs * 0.9);
      const { started, growthAt, killedAt, result, lockPid, grewMb } = await importRun(`压测${k + 1}`, killAfter);
      const wasWriting = growthAt !== null && result.signal === "SIGKILL";
      const note = result.signal === "SIGKILL"
        ? `killed ${((killedAt - started) / 1000).toFixed(1)} s after the start, ${growthAt === null ? "before the fills table grew" : `${Math.round(killedAt - growthAt)} ms into writing the fills`}`
        : `the import finished first (exit ${result.code})`;
      console.log(`${label}: ${note}; fills table ${grewMb.toFixed(1)} MB larger on disk`);
      if (dataDir && result.signal === "SIGKILL") {
        const leftBehind = fs.existsSync(path.join(dataDir, "pglite.lock"));
        for (let i = 0; i < 100 && lockPid !== null && isAlive(lockPid); i++) await sleep(50); // reaped a moment later
        check(leftBehind && lockPid !== null && !isAlive(lockPid), `${label}: the killed importer's lock file (pid ${lockPid}) is left behind and that pid is dead` +
          `${lockPid !== null && isAlive(lockPid) ? ` — still ${processState(lockPid)}` : ""}`);
      }
      state = runCheck(env);
      const before = count;
      count = checkConsistent(state, label);
      if (count === null) break;
      if (dataDir) check(!fs.existsSync(path.join(dataDir, "pglite.lock")), `${label}: the database reopened after the kill (stale lock taken over) in ${Math.round(state.openMs)} ms and released`);
      const committed = result.code === 0;
      check(count === before + (committed ? 1 : 0), `${label}: ${count} statements (${committed ? "one more, complete" : "none added by the killed import"})`);
      if (wasWriting && !committed) stats.killedWhileWriting++;
      stats.trials.push({ label, note, grewMb, statements: count });
    }

    const after = await finished(cli(env, ["import:statement", file, "--new-trader", "压测之后"]));
    check(after.code === 0, `a complete import after the kills succeeds (exit ${after.code})`);
    const final = runCheck(env);
    const finalCount = checkConsistent(final, "after the kills");
    check(finalCount === count + 1, `it added one complete statement (${finalCount})`);
    check(stats.killedWhileWriting > 0, `at least one kill landed while the fills were being written (${stats.killedWhileWriting} of ${trials})`);
    stats.fullMs = fullMs;
    return stats;
  } finally {
    if (pg) await pg.end().catch(() => {});
    if (dbName) {
      const { Client } = createRequire(import.meta.url)("pg");
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (dataDir && !args.includes("--keep")) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const engine = option("--engine", "both");
  const rows = Number(option("--rows", "100000"));
  const trials = Number(option("--trials", "3"));
  const file = statementFile(rows);
  console.log(`statement ${file} (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${rows} rows), ${trials} kills per engine`);
  const engines = engine === "both" ? ["pglite", "postgres"] : [engine];
  for (const e of engines) {
    const stats = await engineRun(e, file, trials);
    if (stats.fullMs) console.log(`${e}: complete import ${(stats.fullMs / 1000).toFixed(1)} s; ${stats.killedWhileWriting} of ${trials} kills landed while writing`);
  }
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} check(s) failed`);
    process.exit(1);
  }
  console.log("\n✓ no partial statement after kill -9");
}

if (args[0] === "--check") await checkChild();
else
  await main().catch((err) => {
    console.error(`✖ ${err.stack ?? err}`);
    process.exit(1);
  });
