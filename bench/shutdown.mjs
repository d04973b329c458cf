// Graceful shutdown (P24), one process per data directory (P22) and the first requests after a start:
// `node bench/shutdown.mjs [--dir BUILT_TREE] [--port 3410] [--launcher next|npm-start] [--requests 24] [--keep]`
//
// 1. starts the built server in --dir (default: this tree; needs `next build` first) on a fresh PGlite DATA_DIR and
//    waits for /api/health (first start: migrations and demo data);
// 2. fires --requests concurrent GETs (own connection each) across the heavy public pages, sends SIGTERM while they
//    run, and checks: every request sent before the signal ended 200 with a body, at least one of them was still
//    running when the signal came (else the run proves nothing), the server stopped listening within 3 s of handling
//    the signal (it first takes in the connections already queued) and refuses a new connection after that,
//    the process exited 0 within 25 s + a little, and the data directory's lock file is gone;
// 3. starts a second server on the same DATA_DIR at once: healthy, first request to each page timed (the database is
//    opened and warmed before the server takes requests), then the same pages again (warm);
// 4. while it runs, a third server on the same DATA_DIR must refuse to start (exit ≠ 0, "already in use") — P22;
// 5. SIGTERM on the second server while autocannon keeps 20 keep-alive connections busy: exit 0 in well under Node's
//    5 s keep-alive timeout, no non-2xx answer (connection errors once it has closed are expected).
// 6. a slow request holds the stop (issue 24, point 5; ADR 0048) — on PostgreSQL, given by --postgres URL or
//    TEST_DATABASE_URL (a throwaway database is made on that server and dropped after): another connection holds an
//    ACCESS EXCLUSIVE lock on cache_versions, which every public page reads first, so a /loss-tracker request waits in
//    the database as long as the lock is held (and on search_documents, for /api/search/suggest). (a) Without a stop:
//    the page and the API are answered 503 at their deadline (REQUEST_DEADLINE_SECONDS, --deadline, default 10; the
//    API in JSON) and the log names them. (b) SIGTERM while another such request
//    waits: it is answered 503, the server exits 0 and in less than the README's stop timeout (30 s).
//    `--only-slow` runs this step alone.
// Exits 1 when any check fails; prints the figures recorded in bench/README.md.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { freshDataDir, get, option, portOpen, publicPages, sleep, startServer, stopServer, waitForHealth } from "./server.mjs";

const args = process.argv.slice(2);
const dir = path.resolve(option(args, "--dir", process.cwd()));
const port = Number(option(args, "--port", "3410"));
const launcher = option(args, "--launcher", "next");
const concurrent = Number(option(args, "--requests", "24"));
const DRAIN_LIMIT_MS = 25_000;
/** The container stop timeout the README asks for (docker --stop-timeout 30): after it the process is killed. */
const STOP_TIMEOUT_MS = 30_000;
const postgresUrl = option(args, "--postgres", process.env.TEST_DATABASE_URL ?? "");
const deadlineSeconds = Number(option(args, "--deadline", "10"));

const problems = [];
const check = (ok, message) => {
  console.log(`${ok ? "✓" : "✖"} ${message}`);
  if (!ok) problems.push(message);
  return ok;
};
const fmt = (ms) => `${Math.round(ms)} ms`;

/** Is anything listening on the port (a LISTEN entry in /proc/net/tcp or tcp6)? */
function listening(p) {
  const hex = `:${p.toString(16).toUpperCase().padStart(4, "0")}`;
  return ["/proc/net/tcp", "/proc/net/tcp6"].some((file) => {
    try {
      return fs.readFileSync(file, "utf8").split("\n").some((line) => {
        const f = line.trim().split(/\s+/);
        return f[3] === "0A" && f[1]?.endsWith(hex);
      });
    } catch {
      return false;
    }
  });
}

async function timePages(server, pages) {
  const out = [];
  for (const p of pages) {
    const r = await get(server.url(p));
    out.push({ page: p, status: r.status, ms: r.ms });
  }
  return out;
}

