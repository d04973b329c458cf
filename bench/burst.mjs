// A crawler's burst against one instance (docs/scaling.md, "Admission control"): 200 connections walking the distinct,
// uncached /detail/{guid}/{date} and /analysis/{guid}/{tab} pages of the demo masters for 20 s, as Baiduspider, while
// a person's probes ask every 250 ms for /api/health, a build JS file, a cached page and a member's page. Reports the
// crawler's answers (200, 503 shed at once, other) and each probe's latency, with and without admission control.
//
//   node bench/burst.mjs [--port 3460] [--connections 200] [--seconds 20] [--without-admission]
//
// Needs a build in this tree (`node scripts/build-if-needed.mjs`). A fresh PGlite data directory with the demo data.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { SERVER_NODE_FLAGS, ADMISSION_PRELOAD } from "../scripts/server-node-flags.mjs";
import { freshDataDir, get, loadPage, option, sleep, startServer, stopServer, waitForHealth } from "./server.mjs";

const args = process.argv.slice(2);
const port = Number(option(args, "--port", "3460"));
const connections = Number(option(args, "--connections", "200"));
const seconds = Number(option(args, "--seconds", "20"));
const withoutAdmission = args.includes("--without-admission");
const BAIDUSPIDER = "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)";
const PERSON = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";
const DOCUMENT = { accept: "text/html,application/xhtml+xml", "accept-language": "zh-CN" };
const MEMBER = { email: "burst-member@bench.test", password: "harbor-lantern-58" };

function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

/** The distinct pages a crawler finds from the masters' directory: every day of every master, every analysis tab. */
async function crawlerPages(server) {
  const directory = await get(server.url("/list/god"), { headers: DOCUMENT });
  const masters = [...new Set([...(directory.body ?? "").matchAll(/href="\/detail\/([0-9a-f-]{36})"/g)].map((m) => m[1]))];
  const pages = new Set();
  for (const guid of masters) {
    const [detail, analysis] = await Promise.all([get(server.url(`/detail/${guid}`), { headers: DOCUMENT }), get(server.url(`/analysis/${guid}`), { headers: DOCUMENT })]);
    for (const m of (detail.body ?? "").matchAll(new RegExp(`/detail/${guid}/(\\d{4}-\\d{2}-\\d{2})`, "g"))) pages.add(`/detail/${guid}/${m[1]}`);
    for (const m of (analysis.body ?? "").matchAll(new RegExp(`href="(/analysis/${guid}/[a-z]+(?:/[^"?#]+)?)"`, "g"))) pages.add(m[1].replace(/&amp;/g, "&"));
    // The days a master's page links to are its recent ones; a crawler following the calendar finds the rest.
    for (const m of (detail.body ?? "").matchAll(/"(\d{4}-\d{2}-\d{2})"/g)) pages.add(`/detail/${guid}/${m[1]}`);
  }
  return { masters, pages: [...pages] };
}

async function memberCookie(server) {
  const res = await fetch(server.url("/api/auth/login"), {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url("").replace(/\/$/, "") },
    body: JSON.stringify({ account: MEMBER.email, password: MEMBER.password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("token="));
  if (!cookie) throw new Error(`member login failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** `connections` crawler connections walking `pages` in order (each page once, then again) until `until`. */
async function crawl(server, pages, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = {};
  const latencies = [];
  let next = 0;
  const one = () =>
    new Promise((resolve) => {
      const path = pages[next++ % pages.length];
      const sentAt = performance.now();
      const req = http.get(server.url(path), { agent, headers: { ...DOCUMENT, "user-agent": BAIDUSPIDER } }, (res) => {
        res.resume();
        res.on("end", () => {
          const key = res.statusCode === 503 && res.headers["x-admission"] === "shed" ? "503 shed" : String(res.statusCode);
          statuses[key] = (statuses[key] ?? 0) + 1;
          latencies.push(performance.now() - sentAt);
          resolve();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
    });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) await one();
  }));
  agent.destroy();
  return { statuses, latencies, distinctAsked: Math.min(next, pages.length), requests: next };
}

/** One person's probe every 250 ms until `until`: latency of each answer (30 s when none came). */
async function probe(url, headers, until) {
  const results = [];
  while (performance.now() < until) {
    const started = performance.now();
    const r = await get(url, { timeoutMs: 30_000, headers: { "user-agent": PERSON, ...headers } });
    results.push({ ms: r.ms, status: r.status ?? r.error });
    await sleep(Math.max(0, 250 - (performance.now() - started)));
  }
  const ms = results.map((r) => r.ms);
  const ok = results.filter((r) => r.status === 200).length;
  return { asked: results.length, ok, p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.round(Math.max(...ms)) };
}

const dataDir = freshDataDir("burst");
const created = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "cli/index.ts", "user:create", "--email", MEMBER.email, "--password", MEMBER.password, "--nickname", "压测会员"], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
  encoding: "utf8",
});
if (created.status !== 0) throw new Error(`user:create failed: ${created.stderr}`);

const serverNodeFlags = withoutAdmission ? SERVER_NODE_FLAGS.filter((flag, i, all) => flag !== ADMISSION_PRELOAD && !(flag === "--require" && all[i + 1] === ADMISSION_PRELOAD)) : SERVER_NODE_FLAGS;
const server = startServer({ dir: process.cwd(), port, dataDir, serverNodeFlags, env: { LOG_LEVEL: "warn" } });
try {
  await waitForHealth(server);
  const cookie = await memberCookie(server);
  const { masters, pages } = await crawlerPages(server);
  const home = await get(server.url("/"), { headers: DOCUMENT });
  const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(home.body ?? "")?.[1];
  if (!script) throw new Error("no build script in the home page");
  // The cached page a person reads: rendered for the cache before the burst (it fills from an address's second miss).
  for (let i = 0; i < 3; i++) await get(server.url("/rank"), { headers: { ...DOCUMENT, "user-agent": PERSON } });
  await sleep(1_000);
  const normal = await loadPage(server.url("/rank"), { connections: 10, duration: 5, headers: { ...DOCUMENT, "user-agent": PERSON } });

  const until = performance.now() + seconds * 1_000;
  const [crawler, health, staticFile, cachedPage, memberPage] = await Promise.all([
    crawl(server, pages, until),
    probe(server.url("/api/health"), {}, until),
    probe(server.url(script), {}, until),
    probe(server.url("/rank"), DOCUMENT, until),
    probe(server.url("/user/account"), { ...DOCUMENT, cookie }, until),
  ]);
  const report = {
    admission: withoutAdmission ? "off" : "on (RENDER_CONCURRENCY 8, RENDER_QUEUE 64)",
    normalThroughput: { page: "/rank (cached)", requestsPerSecond: Math.round(normal.requests.average), p99: normal.latency.p99 },
    burst: { connections, seconds, masters: masters.length, distinctPages: pages.length, ...crawler.statuses, requests: crawler.requests, p50: percentile(crawler.latencies, 50), p99: percentile(crawler.latencies, 99), over10s: crawler.latencies.filter((ms) => ms > 10_000).length },
    probes: { health, staticFile, cachedPage, memberPage },
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  await stopServer(server);
}
