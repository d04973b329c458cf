/** What the NAV chart draws, computed without the chart library: clean series, rebasing, legend values, summary. */
import { formatPercent } from "@/lib/domain/statements/format";
import type { NavPoint } from "@/lib/domain/quant/types";

/** Canvas height and the legend row above it, in px. */
export const NAV_DEFAULT_HEIGHT = 260;
export const NAV_LEGEND_HEIGHT = 28;
export const DEFAULT_BENCHMARK_NAME = "沪深300";

export const NAV_COLORS = { strategy: "#1d4ed8", benchmark: "#f59e0b", zero: "#cbd5e1" } as const;

export interface RebasedPoint {
  /** `YYYY-MM-DD` */
  date: string;
  /** NAV divided by the NAV of the base date: 1 at the base date, 1.1234 = +12.34% since then */
  value: number;
}

export interface NavModel {
  strategy: RebasedPoint[];
  /** empty without a benchmark, or when it shares no date with the strategy */
  benchmark: RebasedPoint[];
  /** the first common date (the strategy's first date without a usable benchmark); null without data */
  baseDate: string | null;
}

/** Sorted by date, one point a day (the last one wins), only positive finite NAVs. */
export function cleanNav(points: readonly NavPoint[] | null | undefined): NavPoint[] {
  const byDate = new Map<string, number>();
  for (const p of points ?? []) {
    if (typeof p?.nav === "number" && Number.isFinite(p.nav) && p.nav > 0 && typeof p.date === "string") byDate.set(p.date.slice(0, 10), p.nav);
  }
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, nav]) => ({ date, nav }));
}

function rebase(points: readonly NavPoint[], from: string, to: string | null): RebasedPoint[] {
  const kept = points.filter((p) => p.date >= from && (to === null || p.date <= to));
  const base = kept[0]?.nav;
  return base ? kept.map((p) => ({ date: p.date, value: p.nav / base })) : [];
}

/**
 * Both series rebased to 1 at their first common date, so the lines start together and show the return since then.
 * Points before that date are dropped; the benchmark is cut at the strategy's last date.
 */
export function rebaseNav(nav: readonly NavPoint[], benchmark?: readonly NavPoint[] | null): NavModel {
  const s = cleanNav(nav);
  if (!s.length) return { strategy: [], benchmark: [], baseDate: null };
  const b = cleanNav(benchmark);
  const benchDates = new Set(b.map((p) => p.date));
  const common = s.find((p) => benchDates.has(p.date))?.date ?? null;
  if (common === null) return { strategy: rebase(s, s[0]!.date, null), benchmark: [], baseDate: s[0]!.date };
  const last = s[s.length - 1]!.date;
  return { strategy: rebase(s, common, null), benchmark: rebase(b, common, last), baseDate: common };
}

/** `+12.34%` for a rebased value of 1.1234. */
export function formatRebased(value: number | null | undefined, decimals = 2): string {
  return formatPercent(typeof value === "number" ? value - 1 : null, { decimals });
}

export interface NavLegend {
  date: string;
  strategy: number;
  benchmark: number | null;
}

/** The values at a date of the strategy's series (the last one when `index` is null or out of range). */
export function navLegendAt(model: NavModel, index: number | null): NavLegend | null {
  const { strategy } = model;
  if (!strategy.length) return null;
  const p = strategy[index !== null && index >= 0 && index < strategy.length ? index : strategy.length - 1]!;
  const bench = model.benchmark.length ? (model.benchmark.find((b) => b.date === p.date)?.value ?? null) : null;
  return { date: p.date, strategy: p.value, benchmark: bench };
}

export function navSummary(model: NavModel, benchmarkName = DEFAULT_BENCHMARK_NAME, caption = "策略净值走势"): string {
  const { strategy, benchmark } = model;
  if (!strategy.length) return `${caption}：暂无净值数据。`;
  const last = strategy[strategy.length - 1]!;
  let parts = `${caption}：${strategy[0]!.date} 至 ${last.date}，策略累计 ${formatRebased(last.value)}`;
  if (benchmark.length) parts += `，同期${benchmarkName} ${formatRebased(benchmark[benchmark.length - 1]!.value)}`;
  return `${parts}。`;
}
