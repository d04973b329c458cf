// Soak: 50 connections for 60 s across the public pages, no error, memory back afterwards.
// `node bench/soak.mjs [--dir BUILT_TREE] [--port 3430] [--connections 50] [--duration 60] [--settle 20] [--settle-max 240]
//                      [--budget-mb 150] [--warmup 0] [--no-restart] [--json]`
// `node bench/soak.mjs --url http://127.0.0.1:3000 --pid <next-server pid>` soaks a server that is already running.
//
// Starts the built server in --dir (default: this tree; `next build` first) on a fresh PGlite DATA_DIR (demo data;
// then stops it and starts it again on that directory, unless --no-restart, so the soak sees a server past its first run),
// finds a master's /detail/{guid} in /god and an article in /info/case, requests every page a few times (routes
// loaded, caches filled), optionally runs a --warmup-second burst at the same concurrency (default 0: none, so the
// budget is counted from the lightly warmed server) and waits 10 s, reads the next-server process's VmRSS
// (/proc/<pid>/status), then runs autocannon (devDependency; programmatic API) with every connection cycling through
// /, /god, /rank, /detail/{guid}, /info/detail/{id}, /disclaimer, samples RSS every second, then keeps sampling for at
// least --settle and at most --settle-max seconds until RSS is back within --budget-mb of the value before the soak
// (V8 gives the heap it grew under load back once the server has been idle for a while: about 30 s here, about
// 1.5 min with the 64 MB young generation of ADR 0021).
// Fails (exit 1) on any error, timeout or non-2xx answer, or when RSS is not back within --budget-mb by --settle-max.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { freshDataDir, get, option, publicPages, rssMb, sleep, startServer, stopServer, waitForHealth } from "./server.mjs";

const require = createRequire(import.meta.url);
let autocannon;
try {
  autocannon = require("autocannon");
} catch {
  console.error("✖ autocannon is not installed: npm install -D autocannon@9.0.0");
  process.exit(1);
}

const args = process.argv.slice(2);
const connections = Number(option(args, "--connections", "50"));
const duration = Number(option(args, "--duration", "60"));
const settleS = Number(option(args, "--settle", "20"));
const settleMaxS = Math.max(settleS, Number(option(args, "--settle-max", "240")));
const budgetMb = Number(option(args, "--budget-mb", "150"));
const warmupS = Number(option(args, "--warmup", "0"));
const problems = [];
const check = (ok, message) => {
  console.log(`${ok ? "✓" : "✖"} ${message}`);
  if (!ok) problems.push(message);
};

function runAutocannon(base, pages, seconds = duration) {
  const perPage = new Map(pages.map((p) => [p, { count: 0, statuses: {} }]));
  const requests = pages.map((p) => ({
    method: "GET",
    path: p,
    onResponse: (status) => {
      const s = perPage.get(p);
      s.count++;
      s.statuses[status] = (s.statuses[status] ?? 0) + 1;
    },
  }));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration: seconds, requests, timeout: 30, headers: { "user-agent": "lianghua-soak" } },
      (err, result) => (err ? reject(err) : resolve({ result, perPage })),
    );
    process.once("SIGINT", () => instance.stop());
  });
}

