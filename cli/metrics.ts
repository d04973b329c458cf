import { readFileSync } from "node:fs";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { computeMetrics, DEFAULT_PERIODS } from "@/lib/domain/quant/metrics";
import { formatMetricsText, metricsJson } from "@/lib/domain/quant/metrics-report";
import { alignBenchmark, parseReturnsFile, ReturnsFileError, type ReturnsFile } from "@/lib/domain/quant/returns-file";

export interface MetricsCommandOptions {
  returns: string;
  periods?: number;
  benchmark?: string;
  json?: boolean;
}

function periodsPerYear(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 100_000) {
    throw new InvalidArgumentError("must be a positive number of periods a year (252 daily, 52 weekly, 12 monthly)");
  }
  return n;
}

function readReturns(file: string): ReturnsFile {
  let text: string;
  try {
    text = new TextDecoder("utf-8").decode(readFileSync(file));
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return parseReturnsFile(text);
  } catch (err) {
    if (err instanceof ReturnsFileError) throw new Error(err.line === null ? `${file}: ${err.detail}` : `${file} line ${err.line}: ${err.detail}`);
    throw err;
  }
}

/** The command's work without commander: reads the files and returns what it prints (throws Error with the reason). */
export function runMetrics(opts: MetricsCommandOptions): string {
  const periods = opts.periods ?? DEFAULT_PERIODS;
  const strategy = readReturns(opts.returns);
  let benchmark: (number | null)[] | undefined;
  if (opts.benchmark) {
    try {
      benchmark = alignBenchmark(strategy, readReturns(opts.benchmark));
    } catch (err) {
      if (err instanceof ReturnsFileError) throw new Error(`${opts.benchmark}: ${err.message}`);
      throw err;
    }
  }
  const metrics = computeMetrics(strategy.returns, { periods, benchmark, dates: strategy.dates ?? undefined });
  if (opts.json) return JSON.stringify(metricsJson(metrics), null, 2);
  return formatMetricsText(metrics, {
    returnsFile: path.basename(opts.returns),
    benchmarkFile: opts.benchmark ? path.basename(opts.benchmark) : undefined,
    periodsPerYear: periods,
    dated: strategy.dates !== null,
  });
}

export function registerMetricsCommand(program: Command): void {
  program
    .command("metrics")
    .description(
      "compute strategy metrics (empyrical conventions) from a returns file: CSV of date,return (header optional) or one " +
        'return per line; returns are fractions (0.012), a value with % is a percentage ("1.2%" = 0.012); NaN or empty = missing',
    )
    .requiredOption("--returns <file>", "the strategy's period returns")
    .option("--periods <n>", "return periods per year: 252 daily, 52 weekly, 12 monthly", periodsPerYear, DEFAULT_PERIODS)
    .option("--benchmark <file>", "benchmark returns in the same format: aligned by date when both files have dates, else by position")
    .option("--json", "print JSON: cumulativeReturn, annualReturn, annualVolatility, sharpe, sortino, calmar, maxDrawdown, alpha, beta, psr")
    .action((opts: MetricsCommandOptions) => {
      console.log(runMetrics(opts));
    });
}
