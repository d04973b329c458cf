// Import speed and memory of a 100,000-row statement:
// `node --import tsx bench/import-statement.mjs [--rows N] [--runs N] [--comma [--remarks]] [--json] [--keep]` (--keep
// leaves the file in the tmp dir; --comma writes the same rows comma-separated with Excel text cells, --remarks adds a
// quoted 备注 with a comma inside to every row, so that every line goes through csv-parse).
//
// The parent process writes a deterministic GBK, tab-separated 同花顺-style 交割单 (buys, sells, 银行转证券, 红利入账,
// 股息红利差异扣税, 红股入账; one stock per row, fees and balances as a broker writes them) to a temporary file,
// then measures each run in a fresh child process (`--measure FILE`): readStatement + analyzeStatement wall time,
// and the child's peak RSS (process.resourceUsage().maxRSS; `/usr/bin/time -v` too where it exists). The budget
// (PRODUCT performance issue) is ≤ 2 s and ≤ 300 MB for 100,000 rows on the 2-core machine: the median run's time and
// the worst run's peak RSS are checked, and the exit code is 1 when either is over (or a row was lost or unmatched).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { statementBytes } from "./statement-file.mjs";

const BUDGET_MS = 2000;
const BUDGET_MB = 300;
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

// ---------------------------------------------------------------------------------------------------------------
// child: one measured run

async function measure(file) {
  const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
  const { readStatement } = await import("@/lib/domain/statements/import/index.ts");
  const { analyzeStatement } = await import("@/lib/domain/statements/analysis/index.ts");
  const bytes = fs.readFileSync(file); // a Buffer is a Uint8Array: no copy
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const report = readStatement(bytes, path.basename(file));
  const t1 = performance.now();
  const analysis = analyzeStatement({ fills: report.fills, events: report.events });
  const t2 = performance.now();
  const cpu = process.cpuUsage(c0);
  const result = {
    bytes: bytes.length,
    rowCount: report.rowCount,
    format: report.format,
    encoding: report.encoding,
    fills: report.fills.length,
    events: report.events.length,
    skipped: report.skipped.length,
    warnings: report.warnings.length,
    roundTrips: analysis.roundTrips.length,
    unmatched: analysis.unmatched.length,
    realizedPnl: analysis.summary.realizedPnl,
    readMs: t1 - t0,
    analyzeMs: t2 - t1,
    totalMs: t2 - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    baselineRssMb,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// parent: generate, run, report

function main() {
  const rows = Number(option("--rows", "100000"));
  const runs = Number(option("--runs", "3"));
  const comma = args.includes("--comma");
  const remarks = comma && args.includes("--remarks");
  const file = path.join(os.tmpdir(), `lianghua-bench-statement-${rows}${remarks ? "-remarks" : ""}${comma ? ".csv" : ".xls"}`);
  const g0 = performance.now();
  const bytes = statementBytes(rows, { comma, remarks });
  fs.writeFileSync(file, bytes);
  const generateMs = performance.now() - g0;

  const script = fileURLToPath(import.meta.url);
  const hasTime = fs.existsSync("/usr/bin/time");
  const results = [];
  for (let run = 0; run < runs; run++) {
    const node = [process.execPath, "--import", "tsx", script, "--measure", file];
    const cmd = hasTime ? ["/usr/bin/time", "-v", ...node] : node;
    const child = spawnSync(cmd[0], cmd.slice(1), { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    if (child.status !== 0) {
      process.stderr.write(child.stderr);
      console.error(`✖ run ${run + 1} failed (exit ${child.status})`);
      process.exit(1);
    }
    const result = JSON.parse(child.stdout.trim().split("\n").at(-1));
    const timeRss = /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr);
    result.timeMaxRssMb = timeRss ? Number(timeRss[1]) / 1024 : null;
    results.push(result);
  }
  if (!args.includes("--keep")) fs.rmSync(file, { force: true });

  // time: the median run (other processes on a shared 2-core machine slow single runs down); memory: the worst run
  const times = results.map((r) => r.totalMs).sort((a, b) => a - b);
  const checked = {
    totalMs: times[Math.floor((times.length - 1) / 2)],
    maxRssMb: Math.max(...results.map((r) => Math.max(r.maxRssMb, r.timeMaxRssMb ?? 0))),
  };
  const first = results[0];
  if (args.includes("--json")) {
    console.log(JSON.stringify({ rows, comma, remarks, generateMs, loadAverage: os.loadavg(), results, checked }, null, 2));
  } else {
    console.log(`statement: ${rows} data rows, ${comma ? "comma" : "tab"}-separated${remarks ? " with quoted remarks" : ""}, ${(first.bytes / 1024 / 1024).toFixed(1)} MB ${first.encoding} (${first.format}), generated in ${generateMs.toFixed(0)} ms`);
    console.log(`read: ${first.fills} fills, ${first.events} events, ${first.skipped} skipped, ${first.warnings} warnings; ` +
      `analysis: ${first.roundTrips} round trips, ${first.unmatched} unmatched`);
    console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} on ${os.cpus().length} cores`);
    console.log("run  read ms  analyse ms  total ms  CPU ms  peak RSS MB  (/usr/bin/time)");
    results.forEach((r, i) => {
      console.log(`${String(i + 1).padStart(3)}  ${r.readMs.toFixed(0).padStart(7)}  ${r.analyzeMs.toFixed(0).padStart(10)}  ` +
        `${r.totalMs.toFixed(0).padStart(8)}  ${r.cpuMs.toFixed(0).padStart(6)}  ${r.maxRssMb.toFixed(0).padStart(11)}  ${r.timeMaxRssMb === null ? "—" : r.timeMaxRssMb.toFixed(0)}`);
    });
    console.log(`median time ${checked.totalMs.toFixed(0)} ms (budget ${BUDGET_MS}), worst peak RSS ${checked.maxRssMb.toFixed(0)} MB (budget ${BUDGET_MB}); ` +
      `the child's RSS before reading (node + tsx) was ${first.baselineRssMb.toFixed(0)} MB`);
  }
  const problems = [];
  if (first.fills + first.events + first.skipped !== rows) problems.push(`read ${first.fills + first.events + first.skipped} of ${rows} rows`);
  if (first.skipped > 0) problems.push(`${first.skipped} rows skipped`);
  if (first.unmatched > 0) problems.push(`${first.unmatched} unmatched`);
  if (rows >= 100_000 && checked.totalMs > BUDGET_MS) problems.push(`over time budget: ${checked.totalMs.toFixed(0)} ms > ${BUDGET_MS} ms`);
  if (rows >= 100_000 && checked.maxRssMb > BUDGET_MB) problems.push(`over memory budget: ${checked.maxRssMb.toFixed(0)} MB > ${BUDGET_MB} MB`);
  if (problems.length > 0) {
    for (const p of problems) console.error(`✖ ${p}`);
    process.exit(1);
  }
}

// last, so every constant above is initialised
if (args[0] === "--measure") await measure(args[1]);
else main();
