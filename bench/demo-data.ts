// Demo data generation cost: `node --import tsx bench/demo-data.ts [--runs 3]`.
//
// Times the pure generators the demo seed runs on first start, each cold in a process of its own (they memoise what
// they computed): the whole demo market (32 stocks) with every demo master simulated on it, and the demo strategies'
// benchmark and records. Budgets (the 2-core machine): masters ≤ 3,000 ms, strategies ≤ 1,500 ms (bench/README.md
// has the figures seen); the exit code is 1 when a median is over.
import { spawnSync } from "node:child_process";

const BUDGETS_MS = { masters: 3000, strategies: 1500 } as const;
type Work = keyof typeof BUDGETS_MS;

async function once(work: Work): Promise<number> {
  if (work === "masters") {
    const { DEMO_MARKET_START, demoBars } = await import("@/lib/domain/demo/demo-market");
    const { DEMO_MASTER_END, DEMO_MASTERS, simulateDemoMaster } = await import("@/lib/domain/demo/demo-masters");
    const loaded = performance.now();
    const bars = demoBars(DEMO_MARKET_START, DEMO_MASTER_END);
    for (const master of DEMO_MASTERS) simulateDemoMaster(master, bars);
    return performance.now() - loaded;
  }
  const { DEMO_BENCHMARK, demoBenchmarkNav, demoStrategyRecords } = await import("@/lib/domain/demo/demo-strategies");
  const loaded = performance.now();
  demoBenchmarkNav(DEMO_BENCHMARK.from, DEMO_BENCHMARK.to);
  demoStrategyRecords();
  return performance.now() - loaded;
}

async function main(): Promise<void> {
  const child = process.argv.indexOf("--once");
  if (child >= 0) {
    console.log(String(await once(process.argv[child + 1] as Work)));
    return;
  }
  const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 3;
  let over = false;
  for (const work of Object.keys(BUDGETS_MS) as Work[]) {
    const values: number[] = [];
    for (let i = 0; i < runs; i++) {
      const run = spawnSync(process.execPath, ["--import", "tsx", process.argv[1]!, "--once", work], { encoding: "utf8" });
      if (run.status !== 0) throw new Error(`${work}: ${run.stderr}`);
      values.push(Number(run.stdout.trim().split("\n").at(-1)));
    }
    const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    over ||= median > BUDGETS_MS[work];
    console.log(`${work}: cold runs ${values.map((v) => v.toFixed(0)).join(", ")} ms; median ${median.toFixed(0)} ms (budget ${BUDGETS_MS[work]} ms)${median > BUDGETS_MS[work] ? " — over" : ""}`);
  }
  process.exitCode = over ? 1 : 0;
}

void main();
