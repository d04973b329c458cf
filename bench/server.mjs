// Shared helpers for the bench scripts that run the built server (shutdown.mjs, soak.mjs, throughput). Not a bench.
//
//   import { startServer, waitForHealth, stopServer, freshDataDir } from "./server.mjs";
//   const server = startServer({ dir: "/tmp/resil", port: 3430, dataDir: freshDataDir("x") });   // PGlite
//   // or startServer({ dir, port, databaseUrl: "postgres://…" })  (migrated first: npm run cli -- db:migrate)
//   await waitForHealth(server);            // polls GET /api/health until 200 (throws if the server exits first)
//   … server.url("/god"), server.serverPid() (the next-server process, for rssMb), server.log() …
//   const exit = await stopServer(server);  // SIGTERM; { code, signal, ms } once it exited, null if it had to be killed
//
// `dir` is a tree where `next build` has run (needs .next/BUILD_ID). A fresh PGlite data directory gets the migrations
// and the demo data on the first start (a few seconds). Other helpers: get() (one request on its own connection, never
// rejects), publicPages() (the six public pages of the benches, with a real master and article), rssMb(), portOpen().
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";

export function option(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

/** The median of a non-empty list of numbers (the benches judge a page by the median of its rounds). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** autocannon against one page, as a browser in China asks for it; `options` adds connections and duration or amount. */
export function loadPage(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers: { "accept-language": "zh-CN" }, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function freshDataDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `lianghua-${label}-`));
}

/**
 * Starts the built app in `dir` (needs `.next/BUILD_ID`).
 * launcher "next": `node <SERVER_NODE_FLAGS> node_modules/next/dist/bin/next start -p PORT` (the process is the
 * next-server itself, with the V8 flags `npm start` gives it: scripts/server-node-flags.mjs);
 * launcher "npm-start": `node scripts/start.mjs` (what `npm start` runs; it forwards signals to its next-server child
 * and exits with its code; it rebuilds when the sources changed since the last build, so the tree needs
 * `.next/source-stamp` — `npm start` writes it, a bare `next build` does not). Not `npm start` itself: npm 11 exits
 * on a SIGTERM sent to it alone and leaves the server running (sh does not pass the signal on); see README Operations.
 */
export function startServer({ dir, port, dataDir, databaseUrl, launcher = "next", env = {}, echo = false, serverNodeFlags = SERVER_NODE_FLAGS }) {
  if (!dataDir && !databaseUrl) throw new Error("startServer needs dataDir (PGlite) or databaseUrl (PostgreSQL)");
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) throw new Error(`no build in ${dir}/.next: run \`npx next build\` there first`);
  if (launcher !== "next" && !fs.existsSync(path.join(dir, ".next", "source-stamp"))) {
    throw new Error(`${dir}/.next/source-stamp is missing: scripts/start.mjs would rebuild; use --launcher next or start once with npm start`);
  }
  const [command, ...argv] =
    launcher === "npm-start"
      ? [process.execPath, "scripts/start.mjs"]
      : [process.execPath, ...serverNodeFlags, "node_modules/next/dist/bin/next", "start", "-p", String(port)];
  const spawnedAt = performance.now();
  const child = spawn(command, argv, {
    cwd: dir,
    // DATABASE_URL "" (unset for lib/config.ts) unless given: a DATABASE_URL in the caller's environment must not turn a PGlite run into a PostgreSQL one
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = [];
  const collect = (stream, tag) => {
    let rest = "";
    stream.on("data", (chunk) => {
      rest += chunk.toString();
      const parts = rest.split("\n");
      rest = parts.pop();
      for (const line of parts) {
        lines.push({ at: performance.now(), tag, line });
        if (echo) process.stderr.write(`  [${tag}] ${line}\n`);
      }
    });
  };
  collect(child.stdout, "out");
  collect(child.stderr, "err");
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, at: performance.now() })));
  return {
    child,
    pid: child.pid,
    port,
    dataDir,
    databaseUrl,
    spawnedAt,
    lines,
    exited,
    url: (p = "/") => `http://127.0.0.1:${port}${p}`,
    /** the next-server process (the child itself with launcher "next", its child with "npm-start") */
    serverPid: () => findServerPid(child.pid),
    log: () => lines.map((l) => `[${l.tag}] ${l.line}`).join("\n"),
  };
}

