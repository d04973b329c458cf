// The site at N masters (issue 24 point 4): for an engine and a size, a fresh database with the demo data and N
// generated masters (bench/masters-generator.mjs) loaded through the CLI, then the built server: every public page's
// first request after the start, autocannon on each page, the server's RSS after the runs. The demo size runs first
// (or comes from --baseline) and each page at size N is held to it: req/s ≥ 70% of the demo's, first request ≤ 1 s,
// no error or non-2xx answer, RSS within +150 MB of the demo's, HTML ≤ 150 KB. Exits 1 when a target is missed.
//
//   node bench/masters-scale.mjs --engine pglite|postgres --masters demo|N [--dir BUILT_TREE] [--port 3740]
//        [--duration 8] [--warmup 2] [--connections 10] [--seed 20261127] [--data GENERATED_DIR]
//        [--baseline DEMO_RUN.json] [--json FILE] [--pg postgres://postgres@127.0.0.1:5432] [--keep]
//        [--import-command "CMD"]
//
// --masters N runs the demo size, then N, on the same engine (one fresh database each); --baseline takes the demo's
// figures from an earlier run's --json file instead (same engine, same host, please). --data reuses a generated folder
// (`node bench/masters-generator.mjs --masters N --out DIR`); otherwise the generator writes one under /tmp, removed
// afterwards. Loading: `npm run cli -- db:seed --demo`, `… import:bars DIR/bars.csv`, `… import:statements
// DIR/masters --public` (--import-command replaces the last: CMD is run by sh with DIR/masters appended). PGlite: a new
// data directory under /tmp; PostgreSQL: a new database on --pg (createdb/dropdb), dropped afterwards (--keep keeps
// both). BUILT_TREE (default: this checkout) needs `.next/BUILD_ID` (`npm run build`).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshDataDir, get, loadPage, option, rssMb, sleep, startServer, stopServer, waitForHealth } from "./server.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const engine = option(args, "--engine", "pglite");
const sizeArg = option(args, "--masters", "demo");
const dir = path.resolve(option(args, "--dir", path.join(HERE, "..")));
const port = Number(option(args, "--port", "3740"));
const duration = Number(option(args, "--duration", "8"));
const warmup = Number(option(args, "--warmup", "2"));
const connections = Number(option(args, "--connections", "10"));
const seed = option(args, "--seed", "20261127");
const dataArg = option(args, "--data", null);
const baselineFile = option(args, "--baseline", null);
const jsonFile = option(args, "--json", null);
const pgServer = option(args, "--pg", "postgres://postgres@127.0.0.1:5432");
const importCommand = option(args, "--import-command", null);
const keep = args.includes("--keep");

const TARGETS = { share: 0.7, firstMs: 1000, rssMb: 150, htmlBytes: 150 * 1024 };
const size = sizeArg === "demo" ? 0 : Number(sizeArg);
if (!["pglite", "postgres"].includes(engine) || !Number.isInteger(size) || size < 0) {
  console.error("usage: node bench/masters-scale.mjs --engine pglite|postgres --masters demo|N [options] (see the header)");
  process.exit(2);
}

const log = (line) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);

/** Runs a command to its end; resolves with its wall time in ms, throws with its output's tail when it fails. */
function run(command, argv, env, label) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(command, argv, { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const keepTail = (chunk) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", keepTail);
    child.stderr.on("data", keepTail);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const ms = Math.round(performance.now() - startedAt);
      if (code === 0) resolve({ ms, tail });
      else reject(new Error(`${label} failed (${code ?? signal}) after ${ms} ms:\n${tail}`));
    });
  });
}

const cli = (env, label, ...cmd) => run("npm", ["run", "-s", "cli", "--", ...cmd], env, label);

/** A fresh database: the server's and the CLI's environment, a query function, and how to drop it. */
async function freshDatabase(label) {
  if (engine === "pglite") {
    const dataDir = freshDataDir(`scale-${label}`);
    const query = async (sql) => {
      const { PGlite } = await import("@electric-sql/pglite");
      const client = new PGlite(path.join(dataDir, "pglite"));
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.close();
      }
    };
    return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, server: { dataDir }, query, drop: () => fs.rmSync(dataDir, { recursive: true, force: true }), where: dataDir };
  }
  const name = `bench_scale_${label}_${Date.now()}`;
  const { hostname, port: pgPort, username } = new URL(pgServer);
  const pgArgs = ["-h", hostname, "-p", pgPort || "5432", "-U", username || "postgres"];
  execFileSync("createdb", [...pgArgs, name], { stdio: "pipe" });
  const url = `${pgServer}/${name}`;
  const query = async (sql) => {
    const out = execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-AtF", "\t", "-c", sql], { encoding: "utf8" });
    return out.trim().split("\n").filter(Boolean).map((line) => line.split("\t"));
  };
  return { env: { DATABASE_URL: url }, server: { databaseUrl: url }, query, drop: () => execFileSync("dropdb", [...pgArgs, "--force", name], { stdio: "pipe" }), where: url };
}

const firstCell = (rows) => (rows[0] ? (Array.isArray(rows[0]) ? rows[0][0] : Object.values(rows[0])[0]) : undefined);