async function main() {
  if (!args.includes("--only-slow")) await pgliteSteps();
  if (postgresUrl) await slowRequestSteps();
  else console.log("(step 6 skipped: no PostgreSQL — give --postgres URL or TEST_DATABASE_URL)");
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} check(s) failed`);
    process.exit(1);
  }
  console.log("\n✓ graceful shutdown and restart hold");
}

async function pgliteSteps() {
  const dataDir = freshDataDir("shutdown");
  console.log(`built tree ${dir}, launcher ${launcher}, DATA_DIR ${dataDir}, port ${port}`);
  const servers = [];
  try {
    // ---- 1. first start on a fresh data directory
    const first = startServer({ dir, port, dataDir, launcher });
    servers.push(first);
    const ready1 = await waitForHealth(first);
    console.log(`first start (migrate + demo data): healthy after ${fmt(ready1.ms)}`);
    const pages = await publicPages(first);
    const heavy = pages.filter((p) => p !== "/disclaimer");
    // warm the routes once, so the batch below measures shutdown and not first compilation
    await timePages(first, pages);

    // ---- 2. SIGTERM with requests in flight
    const batch = Array.from({ length: concurrent }, (_, i) => get(first.url(heavy[i % heavy.length])));
    // The signal goes when the first answer of the batch is back (the rest are then certainly in flight), at the latest
    // after --signal-after ms: a fixed delay alone let a fast host answer all 24 before the signal.
    await Promise.race([Promise.race(batch), sleep(Number(option(args, "--signal-after", "400")))]);
    const stopping = stopServer(first, "SIGTERM", DRAIN_LIMIT_MS + 15_000);
    const signalAt = performance.now();
    // The signal is handled when the busy event loop gets to it: ask again only once the server says it is stopping.
    let noticed = null;
    while (noticed === null && performance.now() - signalAt < 20_000) {
      noticed = first.lines.find((l) => l.line.includes("SIGTERM:"))?.at ?? null;
      if (noticed === null) await sleep(10);
    }
    // lib/server/shutdown.ts keeps accepting until the connections already queued are taken in (Node accepts one per
    // turn of a busy loop), at most 3 s: then the listening socket must be gone and a new connection refused
    let unlistenedAt = null;
    while (noticed !== null && unlistenedAt === null && performance.now() - noticed < 10_000) {
      if (!listening(port)) unlistenedAt = performance.now();
      else await sleep(10);
    }
    const late = await get(first.url("/disclaimer"), { timeoutMs: 5_000 });
    const results = await Promise.all(batch);
    const exit = await stopping;
    const ok = results.filter((r) => r.status === 200 && r.bytes > 0 && !r.error);
    const stillRunning = results.filter((r) => r.settledAt > signalAt);
    console.log(
      `SIGTERM ${fmt(signalAt - results[0].sentAt)} after the batch of ${concurrent} was sent: ${stillRunning.length} still running, ` +
        `answered within ${fmt(Math.max(...results.map((r) => r.settledAt)) - signalAt)} of the signal` +
        (noticed === null ? "" : ` (the busy server handled the signal after ${fmt(noticed - signalAt)})`),
    );
    check(ok.length === results.length, `every request in flight ended 200 with a body (${ok.length}/${results.length}` +
      `${ok.length < results.length ? `; failures: ${results.filter((r) => !ok.includes(r)).map((r) => `${r.url} ${r.status ?? r.error}`).join(", ")}` : ""})`);
    check(stillRunning.length > 0, `at least one request was still running when SIGTERM was sent (${stillRunning.length})`);
    const runningWhenHandled = noticed === null ? 0 : results.filter((r) => r.settledAt > noticed).length;
    check(runningWhenHandled > 0, `at least one was still running when the server began shutting down (${runningWhenHandled})`);
    check(unlistenedAt !== null && unlistenedAt - noticed <= 3_500,
      `it stopped listening ${unlistenedAt === null ? "— never" : `${fmt(unlistenedAt - noticed)} after handling the signal`} (≤ 3 s to take in the queued connections)`);
    check(late.status === null && !!late.error, `a new connection after that is refused (${late.error ?? late.status})`);
    check(exit !== null, `the server exited after SIGTERM${exit ? ` in ${fmt(exit.ms)}` : " (killed after the time limit)"}`);
    if (exit) {
      check(exit.code === 0, `exit code 0 (got ${exit.code ?? exit.signal})`);
      check(exit.ms <= DRAIN_LIMIT_MS + 5_000, `stopped within the drain limit (${fmt(exit.ms)} ≤ ${DRAIN_LIMIT_MS} ms + 5 s to close)`);
    }
    const stopLine = first.lines.find((l) => l.line.includes("> Stopped in"));
    if (stopLine) console.log(`server said: ${stopLine.line.trim()}`);
    check(!fs.existsSync(path.join(dataDir, "pglite.lock")), "the data directory's lock file is gone");

    // ---- 3. restart on the same data directory
    const second = startServer({ dir, port, dataDir, launcher });
    servers.push(second);
    let opened = null;
    while (opened === null) {
      if (await portOpen(port)) opened = performance.now() - second.spawnedAt;
      else await sleep(20);
    }
    const ready2 = await waitForHealth(second, 60_000);
    check(true, `second start on the same DATA_DIR: port open after ${fmt(opened)}, /api/health 200 after ${fmt(ready2.ms)} (that request ${fmt(ready2.healthMs)})`);
    const warmed = second.lines.find((l) => l.line.includes("> Database ready"));
    if (warmed) console.log(`server said: ${warmed.line.trim()}`);
    const cold = await timePages(second, pages);
    const warm = await timePages(second, pages);
    console.log("page                                               first request   second request");
    cold.forEach((c, i) => console.log(`${c.page.padEnd(50)} ${`${c.status} ${fmt(c.ms)}`.padStart(14)} ${`${warm[i].status} ${fmt(warm[i].ms)}`.padStart(16)}`));
    check(cold.every((c) => c.status === 200) && warm.every((c) => c.status === 200), "every page answers 200 after the restart");

    // ---- 4. a second process on the same data directory is refused (P22)
    const third = startServer({ dir, port: port + 1, dataDir, launcher });
    servers.push(third);
    const refused = await Promise.race([third.exited, sleep(60_000).then(() => null)]);
    check(refused !== null && refused.code !== 0, `P22: a second server on the same DATA_DIR refuses to start (exit ${refused?.code ?? "— still running"})`);
    check(/already in use/.test(third.log()), "P22: it names the reason (data directory already in use)");
    check((await get(second.url("/api/health"))).status === 200, "P22: the running server is unaffected");

    // ---- 5. SIGTERM under keep-alive load (autocannon keeps every connection busy)
    let autocannon = null;
    try {
      autocannon = createRequire(import.meta.url)("autocannon");
    } catch {
      console.log("(autocannon not installed: stopping the second server idle instead)");
    }
    if (autocannon) {
      const load = new Promise((resolve, reject) =>
        autocannon({ url: second.url(""), connections: 20, duration: 15, requests: pages.map((p) => ({ method: "GET", path: p })) },
          (err, result) => (err ? reject(err) : resolve(result))));
      await sleep(4_000);
      const exit2 = await stopServer(second, "SIGTERM");
      const result = await load;
      console.log(`keep-alive load (20 connections): ${result["2xx"]} answers 2xx, ${result.non2xx} other, ${result.errors} connection errors once closed`);
      check(exit2?.code === 0, `under keep-alive load: SIGTERM → exit ${exit2?.code ?? "none"} in ${exit2 ? fmt(exit2.ms) : "—"}`);
      check(exit2 !== null && exit2.ms < 5_000, "kept-alive connections do not hold the shutdown up (< 5 s, Node's keep-alive timeout)");
      check(result.non2xx === 0, "no answer other than 2xx while stopping");
    } else {
      const exit2 = await stopServer(second, "SIGTERM");
      check(exit2?.code === 0, `idle server: SIGTERM → exit ${exit2?.code ?? "none"} in ${exit2 ? fmt(exit2.ms) : "—"}`);
    }
  } finally {
    for (const s of servers) {
      if (s.child.exitCode !== null || s.child.signalCode !== null) continue;
      try {
        process.kill(s.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    if (!args.includes("--keep")) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Step 6: a request held in the database past its deadline, then during a stop (PostgreSQL). */
async function slowRequestSteps() {
  const { default: pg } = await import("pg");
  const name = `lianghua_stop_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const locker = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  try {
    execFileSync("npm", ["run", "--silent", "cli", "--", "db:migrate"], { cwd: dir, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });
    server = startServer({ dir, port: port + 2, databaseUrl, env: { REQUEST_DEADLINE_SECONDS: String(deadlineSeconds) } });
    await waitForHealth(server);
    const warm = await get(server.url("/loss-tracker"));
    console.log(`\nstep 6 (PostgreSQL ${name}, REQUEST_DEADLINE_SECONDS=${deadlineSeconds}): /loss-tracker answers ${warm.status} in ${fmt(warm.ms)} unlocked`);
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table cache_versions, search_documents in access exclusive mode");

    // (a) past the deadline, no stop: a page, and an API whose handler turns the failure into its own 500 JSON
    const [held, api] = await Promise.all([
      get(server.url("/loss-tracker"), { timeoutMs: 60_000 }),
      get(server.url(`/api/search/suggest?q=${encodeURIComponent("茅台")}`), { timeoutMs: 60_000 }),
    ]);
    const cancelLine = server.lines.find((l) => l.line.includes("request cancelled: GET /loss-tracker"));
    check(held.status === 503, `a request held in the database is answered ${held.status ?? held.error} after ${fmt(held.ms)} (503 at its ${deadlineSeconds} s deadline)`);
    check(held.ms >= deadlineSeconds * 1000 - 100 && held.ms <= deadlineSeconds * 1000 + 2_500, `… at its deadline (${fmt(held.ms)}, ${deadlineSeconds} s + ≤ 2.5 s)`);
    check(/503 服务暂时不可用/.test(held.body ?? ""), "… with the 503 page");
    check(/past its deadline/.test(cancelLine?.line ?? ""), `the log names it: ${cancelLine?.line.trim() ?? "— no line"}`);
    let apiMessage = null;
    try {
      apiMessage = JSON.parse(api.body ?? "").message;
    } catch {
      /* not JSON */
    }
    check(api.status === 503 && apiMessage === "服务器繁忙，本次请求已中止，请稍后重试",
      `an API request held the same way is answered ${api.status ?? api.error} after ${fmt(api.ms)} with JSON ${JSON.stringify(apiMessage)}`);
    check((await get(server.url("/api/health"))).status === 200, "the server serves on (health 200 while the lock is still held)");

    // (b) SIGTERM while a request is held
    const during = get(server.url("/loss-tracker"), { timeoutMs: 60_000 });
    await sleep(1_000);
    const exit = await stopServer(server, "SIGTERM", STOP_TIMEOUT_MS + 15_000);
    const answer = await during;
    const stopLines = server.lines.filter((l) => /request cancelled|statements? cancelled|Stopped in|still running/.test(l.line)).map((l) => l.line.trim());
    console.log(`SIGTERM with a /loss-tracker request held in the database: ${exit ? `exit ${exit.code ?? exit.signal} after ${fmt(exit.ms)}` : "not stopped"}; server said:\n  ${stopLines.join("\n  ")}`);
    check(answer.status === 503 && /503 服务暂时不可用/.test(answer.body ?? ""),
      `the held request is answered ${answer.status ?? answer.error} (503, the 503 page) ${fmt(answer.settledAt - (exit?.sentAt ?? answer.sentAt))} after the signal`);
    check(exit !== null && exit.code === 0, `exit code 0 (got ${exit ? exit.code ?? exit.signal : "— killed"})`);
    check(exit !== null && exit.ms < STOP_TIMEOUT_MS, `stopped in ${exit ? fmt(exit.ms) : "—"} < the ${STOP_TIMEOUT_MS / 1000} s stop timeout`);
    check(exit !== null && exit.ms < 10_000, `… and within the stop's 5 s grace for requests + 5 s (${exit ? fmt(exit.ms) : "—"})`);
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      try {
        process.kill(server.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    await locker.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`).catch((err) => console.error(`database ${name} not dropped: ${err.message}`));
    await admin.end();
  }
}

main().catch((err) => {
  console.error(`✖ ${err.stack ?? err}`);
  process.exit(1);
});
