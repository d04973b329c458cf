import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import {
  METRIC_EXPLANATIONS, METRIC_KEYS, METRIC_LABELS, formatMetric, type MetricKey, type StrategyMetricsJson,
} from "@/lib/domain/quant/explain";
import type { StrategyMetrics } from "@/lib/domain/quant/types";
import { formatNumber, looseNumber } from "@/lib/domain/statements/format";
import { returnClass } from "./tone";

export interface MetricsGridProps {
  /** as computed, or after JSON (figures may be null or "NaN" / "Infinity" strings) */
  metrics: StrategyMetrics | StrategyMetricsJson;
  /** the index alpha, beta and the information ratio are measured against; "沪深300" by default */
  benchmarkName?: string;
  /** which figures, in order (all twelve by default) */
  keys?: readonly MetricKey[];
  /** hide the one-line explanations (they stay as the cards' titles) */
  compact?: boolean;
  /** replaces the note under the cards (record length, 252 days, risk-free rate 0, benchmark) */
  footnote?: ReactNode;
  className?: string;
}

/** Red / green for the figures that are gains or losses; the ratios stay neutral. */
const TONED = new Set<MetricKey>(["cumulativeReturn", "annualReturn", "maxDrawdown", "alpha"]);

function DrawdownDates({ peak, trough, recovery }: { peak: string | null; trough: string | null; recovery: string | null }) {
  if (!peak || !trough) return null;
  const item = (label: string, value: string, muted = false) => (
    <span className="inline-flex items-baseline gap-1">
      <span className="text-slate-500">{label}</span>
      <span className={muted ? "text-slate-500" : "text-slate-600"}>{value}</span>
    </span>
  );
  return (
    <dd data-testid="max-drawdown-dates" className="mt-1 flex flex-wrap items-baseline gap-x-1 gap-y-0.5 text-[11px] leading-4 tabular-nums">
      {item("高点", peak)}
      <span aria-hidden className="text-slate-300">→</span>
      {item("低点", trough)}
      <span aria-hidden className="text-slate-300">→</span>
      {recovery ? item("修复", recovery) : item("修复", "尚未修复", true)}
    </dd>
  );
}

/**
 * The strategy's figures as cards (two a row on a phone), each with its label, value and a one-sentence explanation
 * in plain words; the max drawdown card (full width on a phone) shows its peak → trough → recovery dates.
 */
export function MetricsGrid({ metrics, benchmarkName = "沪深300", keys = METRIC_KEYS, compact = false, footnote, className }: MetricsGridProps) {
  const explain = (key: MetricKey) => METRIC_EXPLANATIONS[key].replaceAll("沪深300", benchmarkName);
  const periods = looseNumber(metrics.periods);
  return (
    <div data-testid="metrics-grid" className={className}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {keys.map((key) => {
          const raw = metrics[key];
          const value = looseNumber(raw);
          const isDrawdown = key === "maxDrawdown";
          return (
            <div
              key={key}
              data-key={key}
              title={explain(key)}
              className={cn("min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm", isDrawdown ? "col-span-2 sm:col-span-1" : undefined)}
            >
              <dt className="text-xs text-slate-500">{METRIC_LABELS[key]}</dt>
              <dd
                className={cn(
                  "mt-1 text-lg leading-tight font-semibold break-words tabular-nums sm:text-xl",
                  Number.isNaN(value) ? "text-slate-500" : TONED.has(key) ? returnClass(value) : "text-slate-900",
                )}
              >
                {formatMetric(key, raw)}
              </dd>
              {isDrawdown ? (
                <DrawdownDates peak={metrics.maxDrawdownPeak} trough={metrics.maxDrawdownTrough} recovery={metrics.maxDrawdownRecovery} />
              ) : null}
              {compact ? null : <dd className="mt-1 text-[11px] leading-4 text-slate-500">{explain(key)}</dd>}
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-[11px] leading-4 text-slate-500">
        {footnote ?? (
          <>
            {Number.isFinite(periods) && periods > 0 ? `按 ${formatNumber(periods, 0)} 个交易日的净值计算；` : ""}
        年化按每年 252 个交易日，无风险利率取 0，Alpha / Beta / 信息比率以{benchmarkName}为基准；“—”表示数据不足无法计算。
          </>
        )}
      </p>
    </div>
  );
}
