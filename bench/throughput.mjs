// Throughput of the public pages (issues 8 and 26): autocannon, 10 connections for 20 s on each public page as a
// visitor sees it (answered from the page cache, ADR 0065) and on /robots.txt (the baseline: a static route), then on
// a free member's view of the pages (from the cache of their access class where the page has no personal state, ADR
// 0067; their own render elsewhere), one after the other against one running server, on PGlite and on PostgreSQL.
// Targets: each visitor page ≥ 60% of the baseline's requests per second, p99 < 300 ms, no errors; each member page
// ≥ 100 requests per second, no errors. Exits 1 when a target is missed.
//
//   node bench/throughput.mjs [--dir BUILT_TREE] [--engine pglite|postgres|both] [--duration 20] [--connections 10]
//                             [--rounds 1] [--port 3110] [--pg postgres://postgres@127.0.0.1:5432] [--json]
//                             [--node-options "--max-semi-space-size=32"]   (added to the server's NODE_OPTIONS)
//
// --rounds N runs all the pages N times in turn and reports, per page, the median of its rounds: each round's share is
// taken against the baseline of the same round, so a host that speeds up or slows down between rounds (steal time on
// a shared machine) moves both sides of a share alike.
//
// BUILT_TREE (default: this checkout) needs `.next/BUILD_ID`. PostgreSQL: a fresh database is created on --pg
// (default TEST_DATABASE_URL's server), migrated and loaded with the demo data through the CLI, and dropped after.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freshDataDir, get, loadPage, median, option, publicPages, sleep, startServer, stopServer, waitForHealth } from "./server.mjs";

