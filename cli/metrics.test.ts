import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Command } from "commander";
import { registerMetricsCommand, runMetrics } from "./metrics";
import { runCli } from "./run-command.test-support";

const dir = mkdtempSync(path.join(tmpdir(), "metrics-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

// empyrical's mixed_returns fixture, daily from 2000-01-30
const MIXED_CSV = [
  "date,return",
  "2000-01-30,NaN", "2000-01-31,1%", "2000-02-01,10%", "2000-02-02,-4%", "2000-02-03,2%",
  "2000-02-04,3%", "2000-02-05,2%", "2000-02-06,1%", "2000-02-07,-10%",
].join("\n");
const EXPECTED: Record<string, number | string> = {
  annualReturn: 1.9135925373194231,
  annualVolatility: 0.9136465399704637,
  sharpe: 1.7238613961706866,
  sortino: 2.605531251673693,
  calmar: 19.135925373194233,
  maxDrawdown: -0.1,
  psr: 0.6106203604025079,
};

function checkMixedJson(json: Record<string, number | string>) {
  expect(Object.keys(json)).toEqual(["cumulativeReturn", "annualReturn", "annualVolatility", "sharpe", "sortino", "calmar", "maxDrawdown", "alpha", "beta", "psr"]);
  for (const [k, v] of Object.entries(EXPECTED)) expect(Math.abs((json[k] as number) - (v as number))).toBeLessThan(1e-8);
  expect(Math.abs((json.cumulativeReturn as number) - 0.0389310)).toBeLessThan(1e-6);
}

describe("metrics command (in process)", () => {
  it("prints the JSON of the mixed fixture; alpha and beta NaN without a benchmark", () => {
    const json = JSON.parse(runMetrics({ returns: write("mixed.csv", MIXED_CSV), json: true }));
    checkMixedJson(json);
    expect([json.alpha, json.beta]).toEqual(["NaN", "NaN"]);
  });

  it("aligns a benchmark by date (empyrical: mixed vs negative_returns[1:]), and by position for bare returns", () => {
    const negTail = ["-6%", "-7%", "-1%", "-9%", "-2%", "-6%", "-8%", "-5%"];
    const days = ["2000-01-31", "2000-02-01", "2000-02-02", "2000-02-03", "2000-02-04", "2000-02-05", "2000-02-06", "2000-02-07"];
    const bench = write("bench.csv", ["2000-01-28,3%", ...days.map((d, i) => `${d},${negTail[i]}`), "2000-02-08,1%"].join("\n"));
    const byDate = JSON.parse(runMetrics({ returns: write("mixed2.csv", MIXED_CSV), benchmark: bench, json: true }));
    expect(Math.abs(byDate.alpha - -0.9997853834885004)).toBeLessThan(1e-8);
    expect(Math.abs(byDate.beta - -0.71296296296296313)).toBeLessThan(1e-8);
    const neg = write("neg.txt", ["0", "-0.06", "-0.07", "-0.01", "-0.09", "-0.02", "-0.06", "-0.08", "-0.05"].join("\n"));
    const bare = write("bare.txt", ["nan", "0.01", "0.1", "-0.04", "0.02", "0.03", "0.02", "0.01", "-0.1"].join("\n"));
    const byPosition = JSON.parse(runMetrics({ returns: bare, benchmark: neg, json: true }));
    expect(Math.abs(byPosition.alpha - -0.9997853834885004)).toBeLessThan(1e-8);
    expect(Math.abs(byPosition.beta - -0.71296296296296313)).toBeLessThan(1e-8);
  });

  it("reports a bad line with the file and line number", () => {
    const bad = write("bad.csv", "date,return\n2024-01-02,0.01\n2024-01-03,1.2.3\n");
    expect(() => runMetrics({ returns: bad })).toThrow(`${bad} line 3: "1.2.3" is not a return`);
    const short = write("short.txt", "0.01\n0.02");
    expect(() => runMetrics({ returns: write("three.txt", "0.01\n0.02\n0.03"), benchmark: short })).toThrow(`${short}: the benchmark has 2 returns and the strategy 3`);
    expect(() => runMetrics({ returns: path.join(dir, "missing.csv") })).toThrow(/cannot read/);
  });

  it("registers `metrics` with its options and prints a table", () => {
    const program = new Command().exitOverride();
    registerMetricsCommand(program);
    const cmd = program.commands.find((c) => c.name() === "metrics")!;
    expect(cmd.options.map((o) => o.long)).toEqual(["--returns", "--periods", "--benchmark", "--json"]);
    const text = runMetrics({ returns: write("mixed3.csv", MIXED_CSV), periods: 252 });
    expect(text).toMatch(/^Sharpe ratio\s+1\.72386$/m);
    expect(text).toMatch(/^ {2}trough\s+2000-02-07$/m);
  });
});

describe("cli metrics (child process)", () => {
  it("prints the mixed fixture's JSON and exits 1 with the line number on a bad line", async () => {
    const ok = await runCli("metrics", "--returns", write("child.csv", MIXED_CSV), "--json");
    expect(ok.code).toBe(0);
    checkMixedJson(JSON.parse(ok.stdout));
    const weekly = await runCli("metrics", "--returns", write("weekly.txt", "0\n1%\n10%\n-4%\n2%\n3%\n2%\n1%\n-10%"), "--periods", "52", "--json");
    expect(Math.abs(JSON.parse(weekly.stdout).annualReturn - 0.24690830513998208)).toBeLessThan(1e-8);
    const bad = await runCli("metrics", "--returns", write("child-bad.csv", "0.01\n0.02\nx1\n"));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('line 3: "x1" is not a return');
  }, 60_000);
});
