// /api/health while statements are being read (issue 20 point 3):
// `node bench/statement-previews.mjs --dir BUILT_TREE [--port 3440] [--rows 130000] [--previews 4] [--rounds 3]
//  [--probe-every 50] [--json]`, or `--url http://127.0.0.1:PORT` for a production server that is already running.
//
// Writes the deterministic GBK statement of bench/statement-file.mjs (130,000 data rows ≈ 17.2 MB, the size of the
// audit's file), then, per round, sends `--previews` anonymous previews of it at once (POST /api/statements/preview,
// multipart, each on its own connection) while a probe asks GET /api/health every `--probe-every` ms on a fresh
// connection, on a fixed schedule (a probe never waits for the one before it). The probes run from the first preview
// sent until the last one is answered. Reports the probes' latency (p50 / p99 / max) over all rounds, and each
// preview's status and time. With --dir the script starts `next start` (the V8 flags of `npm start`) on a fresh
// PGlite data directory and stops it afterwards. Target: every probe answered 200 in < 200 ms; exits 1 otherwise.
//
// The preview route allows 30 previews per client address in 10 minutes: rounds × previews must stay within that on
// one server (the default, 3 × 4, does).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { freshDataDir, get, option, sleep, startServer, stopServer, waitForHealth } from "./server.mjs";
import { statementBytes } from "./statement-file.mjs";

const TARGET_MS = 200;
const args = process.argv.slice(2);
const dir = option(args, "--dir", null);
const baseUrl = option(args, "--url", null);
const port = Number(option(args, "--port", "3440"));
const rows = Number(option(args, "--rows", "130000"));
const previews = Number(option(args, "--previews", "4"));
const rounds = Number(option(args, "--rounds", "3"));
const probeEvery = Number(option(args, "--probe-every", "50"));
if (!dir === !baseUrl) {
  console.error("give exactly one of --dir BUILT_TREE (starts the server) or --url http://127.0.0.1:PORT (a running server)");
  process.exit(2);
}
if (rounds * previews > 30) {
  console.error(`${rounds} × ${previews} previews exceed the route's 30 per address in 10 minutes`);
  process.exit(2);
}

/** One multipart POST of the file on its own connection; resolves with status, ms and the answer's message. */
function postPreview(url, bytes, fileName) {
  const boundary = `----lianghua-bench-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, bytes, tail]);
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const req = http.request(
      url,
      { method: "POST", agent: false, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length, "user-agent": "lianghua-bench" } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let message = "";
          try {
            const json = JSON.parse(text);
            message = json.ok ? `${json.preview.fills} fills, ${json.preview.roundTripTotal} round trips` : json.message;
          } catch {
            message = text.slice(0, 120);
          }
          resolve({ status: res.statusCode, ms: performance.now() - sentAt, retryAfter: res.headers["retry-after"] ?? null, message });
        });
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error("timeout")));
    req.on("error", (err) => resolve({ status: null, ms: performance.now() - sentAt, retryAfter: null, message: err.message }));
    req.end(body);
  });
}

/** "503 × 12, ETIMEDOUT × 3" */
function describeFailures(failed) {
  const counts = new Map();
  for (const f of failed) counts.set(f.status ?? f.error, (counts.get(f.status ?? f.error) ?? 0) + 1);
  return [...counts].map(([what, n]) => `${what} × ${n}`).join(", ");
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function round(url, bytes) {
  const probes = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      probes.push(get(`${url}/api/health`, { timeoutMs: 30_000 }));
      await sleep(probeEvery);
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: previews }, (_, i) => postPreview(`${url}/api/statements/preview`, bytes, `bench-${i}.xls`)));
  const wallMs = performance.now() - started;
  running = false;
  await prober;
  return { answers, wallMs, probes: await Promise.all(probes) };
}

async function main() {
  const g0 = performance.now();
  const bytes = Buffer.from(statementBytes(rows));
  console.log(
    `statement: ${rows} data rows, ${(bytes.length / 1e6).toFixed(1)} MB (${(bytes.length / 1024 / 1024).toFixed(1)} MiB) GBK, generated in ${(performance.now() - g0).toFixed(0)} ms`,
  );
  let server = null;
  let url = baseUrl?.replace(/\/+$/, "");
  if (dir) {
    server = startServer({ dir, port, dataDir: freshDataDir("previews") });
    const ready = await waitForHealth(server);
    console.log(`server on :${port} (${dir}), healthy after ${(ready.ms / 1000).toFixed(1)} s`);
    url = `http://127.0.0.1:${port}`;
  }
  try {
    const idle = [];
    for (let i = 0; i < 20; i++) idle.push((await get(`${url}/api/health`)).ms);
    idle.sort((a, b) => a - b);
    console.log(`idle /api/health: p50 ${percentile(idle, 50).toFixed(1)} ms, max ${idle.at(-1).toFixed(1)} ms (20 requests one after the other)`);
    console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} on ${os.cpus().length} cores`);

    const all = [];
    const results = [];
    for (let r = 1; r <= rounds; r++) {
      const result = await round(url, bytes);
      results.push(result);
      const ms = result.probes.map((p) => p.ms).sort((a, b) => a - b);
      all.push(...result.probes);
      console.log(
        `round ${r}: ${previews} previews in ${(result.wallMs / 1000).toFixed(1)} s — ` +
          result.answers.map((a) => `${a.status} ${(a.ms / 1000).toFixed(1)} s${a.retryAfter ? ` (Retry-After ${a.retryAfter})` : ""}`).join(", ") +
          `; /api/health ${ms.length} probes: p50 ${percentile(ms, 50).toFixed(0)}, p99 ${percentile(ms, 99).toFixed(0)}, max ${ms.at(-1).toFixed(0)} ms`,
      );
      for (const a of result.answers) if (a.status !== 200) console.log(`  ${a.status}: ${a.message}`);
      await sleep(1000);
    }
    const sorted = all.map((p) => p.ms).sort((a, b) => a - b);
    const failed = all.filter((p) => p.status !== 200);
    const summary = {
      rows,
      bytes: bytes.length,
      previews,
      rounds,
      loadAverage: os.loadavg(),
      probes: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
      probeFailures: failed.length,
      previewStatuses: results.flatMap((r) => r.answers.map((a) => a.status)),
    };
    if (args.includes("--json")) console.log(JSON.stringify(summary, null, 2));
    console.log(
      `/api/health during the previews, all rounds: ${summary.probes} probes, p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms, ` +
        `max ${summary.max.toFixed(0)} ms${failed.length ? `, ${failed.length} not 200 (${describeFailures(failed)})` : ""} (target: every probe < ${TARGET_MS} ms)`,
    );
    return summary.max < TARGET_MS && failed.length === 0;
  } finally {
    if (server) {
      const exit = await stopServer(server);
      console.log(exit ? `server stopped (exit ${exit.code ?? exit.signal}, ${exit.ms.toFixed(0)} ms)` : "server did not stop: killed");
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

const ok = await main();
process.exit(ok ? 0 : 1);
