// Server CPU time per request, per public page: steadier than requests/s on a shared host, whose speed drifts within
// minutes (bench/README.md, session 9). For each variant of the server's NODE_OPTIONS, in turn and for --rounds
// rounds, starts the built app on one PGlite directory (the demo data is loaded on the first start), sends --warmup
// requests to each page, then --requests more at 10 connections and reads the next-server's CPU time (user + system,
// /proc/<pid>/stat) before and after. Prints the median per page and variant. The server gets the variant's flags only,
// not those `npm start` adds (scripts/server-node-flags.mjs): name them as a variant to compare.
//
//   node bench/cpu-per-request.mjs [--dir BUILT_TREE] [--requests 2000] [--warmup 500] [--rounds 2] [--port 3120]
//                                  [--variant ""] [--variant "--max-semi-space-size=32"] …
import fs from "node:fs";
import path from "node:path";
import { freshDataDir, get, loadPage, median, option, publicPages, startServer, stopServer, waitForHealth } from "./server.mjs";

const args = process.argv.slice(2);
const dir = path.resolve(option(args, "--dir", "."));
const requests = Number(option(args, "--requests", "2000"));
const warmup = Number(option(args, "--warmup", "500"));
const rounds = Number(option(args, "--rounds", "2"));
const port = Number(option(args, "--port", "3120"));
const variants = args.flatMap((arg, i) => (arg === "--variant" ? [args[i + 1] ?? ""] : []));
if (variants.length === 0) variants.push("");

const TICK_MS = 10; // USER_HZ = 100 on Linux

function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

function load(url, amount) {
  return loadPage(url, { connections: 10, amount });
}

const dataDir = freshDataDir("cpu");
const samples = new Map(); // `${variant}\t${page}` → ms per request, one per round
let pages = null;
for (let round = 0; round < rounds; round++) {
  for (const variant of variants) {
    const server = startServer({ dir, port, dataDir, env: { NODE_OPTIONS: variant }, serverNodeFlags: [] }); // the variant alone
    try {
      await waitForHealth(server);
      pages ??= await publicPages(server);
      const pid = server.serverPid();
      for (const page of pages) {
        if ((await get(server.url(page))).status !== 200) throw new Error(`${page} did not answer 200`);
        await load(server.url(page), warmup);
      }
      for (const page of pages) {
        const before = cpuMs(pid);
        const result = await load(server.url(page), requests);
        if (result.errors || result.timeouts || result.non2xx) throw new Error(`${page}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
        const key = `${variant}\t${page}`;
        samples.set(key, [...(samples.get(key) ?? []), (cpuMs(pid) - before) / requests]);
      }
    } finally {
      await stopServer(server);
    }
    process.stderr.write(`round ${round + 1}, variant "${variant || "(none)"}" done\n`);
  }
}

console.log(`server CPU ms per request (median of ${rounds} round(s) of ${requests} requests at 10 connections, after ${warmup} to warm up)`);
console.log(`| page | ${variants.map((v) => `\`${v || "(default)"}\``).join(" | ")} |`);
console.log(`|---|${variants.map(() => "---").join("|")}|`);
for (const page of pages) {
  const cells = variants.map((v) => {
    const runs = samples.get(`${v}\t${page}`);
    return `${median(runs).toFixed(2)} (${runs.map((r) => r.toFixed(2)).join(", ")})`;
  });
  console.log(`| \`${page}\` | ${cells.join(" | ")} |`);
}