/** The generated folder for size N (made under /tmp unless --data names one). */
async function generated(n) {
  if (dataArg) return { dir: path.resolve(dataArg), generateMs: null, remove: () => {} };
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `lianghua-masters-${n}-`));
  const { ms } = await run(process.execPath, [path.join(HERE, "masters-generator.mjs"), "--masters", String(n), "--out", out, "--seed", seed], {}, "generator");
  return { dir: out, generateMs: ms, remove: () => fs.rmSync(out, { recursive: true, force: true }) };
}

/** The next-server's CPU time in clock ticks (utime + stime). */
function cpuTicks(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Waits until the server has used < 5% of a core for a second (requests autocannon gave up on still run), ≤ 120 s. */
async function settle(pid) {
  const deadline = performance.now() + 120_000;
  let before = cpuTicks(pid);
  while (performance.now() < deadline) {
    await sleep(1000);
    const now = cpuTicks(pid);
    if (now === null || before === null || now - before <= 5) return true;
    before = now;
  }
  return false;
}

async function measureSize(n) {
  const label = n === 0 ? "demo" : String(n);
  const database = await freshDatabase(label);
  const result = { engine, masters: label, load: {} };
  let gen = null;
  let server = null;
  try {
    log(`${label}: database ${database.where}; demo data`);
    result.load.demoMs = (await cli(database.env, "db:seed --demo", "db:seed", "--demo")).ms;
    let pick;
    if (n > 0) {
      gen = await generated(n);
      result.load.generateMs = gen.generateMs;
      log(`${label}: bars (${path.join(gen.dir, "bars.csv")})`);
      result.load.barsMs = (await cli(database.env, "import:bars", "import:bars", path.join(gen.dir, "bars.csv"))).ms;
      const mastersDir = path.join(gen.dir, "masters");
      log(`${label}: statements (${mastersDir})`);
      const loaded = importCommand
        ? await run("sh", ["-c", `${importCommand} "$0"`, mastersDir], database.env, "import command")
        : await cli(database.env, "import:statements", "import:statements", mastersDir, "--public");
      result.load.statementsMs = loaded.ms;
      result.load.statementsOutputTail = loaded.tail.split("\n").filter(Boolean).slice(-3);
      const manifest = fs.readFileSync(path.join(mastersDir, "masters.csv"), "utf8").trim().split("\n");
      // a generated master without a disclosure delay, from the middle of the manifest
      const rows = manifest.slice(1).map((line) => line.split(","));
      const undelayed = rows.filter((r) => r[r.length - 1] === "0");
      const chosen = undelayed[Math.floor(undelayed.length / 2)] ?? rows[0];
      pick = `select guid from masters where name = '${chosen[1].replaceAll("'", "''")}' and not is_demo order by created_at limit 1`;
    } else pick = "select guid from masters where is_demo order by created_at, name limit 1";
    const guid = firstCell(await database.query(pick));
    const day = String(firstCell(await database.query("select max(trade_date)::text from market_bars")) ?? "");
    result.counts = {
      masters: Number(firstCell(await database.query("select count(*)::int from masters"))),
      fills: Number(firstCell(await database.query("select count(*)::int from statement_fills"))),
      roundTrips: Number(firstCell(await database.query("select count(*)::int from round_trips"))),
    };
    if (!guid || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`no master (${guid}) or no market day (${day}) in the database`);
    const pages = ["/", "/god", "/rank", `/rank/${day}/week`, "/loss-tracker", "/list/god", `/detail/${guid}`, `/analysis/${guid}`];
    result.pages = pages.map((page) => ({ page }));

    server = startServer({ dir, port, ...database.server });
    const health = await waitForHealth(server, 300_000);
    result.startMs = Math.round(health.ms);
    log(`${label}: server up in ${result.startMs} ms; first requests`);
    for (const row of result.pages) {
      const r = await get(server.url(row.page), { timeoutMs: 120_000 });
      row.first = { ms: Math.round(r.ms), status: r.status, bytes: r.bytes, error: r.error ?? null };
    }
    const pid = server.serverPid();
    result.rssAfterFirstMb = Math.round(rssMb(pid));
    for (const row of result.pages) {
      log(`${label}: ${row.page}`);
      if (warmup > 0) await loadPage(server.url(row.page), { connections, duration: warmup });
      // false: the server was still busy (with this page's warm-up or an earlier page's abandoned requests) after 120 s
      row.idleBefore = await settle(pid);
      const r = await loadPage(server.url(row.page), { connections, duration });
      row.rps = Math.round(r.requests.average * 10) / 10;
      row.p99 = r.latency.p99;
      row.errors = r.errors + r.timeouts;
      row.non2xx = r.non2xx;
      row.completed = r.requests.total;
      // requests still unanswered when the run ended: autocannon counts them neither as done nor as errors
      row.unanswered = Math.max(0, (r.requests.sent ?? r.requests.total) - r.requests.total - r.errors - r.timeouts);
      row.idleAfter = await settle(pid);
    }
    result.rssMb = Math.round(rssMb(pid));
    result.loadAvg = os.loadavg().map((x) => Math.round(x * 10) / 10);
  } finally {
    if (server) {
      const exit = await stopServer(server);
      result.stop = exit ? { ms: Math.round(exit.ms), code: exit.code, signal: exit.signal } : "killed after 40 s";
    }
    gen?.remove();
    if (!keep) database.drop();
    else result.keptDatabase = database.where;
  }
  return result;
}

/** Marks each page (and the run) pass or fail; `demo` is the demo size's result, null when judging the demo itself. */
function judge(res, demo) {
  for (const row of res.pages) {
    const key = (p) => p.replace(/\/(detail|analysis)\/[0-9a-f-]{36}/, "/$1/{guid}").replace(/\/rank\/\d{4}-\d{2}-\d{2}\//, "/rank/{day}/");
    const base = demo?.pages.find((p) => key(p.page) === key(row.page));
    row.checks = {
      firstMs: row.first.status === 200 && row.first.ms <= TARGETS.firstMs,
      noError: row.first.status === 200 && row.errors === 0 && row.non2xx === 0 && row.completed > 0,
      html: row.first.bytes <= TARGETS.htmlBytes,
    };
    if (base) {
      row.share = base.rps > 0 ? Math.round((row.rps / base.rps) * 100) : null;
      row.checks.share = row.share !== null && row.share >= TARGETS.share * 100;
    }
    row.ok = Object.values(row.checks).every(Boolean);
  }
  if (demo) res.rssCheck = res.rssMb <= demo.rssMb + TARGETS.rssMb;
  res.ok = res.pages.every((r) => r.ok) && res.rssCheck !== false;
  return res;
}

const mark = (ok) => (ok === undefined ? "" : ok ? " ✓" : " ✖");

function table(res) {
  const lines = [
    `**${res.engine}, ${res.masters === "demo" ? "demo masters" : `${res.masters} generated masters + demo`}** (${res.counts.masters} masters, ${res.counts.fills} fills, ${res.counts.roundTrips} round trips; ` +
      `load: demo ${res.load.demoMs} ms` +
      (res.load.statementsMs !== undefined ? `, bars ${res.load.barsMs} ms, statements ${res.load.statementsMs} ms` : "") +
      `; server up in ${res.startMs} ms, ${typeof res.stop === "string" ? res.stop : `stopped in ${res.stop.ms} ms (exit ${res.stop.code ?? res.stop.signal})`}; RSS ${res.rssAfterFirstMb} MB after the first requests, ${res.rssMb} MB after the runs${mark(res.rssCheck)}; load average ${res.loadAvg.join(", ")})`,
    "",
    "| page | first request ms (status) | HTML KB | req/s | % of demo | p99 ms | errors / non-2xx | ok |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of res.pages) {
    lines.push(
      `| \`${r.page}\` | ${r.first.ms} (${r.first.status ?? r.first.error})${mark(r.checks.firstMs)} | ${(r.first.bytes / 1024).toFixed(1)}${mark(r.checks.html)} | ${r.rps} | ` +
        `${r.share === undefined ? "—" : `${r.share}%`}${mark(r.checks.share)}${r.idleBefore === false ? " (server busy before)" : ""} | ${r.p99} | ` +
        `${r.errors} / ${r.non2xx}${r.completed === 0 ? ", none answered" : ""}${mark(r.checks.noError)}${r.idleAfter === false ? " (busy 120 s after)" : ""} | ${r.ok ? "✓" : "✖"} |`,
    );
  }
  return lines.join("\n");
}

const startedAt = performance.now();
let demo = baselineFile ? JSON.parse(fs.readFileSync(baselineFile, "utf8")).runs.find((r) => r.masters === "demo" && r.engine === engine) : null;
if (baselineFile && !demo) throw new Error(`${baselineFile} has no demo run on ${engine}`);
const runs = [];
const report = { date: new Date().toISOString(), engine, connections, duration, warmup, targets: TARGETS, totalMs: 0, runs };
/** written after each size, so that a demo run survives a failure at size N (and serves as --baseline) */
const save = () => {
  report.totalMs = Math.round(performance.now() - startedAt);
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(report, null, 2) + "\n");
};
if (!demo) {
  demo = judge(await measureSize(0), null);
  runs.push(demo);
  save();
}
if (size > 0) {
  runs.push(judge(await measureSize(size), demo));
  save();
}
console.log(`${report.date.slice(0, 16).replace("T", " ")} UTC, autocannon ${connections} connections × ${duration} s per page after ${warmup} s of warm-up; whole run ${Math.round(report.totalMs / 1000)} s\n`);
for (const res of runs) console.log(`${table(res)}\n`);
// the targets hold at size N; the demo's own marks are shown, and judged only when the demo size is all that ran
const judged = runs[runs.length - 1];
if (!judged.ok) {
  console.error(`✖ missed a target at ${judged.masters === "demo" ? "the demo size" : `${judged.masters} masters`} (≥ ${TARGETS.share * 100}% of the demo's req/s, first request ≤ ${TARGETS.firstMs} ms, no error, RSS ≤ demo + ${TARGETS.rssMb} MB, HTML ≤ 150 KB)`);
  process.exit(1);
}
