import type { StrategyMetrics } from "@/lib/domain/quant/types";

/** The keys of the `metrics --json` output, in this order. */
export const METRICS_JSON_KEYS = [
  "cumulativeReturn",
  "annualReturn",
  "annualVolatility",
  "sharpe",
  "sortino",
  "calmar",
  "maxDrawdown",
  "alpha",
  "beta",
  "psr",
] as const satisfies readonly (keyof StrategyMetrics)[];

export type MetricsJson = Record<(typeof METRICS_JSON_KEYS)[number], number | "NaN" | "Infinity" | "-Infinity">;

/** A figure for JSON: NaN and ±Infinity become the strings "NaN", "Infinity", "-Infinity" (JSON has no such numbers). */
export function jsonNumber(x: number): number | "NaN" | "Infinity" | "-Infinity" {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return x === 0 ? 0 : x;
}

export function metricsJson(m: StrategyMetrics): MetricsJson {
  return Object.fromEntries(METRICS_JSON_KEYS.map((k) => [k, jsonNumber(m[k])])) as MetricsJson;
}

/** Six significant digits; NaN / Infinity / -Infinity spelled out. */
export function sig6(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return (x === 0 ? 0 : x).toPrecision(6);
}

const ROWS: [keyof StrategyMetrics, string][] = [
  ["cumulativeReturn", "cumulative return"],
  ["annualReturn", "annual return"],
  ["annualVolatility", "annual volatility"],
  ["sharpe", "Sharpe ratio"],
  ["sortino", "Sortino ratio"],
  ["calmar", "Calmar ratio"],
  ["maxDrawdown", "max drawdown"],
  ["dailyWinRate", "win rate"],
  ["alpha", "alpha"],
  ["beta", "beta"],
  ["informationRatio", "information ratio"],
  ["psr", "probabilistic Sharpe"],
];

/** A readable table of the metrics (English labels; returns as fractions, 6 significant digits). */
export function formatMetricsText(
  m: StrategyMetrics,
  context: { returnsFile?: string; benchmarkFile?: string; periodsPerYear: number; dated: boolean },
): string {
  const width = 22;
  const row = (label: string, value: string) => `${label.padEnd(width)}${value}`;
  const out: string[] = [];
  if (context.returnsFile) out.push(row("returns", context.returnsFile));
  if (context.benchmarkFile) out.push(row("benchmark", context.benchmarkFile));
  out.push(row("periods", `${m.periods} (${context.periodsPerYear} a year)`));
  for (const [key, label] of ROWS) {
    out.push(row(label, sig6(m[key] as number)));
    if (key === "maxDrawdown" && context.dated) {
      out.push(row("  peak", m.maxDrawdownPeak ?? "—"));
      out.push(row("  trough", m.maxDrawdownTrough ?? "—"));
      out.push(row("  recovery", m.maxDrawdownTrough ? (m.maxDrawdownRecovery ?? "not recovered") : "—"));
    }
  }
  if (!context.benchmarkFile) out.push("", "alpha, beta and the information ratio need --benchmark FILE.");
  if (m.drawdownEpisodes.length > 0) {
    out.push("", "drawdowns (deepest first)");
    out.push(`  ${"depth".padEnd(12)}${"peak".padEnd(12)}${"trough".padEnd(12)}recovery`);
    for (const e of m.drawdownEpisodes.slice(0, 5)) {
      out.push(`  ${sig6(e.depth).padEnd(12)}${e.peakDate.padEnd(12)}${e.troughDate.padEnd(12)}${e.recoveryDate ?? "not recovered"}`);
    }
    if (m.drawdownEpisodes.length > 5) out.push(`  … and ${m.drawdownEpisodes.length - 5} more`);
  }
  return out.join("\n");
}
