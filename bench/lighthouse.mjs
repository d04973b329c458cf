// Lighthouse 12 mobile (default config: Moto G Power emulation, simulated slow-4G + 4× CPU throttling) on the public
// pages of issue 8: `/`, `/god`, `/rank`, an article and a master page. Prints a table and exits 1 when a page is
// below target: performance ≥ 95, accessibility, best practices and SEO 100.
//
//   node bench/lighthouse.mjs [BASE_URL] [--runs N] [--article /info/detail/…] [--master /detail/…] [--json FILE]
//                             [--lhr-dir DIR]   (DIR gets every run's full Lighthouse report, NAME-RUN.json)
//                             [--only master,god]   (only these pages: home, god, rank, article, master)
//                             [--cpu-slowdown N]   (Lighthouse's CPU multiplier instead of its default 4, to calibrate
//                              a host whose CPU index is far from the 1,500–2,000 the default assumes: see README)
//
// BASE_URL defaults to http://localhost:3000 (a production server: `npm start`, or `next start` on a build). The
// article and master page are found in the HTML of /info/case and /god unless given. Each page is measured N times
// (default 3) and the run with the median performance score is reported, as Lighthouse advises for its variance.
//
// Lighthouse is not a dependency of the project: the script runs `npx -y lighthouse@12.8.2` (the npm registry's
// package, cached by npx after the first run) unless LIGHTHOUSE_BIN names an installed CLI, e.g. after
// `npm i --prefix /tmp/lhtool lighthouse@12.8.2`: LIGHTHOUSE_BIN=/tmp/lhtool/node_modules/.bin/lighthouse.
// Chrome: CHROME_PATH, else Debian's /usr/bin/chromium (headless, --no-sandbox). Lighthouse 12 needs Node ≥ 18.20.
// Performance is CPU-sensitive: the load average is printed beside each figure; measure on a quiet machine.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
const LIGHTHOUSE_VERSION = "12.8.2";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const runs = Number(option("--runs") ?? 3);
let articlePath = option("--article");
let masterPath = option("--master");
const jsonOut = option("--json");
const lhrDir = option("--lhr-dir");
const only = option("--only")?.split(",");
const cpuSlowdown = option("--cpu-slowdown");
const base = (args[0] ?? "http://localhost:3000").replace(/\/$/, "");
if (!Number.isInteger(runs) || runs < 1) {
  console.error("✖ --runs takes a positive integer");
  process.exit(2);
}
if (cpuSlowdown !== undefined && !(Number(cpuSlowdown) >= 1)) {
  console.error("✖ --cpu-slowdown takes a number ≥ 1 (Lighthouse's default is 4)");
  process.exit(2);
}
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  console.error(`✖ no Chrome at ${chromePath}: install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH`);
  process.exit(2);
}

async function firstLink(page, pattern) {
  const res = await fetch(base + page);
  if (!res.ok) throw new Error(`GET ${page}: ${res.status}`);
  const match = (await res.text()).match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in ${page}`);
  return match[0];
}
try {
  masterPath ??= await firstLink("/god", /\/detail\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  articlePath ??= await firstLink("/info/case", /\/info\/detail\/[A-Za-z0-9_-]+/);
} catch (err) {
  console.error(`✖ ${err.message} (is a server running at ${base}?)`);
  process.exit(2);
}
const pages = [
  ["home", "/"],
  ["god", "/god"],
  ["rank", "/rank"],
  ["article", articlePath],
  ["master", masterPath],
].filter(([name]) => !only || only.includes(name));
if (pages.length === 0) {
  console.error(`✖ --only names no page: ${only.join(",")} (pages: home, god, rank, article, master)`);
  process.exit(2);
}

function lighthouse(url) {
  const flags = [
    url,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    `--only-categories=${CATEGORIES.join(",")}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu",
    ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${Number(cpuSlowdown)}`] : []),
  ];
  const [cmd, pre] = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN, []] : ["npx", ["-y", `lighthouse@${LIGHTHOUSE_VERSION}`]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, [...pre, ...flags], { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => err.push(d));
    child.on("error", reject);
    child.on("close", (code) => {
      const text = Buffer.concat(out).toString("utf8");
      if (code !== 0 || !text.trim().startsWith("{")) {
        reject(new Error(`lighthouse exited ${code} on ${url}: ${Buffer.concat(err).toString("utf8").slice(-2000)}`));
        return;
      }
      resolve(JSON.parse(text));
    });
  });
}

/** The audits that cost points: in a11y/best practices/SEO every scored audit below 1, in performance the metrics. */
function failing(lhr) {
  const rows = [];
  for (const id of CATEGORIES) {
    const cat = lhr.categories[id];
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : "";
        rows.push(`${id}: ${ref.id} ${Math.round(audit.score * 100)}${value}`);
      }
    }
  }
  if (lhr.runtimeError) rows.push(`runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const w of lhr.runWarnings ?? []) rows.push(`warning: ${w}`);
  return rows;
}

