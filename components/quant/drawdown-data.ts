/** What the drawdown (underwater) chart draws, computed without the chart library. */
import { formatPercent } from "@/lib/domain/statements/format";
import type { NavPoint } from "@/lib/domain/quant/types";

export const DRAWDOWN_DEFAULT_HEIGHT = 180;
export const DRAWDOWN_LEGEND_HEIGHT = 24;

export const DRAWDOWN_COLORS = {
  line: "#16a34a",
  fillNear: "rgba(22, 163, 74, 0.10)",
  fillFar: "rgba(22, 163, 74, 0.40)",
  peak: "#64748b",
  trough: "#15803d",
} as const;

export interface DrawdownPoint {
  /** `YYYY-MM-DD` */
  date: string;
  /** fall from the running peak as a fraction, ≤ 0 */
  drawdown: number;
}

export interface MaxDrawdownSpan {
  peak: string;
  trough: string;
  /** ≤ 0 */
  depth: number;
}

/** Sorted by date, one point a day (the last one wins), finite values only, never above 0. */
export function cleanDrawdown(points: readonly DrawdownPoint[] | null | undefined): DrawdownPoint[] {
  const byDate = new Map<string, number>();
  for (const p of points ?? []) {
    if (typeof p?.drawdown === "number" && Number.isFinite(p.drawdown)) byDate.set(p.date.slice(0, 10), Math.min(0, p.drawdown));
  }
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, drawdown]) => ({ date, drawdown }));
}

/** The underwater series of a NAV: each day's fall from the highest NAV so far. */
export function drawdownFromNav(nav: readonly NavPoint[]): DrawdownPoint[] {
  const sorted = [...nav].filter((p) => Number.isFinite(p.nav) && p.nav > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let peak = 0;
  return sorted.map((p) => {
    peak = Math.max(peak, p.nav);
    return { date: p.date, drawdown: p.nav / peak - 1 };
  });
}

/**
 * The deepest point and the last peak before it. Given dates (from the metrics) win when they fall on the series;
 * null when the series never went under water.
 */
export function maxDrawdownSpan(points: readonly DrawdownPoint[], given?: { peak?: string | null; trough?: string | null }): MaxDrawdownSpan | null {
  if (!points.length) return null;
  let troughIndex = points.findIndex((p) => p.date === given?.trough);
  if (troughIndex < 0) {
    troughIndex = 0;
    points.forEach((p, i) => {
      if (p.drawdown < points[troughIndex]!.drawdown) troughIndex = i;
    });
  }
  const trough = points[troughIndex]!;
  if (!(trough.drawdown < 0)) return null;
  let peak = given?.peak && points.some((p) => p.date === given.peak && p.date <= trough.date) ? given.peak : null;
  if (!peak) {
    let i = troughIndex;
    while (i > 0 && points[i]!.drawdown < 0) i--;
    peak = points[i]!.date;
  }
  return { peak, trough: trough.date, depth: trough.drawdown };
}

export function drawdownSummary(points: readonly DrawdownPoint[], span: MaxDrawdownSpan | null, caption = "回撤走势"): string {
  if (!points.length) return `${caption}：暂无净值数据。`;
  const last = points[points.length - 1]!;
  const head = `${caption}：${points[0]!.date} 至 ${last.date}`;
  if (!span) return `${head}，净值没有回撤。`;
  const now = last.drawdown < 0 ? `，最新回撤 ${formatPercent(last.drawdown)}` : "，目前处于净值新高";
  return `${head}，最大回撤 ${formatPercent(span.depth)}（${span.peak} 高点至 ${span.trough} 低点）${now}。`;
}