const args = process.argv.slice(2);
const dir = path.resolve(option(args, "--dir", "."));
const engines = option(args, "--engine", "both") === "both" ? ["pglite", "postgres"] : [option(args, "--engine", "both")];
const duration = Number(option(args, "--duration", "20"));
const connections = Number(option(args, "--connections", "10"));
const rounds = Number(option(args, "--rounds", "1"));
const port = Number(option(args, "--port", "3110"));
const pgServer = option(args, "--pg", (process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test").replace(/\/[^/]*$/, ""));
const asJson = args.includes("--json");
const serverNodeOptions = option(args, "--node-options", "");
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("✖ --rounds takes a positive integer");
  process.exit(2);
}

const SHARE_OF_BASELINE = 0.6;
const P99_LIMIT_MS = 300;
const MEMBER_RPS = 100;
const BASELINE = "/robots.txt";
const MEMBER = { email: "bench-member@example.com", password: "Quiet-Harbor-2026!" };

/** A page request as a browser or crawler sends it: the page cache answers only requests for a document. */
const PAGE_REQUEST = { "accept-language": "zh-CN", accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

function run(url, headers = {}) {
  return loadPage(url, { connections, duration, headers: { ...PAGE_REQUEST, ...headers } });
}

/** The page cache fills behind the first answer: ask until a visitor's request is answered from it. */
async function warmPageCache(url) {
  for (let i = 0; i < 100; i++) {
    const res = await get(url, { headers: PAGE_REQUEST });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} before the run`);
    if (res.headers?.["x-page-cache"] === "hit" || url.endsWith(BASELINE)) return;
    await sleep(100);
  }
  throw new Error(`${url} was not answered from the page cache within 10 s`);
}

async function memberCookie(server) {
  const res = await fetch(server.url("/api/auth/login"), {
    method: "POST", headers: { "content-type": "application/json", origin: server.url("").replace(/\/$/, "") },
    body: JSON.stringify({ account: MEMBER.email, password: MEMBER.password }),
  });
  const token = /token=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  if (res.status !== 200 || !token) throw new Error(`member login answered ${res.status}`);
  return `token=${token}`;
}

function psql(database, sql) {
  execFileSync("psql", [`${pgServer}/${database}`, "-v", "ON_ERROR_STOP=1", "-qc", sql], { stdio: "pipe" });
}

/** A fresh database of the engine with the demo data and one free member, made through the CLI before the server starts. */
async function prepareEngine(engine) {
  const cliIn = (env) => (...cmd) => execFileSync("npm", ["run", "-s", "cli", "--", ...cmd], { cwd: dir, env: { ...process.env, ...env }, stdio: "pipe" });
  const memberOf = (cli) => cli("user:create", "--email", MEMBER.email, "--password", MEMBER.password, "--nickname", "压测会员");
  if (engine === "pglite") {
    const dataDir = freshDataDir("throughput");
    const cli = cliIn({ DATA_DIR: dataDir, DATABASE_URL: "" });
    cli("db:migrate");
    cli("db:seed", "--demo");
    memberOf(cli);
    return { server: { dataDir }, drop: () => {} };
  }
  const name = `bench_throughput_${Date.now()}`;
  psql("postgres", `create database ${name}`);
  const url = `${pgServer}/${name}`;
  const cli = cliIn({ DATABASE_URL: url });
  cli("db:migrate");
  cli("db:seed", "--demo");
  memberOf(cli);
  return { server: { databaseUrl: url }, drop: () => psql("postgres", `drop database if exists ${name} with (force)`) };
}

const GC_MONITOR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "gc-monitor.cjs");

/** The server's major GCs from `since` on (bench/gc-monitor.cjs): count, longest pause, heap used after them. */
function majorGcs(file, since) {
  const gcs = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line)).filter((gc) => gc.at >= since)
    : [];
  if (gcs.length === 0) return { count: 0, longestMs: 0, usedMb: [] };
  return { count: gcs.length, longestMs: Math.max(...gcs.map((gc) => gc.pauseMs)), usedMb: gcs.map((gc) => gc.usedMb) };
}

async function measure(engine) {
  const prepared = await prepareEngine(engine);
  const gcFile = path.join(fs.mkdtempSync(path.join((await import("node:os")).tmpdir(), "lianghua-gc-")), "major.jsonl");
  const server = startServer({ dir, port, ...prepared.server, env: { NODE_OPTIONS: `--require ${GC_MONITOR} ${serverNodeOptions}`.trim(), GC_MONITOR_FILE: gcFile, PAGE_CACHE_MB: "64" } });
  try {
    await waitForHealth(server);
    const pages = [...(await publicPages(server)), BASELINE];
    for (const page of pages) await warmPageCache(server.url(page));
    const cookie = await memberCookie(server);
    const measuringSince = Date.now();
    const measured = []; // one row per page, viewer and round
    for (let round = 0; round < rounds; round++) {
      const roundRows = [];
      for (const page of pages) {
        const r = await run(server.url(page));
        roundRows.push({ page, viewer: "visitor", rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
      }
      for (const page of pages.filter((p) => p !== BASELINE)) {
        const r = await run(server.url(page), { cookie });
        roundRows.push({ page, viewer: "member", rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
      }
      const baseline = roundRows.find((r) => r.page === BASELINE).rps;
      for (const row of roundRows) measured.push({ ...row, share: row.rps / baseline });
    }
    const kinds = [...pages.map((page) => ({ page, viewer: "visitor" })), ...pages.filter((p) => p !== BASELINE).map((page) => ({ page, viewer: "member" }))];
    const rows = kinds.map(({ page, viewer }) => {
      const runs = measured.filter((r) => r.page === page && r.viewer === viewer);
      const share = median(runs.map((r) => r.share));
      const row = {
        engine,
        viewer,
        page,
        rps: Math.round(median(runs.map((r) => r.rps)) * 10) / 10,
        share: Math.round(share * 100),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        p99Max: Math.max(...runs.map((r) => r.p99)),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
        non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
        shares: runs.map((r) => Math.round(r.share * 100)),
      };
      const clean = row.errors === 0 && row.non2xx === 0;
      row.ok = viewer === "member"
        ? clean && row.rps >= MEMBER_RPS
        : clean && row.p99 < P99_LIMIT_MS && (page === BASELINE || share >= SHARE_OF_BASELINE);
      return row;
    });
    gcByEngine[engine] = majorGcs(gcFile, measuringSince);
    return rows;
  } finally {
    await stopServer(server);
    prepared.drop();
  }
}

const results = [];
const gcByEngine = {};
for (const engine of engines) results.push(...(await measure(engine)));
if (asJson) console.log(JSON.stringify({ pages: results, majorGcs: gcByEngine }, null, 2));
else {
  console.log(`autocannon ${connections} connections × ${duration} s per page, ${rounds} round(s); load average ${(await import("node:os")).loadavg()[0].toFixed(1)}`);
  if (rounds > 1) console.log("median of the rounds; shares in each round in brackets; p99 is the median, then the worst round");
  console.log(`| engine | viewer | page | req/s | % of ${BASELINE} | p50 ms | p99 ms | errors | non-2xx | ok |`);
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    const share = rounds > 1 ? `${r.share}% (${r.shares.join(", ")})` : `${r.share}%`;
    const p99 = rounds > 1 ? `${r.p99} (${r.p99Max})` : `${r.p99}`;
    console.log(`| ${r.engine} | ${r.viewer} | \`${r.page}\` | ${r.rps} | ${share} | ${r.p50} | ${p99} | ${r.errors} | ${r.non2xx} | ${r.ok ? "✓" : "✗"} |`);
  }
  for (const [engine, gc] of Object.entries(gcByEngine)) {
    const used = gc.usedMb;
    console.log(
      `${engine}: ${gc.count} major GCs during the runs, longest pause ${gc.longestMs} ms; heap in use after them ` +
        (used.length ? `${used[0]} MB at the first, ${used[used.length - 1]} MB at the last, ${Math.max(...used)} MB at most` : "—"),
    );
  }
}
const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.error(
    `✖ ${failed.length} page(s) missed the target (visitors: ≥ ${SHARE_OF_BASELINE * 100}% of ${BASELINE}, p99 < ${P99_LIMIT_MS} ms; ` +
      `members: ≥ ${MEMBER_RPS} req/s; no errors): ${failed.map((r) => `${r.engine} ${r.viewer} ${r.page}`).join(", ")}`,
  );
  process.exit(1);
}