const results = [];
for (const [name, pagePath] of pages) {
  const url = base + pagePath;
  const measured = [];
  for (let i = 0; i < runs; i++) {
    const load = os.loadavg()[0];
    const lhr = await lighthouse(url);
    if (lhrDir) {
      fs.mkdirSync(lhrDir, { recursive: true });
      fs.writeFileSync(path.join(lhrDir, `${name}-${i + 1}.json`), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score === null ? null : Math.round(lhr.categories[c].score * 100)]));
    const metrics = Object.fromEntries(
      ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"].map((m) => [m, lhr.audits[m]?.numericValue]),
    );
    // Lighthouse's CPU benchmark of this run: on shared cores it moved between ~700 and ~2,300 from run to run (ADR 0018).
    const cpuIndex = Math.round(lhr.environment?.benchmarkIndex ?? 0);
    measured.push({ load, cpuIndex, scores, metrics, failing: failing(lhr) });
    process.stderr.write(`${name} run ${i + 1}/${runs}: ${CATEGORIES.map((c) => scores[c]).join(" / ")} (load ${load.toFixed(2)}, CPU index ${cpuIndex})\n`);
  }
  measured.sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  const median = measured[Math.floor((measured.length - 1) / 2)];
  results.push({ name, path: pagePath, ...median, performanceRuns: measured.map((m) => m.scores.performance) });
}

const pad = (s, n) => String(s).padEnd(n);
const below = (r, c) => r.scores[c] === null || r.scores[c] < TARGETS[c];
console.log(`\nLighthouse ${LIGHTHOUSE_VERSION} mobile${cpuSlowdown ? `, CPU slowdown ${Number(cpuSlowdown)}× (calibrated)` : ""}, ${base}, median of ${runs} run(s), ${new Date().toISOString()}\n`);
console.log(`${pad("page", 9)}${pad("path", 48)}${pad("perf", 7)}${pad("a11y", 7)}${pad("bp", 7)}${pad("seo", 7)}${pad("FCP ms", 8)}${pad("LCP ms", 8)}${pad("TBT ms", 8)}${pad("CLS", 7)}${pad("load", 6)}CPU index`);
for (const r of results) {
  const cell = (c) => pad(`${r.scores[c] ?? "–"}${below(r, c) ? "✖" : ""}`, 7);
  const m = r.metrics;
  console.log(
    `${pad(r.name, 9)}${pad(r.path, 48)}${CATEGORIES.map(cell).join("")}${pad(Math.round(m["first-contentful-paint"]), 8)}${pad(Math.round(m["largest-contentful-paint"]), 8)}${pad(Math.round(m["total-blocking-time"]), 8)}${pad(m["cumulative-layout-shift"].toFixed(3), 7)}${pad(r.load.toFixed(2), 6)}${r.cpuIndex}`,
  );
}
const failures = results.filter((r) => CATEGORIES.some((c) => below(r, c)));
for (const r of results) {
  if (r.failing.length) console.log(`\n${r.name} (${r.path}), performance runs ${r.performanceRuns.join(", ")}:\n  ${r.failing.join("\n  ")}`);
}
if (jsonOut) {
  fs.mkdirSync(path.dirname(path.resolve(jsonOut)), { recursive: true });
  fs.writeFileSync(jsonOut, JSON.stringify({ base, runs, date: new Date().toISOString(), targets: TARGETS, results }, null, 2) + "\n");
}
if (failures.length) {
  console.error(`\n✖ below target (performance ≥ ${TARGETS.performance}, others 100): ${failures.map((r) => r.name).join(", ")}`);
  process.exit(1);
}
console.log(`\n✓ all ${results.length} pages at target`);