function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

export function processName(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

export function findServerPid(rootPid) {
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift();
    if (processName(pid)?.startsWith("next-server")) return pid;
    queue.push(...childrenOf(pid));
  }
  return null;
}

/** VmRSS of a process in MB (null when it is gone). */
export function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One GET on its own connection (no keep-alive). Resolves with status, bytes, ms and the times the request was sent
 * and settled; never rejects (error holds the code, e.g. ECONNREFUSED, ECONNRESET).
 */
export function get(url, { timeoutMs = 60_000, headers = {} } = {}) {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    let bytes = 0;
    let status = null;
    const done = (extra) => resolve({ url, status, bytes, sentAt, settledAt: performance.now(), ms: performance.now() - sentAt, ...extra });
    const req = http.get(url, { agent: false, headers: { "user-agent": "lianghua-bench", ...headers } }, (res) => {
      status = res.statusCode;
      const chunks = [];
      res.on("data", (c) => {
        bytes += c.length;
        chunks.push(c);
      });
      res.on("end", () => done({ body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
      res.on("error", (err) => done({ error: err.code ?? err.message }));
      res.on("aborted", () => done({ error: "aborted" }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    req.on("error", (err) => done({ error: err.code ?? err.message }));
  });
}

/** true once something accepts TCP connections on the port. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls /api/health until 200; resolves with ms since the server was spawned, or throws after `timeoutMs`. */
export async function waitForHealth(server, timeoutMs = 120_000) {
  const deadline = performance.now() + timeoutMs;
  let exited = null;
  server.exited.then((e) => (exited = e));
  while (performance.now() < deadline) {
    if (exited) throw new Error(`server exited (${exited.code ?? exited.signal}) before it was healthy:\n${server.log()}`);
    const r = await get(server.url("/api/health"), { timeoutMs: 5_000 });
    if (r.status === 200) return { ms: r.settledAt - server.spawnedAt, healthMs: r.ms };
    await sleep(100);
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.log()}`);
}

/** Finds the public pages the bench scripts request: a master's /detail/{guid} from /god, an article from /info/case. */
export async function publicPages(server) {
  const hubPage = await get(server.url("/god"));
  const info = await get(server.url("/info/case"));
  const detail = /href="(\/detail\/[0-9a-f-]{36})"/i.exec(hubPage.body ?? "")?.[1];
  const article = /href="(\/info\/detail\/[^"?#]+)"/.exec(info.body ?? "")?.[1];
  if (!detail) throw new Error(`no /detail/{guid} link in /god (status ${hubPage.status})`);
  if (!article) throw new Error(`no /info/detail/{id} link in /info/case (status ${info.status})`);
  const guid = detail.slice("/detail/".length);
  return ["/", "/god", "/rank", "/loss-tracker", "/quant", "/list/god", "/info/case", detail, `/analysis/${guid}`, article, "/disclaimer"];
}

/** Sends a signal and resolves with { code, signal, ms } once the process exited (or null after `timeoutMs`). */
export async function stopServer(server, signal = "SIGTERM", timeoutMs = 40_000) {
  const sentAt = performance.now();
  try {
    process.kill(server.pid, signal);
  } catch (err) {
    if (err.code !== "ESRCH") throw err; // already gone
  }
  const timer = sleep(timeoutMs).then(() => null);
  const exit = await Promise.race([server.exited, timer]);
  if (!exit) {
    for (const pid of [server.serverPid(), server.pid]) {
      try {
        if (pid) process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    return null;
  }
  return { ...exit, ms: exit.at - sentAt, sentAt };
}