async function main() {
  const external = option(args, "--url", null);
  let server = null;
  let dataDir = null;
  let pid;
  let base;
  try {
    if (external) {
      base = external.replace(/\/$/, "");
      pid = Number(option(args, "--pid", "0"));
      if (!pid) throw new Error("--url needs --pid <next-server pid> to read its memory");
      server = { url: (p = "/") => `${base}${p}` };
    } else {
      const dir = path.resolve(option(args, "--dir", process.cwd()));
      const port = Number(option(args, "--port", "3430"));
      dataDir = freshDataDir("soak");
      const launcher = option(args, "--launcher", "next");
      server = startServer({ dir, port, dataDir, launcher });
      let ready = await waitForHealth(server);
      if (!args.includes("--no-restart")) {
        // the first start migrates and loads the demo data (PGlite keeps the memory it grew to): soak the server as it
        // runs from then on, restarted on that data directory
        const stopped = await stopServer(server, "SIGTERM");
        if (stopped?.code !== 0) throw new Error(`the seeding server did not stop cleanly (${stopped?.code ?? "killed"})`);
        server = startServer({ dir, port, dataDir, launcher });
        ready = await waitForHealth(server);
      }
      pid = server.serverPid();
      base = `http://127.0.0.1:${port}`;
      console.log(`server ${dir} on ${base} (pid ${pid}, DATA_DIR ${dataDir}), healthy after ${Math.round(ready.ms)} ms`);
    }
    const pages = await publicPages(server);
    for (let round = 0; round < 3; round++) {
      for (const p of pages) {
        const r = await get(server.url(p));
        if (r.status !== 200) throw new Error(`warm-up: ${p} answered ${r.status ?? r.error}`);
      }
    }
    await sleep(2_000);
    const light = rssMb(pid);
    console.log(`pages: ${pages.join(" ")}`);
    console.log(`RSS after requesting each page 3 times: ${light.toFixed(0)} MB`);
    if (warmupS > 0) {
      // The first burst at this concurrency grows the V8 heap and the allocator to a high-water mark they keep (about
      // +240 MB, then flat over further soaks; see bench/README.md): the budget is about what a soak adds on top.
      const warm = await runAutocannon(base, pages, warmupS);
      if (warm.result.errors || warm.result.non2xx || warm.result.timeouts) problems.push("errors during the warm-up burst");
      await sleep(10_000);
      console.log(`RSS after a ${warmupS} s warm-up burst at ${connections} connections and 10 s: ${rssMb(pid).toFixed(0)} MB`);
    }
    const before = rssMb(pid);
    console.log(`load average before ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} on ${os.cpus().length} cores; RSS before ${before.toFixed(0)} MB`);

    let peak = before;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      if (now !== null) peak = Math.max(peak, now);
    }, 1_000);
    const started = new Date();
    const { result, perPage } = await runAutocannon(base, pages);
    clearInterval(sampler);
    const atEnd = rssMb(pid);
    console.log(`idle: waiting ${settleS}–${settleMaxS} s for RSS to come back within ${budgetMb} MB of ${before.toFixed(0)} MB…`);
    const idleFrom = performance.now();
    const idleCurve = [];
    let after = atEnd;
    let idleS = 0;
    while (idleS < settleMaxS) {
      await sleep(1_000);
      idleS = Math.round((performance.now() - idleFrom) / 1_000);
      after = rssMb(pid);
      if (idleS % 15 === 0) idleCurve.push(`${idleS} s ${after?.toFixed(0)}`);
      if (idleS >= settleS && after !== null && after - before <= budgetMb) break;
    }
    const health = await get(server.url("/api/health"));

    console.log(`\nautocannon ${connections} connections × ${duration} s, started ${started.toISOString()}`);
    console.log("page                                               requests  statuses");
    for (const [p, s] of perPage) console.log(`${p.padEnd(50)} ${String(s.count).padStart(8)}  ${JSON.stringify(s.statuses)}`);
    const lat = result.latency;
    console.log(
      `total ${result.requests.total} requests, ${result.requests.average.toFixed(1)} req/s average; latency p50 ${lat.p50} ms, ` +
        `p90 ${lat.p90} ms, p99 ${lat.p99} ms, max ${lat.max} ms; ${(result.throughput.total / 1024 / 1024).toFixed(0)} MB read`,
    );
    console.log(`RSS MB: light warm-up ${light.toFixed(0)}, before ${before.toFixed(0)}, peak ${peak.toFixed(0)}, at the end ${atEnd?.toFixed(0)}, after ${idleS} s idle ${after?.toFixed(0)} (Δ ${(after - before).toFixed(0)})`);
    console.log(`RSS MB while idle: ${idleCurve.join(", ") || "—"}`);
    console.log(`load average after ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`);

    check(result.errors === 0, `no connection errors (${result.errors})`);
    check(result.timeouts === 0, `no timeouts (${result.timeouts})`);
    check(result.non2xx === 0, `no non-2xx answers (${result.non2xx})`);
    check([...perPage.values()].every((s) => s.count > 0), "every page was requested");
    check(after !== null && after - before <= budgetMb,
      `RSS back within ${budgetMb} MB of before the soak${warmupS > 0 ? ` (after the ${warmupS} s warm-up burst)` : ""} after ${idleS} s idle (Δ ${(after - before).toFixed(0)} MB` +
        `${warmupS > 0 ? `; ${(after - light).toFixed(0)} MB above the lightly warmed server` : ""})`);
    check(health.status === 200, `/api/health still 200 (${health.status ?? health.error})`);
    if (args.includes("--json")) {
      console.log(JSON.stringify({ pages, connections, duration, settleS, settleMaxS, idleS, warmupS, light, before, peak, atEnd, after, perPage: Object.fromEntries(perPage),
        requests: result.requests, latency: result.latency, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }));
    }
  } finally {
    if (server?.child) {
      const exit = await stopServer(server, "SIGTERM");
      console.log(`server stopped: exit ${exit?.code ?? "— killed"}${exit ? ` in ${Math.round(exit.ms)} ms` : ""}`);
    }
    if (dataDir && !args.includes("--keep")) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} check(s) failed`);
    process.exit(1);
  }
  console.log("\n✓ soak held");
}

main().catch((err) => {
  console.error(`✖ ${err.stack ?? err}`);
  process.exit(1);
});
