/** The cumulative P&L curve's data and its one-sentence summary (no chart code here). */
import { formatSignedYuanWan } from "@/lib/domain/statements/format";

/** Canvas height and the legend row above it, in px. */
export const EQUITY_DEFAULT_HEIGHT = 240;
export const EQUITY_LEGEND_HEIGHT = 24;

export interface EquityPoint {
  /** `YYYY-MM-DD` */
  date: string;
  /** cumulative realised P&L in yuan up to and including this date */
  value: number;
}

/** What callers may pass: `{date, value}` or the analysis' `{date, cumulativePnl}`. */
export type EquityPointInput = { date: string; value: number } | { date: string; cumulativePnl: number };

/** Sorted by date, one point a day (the last one wins), non-finite values dropped. */
export function equitySeries(points: readonly EquityPointInput[]): EquityPoint[] {
  const byDate = new Map<string, number>();
  for (const p of points) {
    const value = "value" in p ? p.value : p.cumulativePnl;
    if (Number.isFinite(value)) byDate.set(p.date.slice(0, 10), value);
  }
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, value]) => ({ date, value }));
}

export function equitySummary(points: readonly EquityPoint[], caption?: string): string {
  const label = caption ?? "累计盈亏曲线";
  if (!points.length) return `${label}：暂无已平仓的交易。`;
  let max = points[0]!;
  let min = points[0]!;
  for (const p of points) {
    if (p.value > max.value) max = p;
    if (p.value < min.value) min = p;
  }
  const last = points[points.length - 1]!;
  return `${label}：${points[0]!.date} 至 ${last.date}，期末 ${formatSignedYuanWan(last.value)}，最高 ${formatSignedYuanWan(max.value)}（${max.date}），最低 ${formatSignedYuanWan(min.value)}（${min.date}）。`;
}
