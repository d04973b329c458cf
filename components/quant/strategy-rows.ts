/** The strategy list's rows and their order (no React here: pages sort with it before rendering StrategyTable). */
import { looseNumber } from "@/lib/domain/statements/format";
import type { StrategyStatus } from "@/lib/domain/quant/types";

/** A figure as the page has it, or after JSON (null / "NaN" / "Infinity"). */
export type LooseNumber = number | string | null;

export interface StrategyTableRow {
  guid: string;
  name: string;
  author: string;
  status: StrategyStatus;
  /** `YYYY-MM-DD` */
  startDate: string;
  isDemo: boolean;
  annualReturn: LooseNumber;
  /** ≤ 0 */
  maxDrawdown: LooseNumber;
  sharpe: LooseNumber;
  dailyWinRate: LooseNumber;
  /** number of return periods (trading days) on record */
  periods: number;
  /** false while the track record is too short to be ranked */
  ranked: boolean;
}

export type StrategySortKey = "annualReturn" | "maxDrawdown" | "sharpe" | "dailyWinRate" | "startDate" | "periods";
export type SortDir = "asc" | "desc";

export const STRATEGY_SORT_KEYS: readonly StrategySortKey[] = ["annualReturn", "maxDrawdown", "sharpe", "dailyWinRate", "startDate", "periods"];

export function isStrategySortKey(value: unknown): value is StrategySortKey {
  return typeof value === "string" && (STRATEGY_SORT_KEYS as readonly string[]).includes(value);
}

/**
 * Ranked rows first, then the unranked ones, each group ordered by `key`: "desc" puts the largest first (for max
 * drawdown, which is ≤ 0, the shallowest first). Missing figures (NaN) go last either way; ties keep the name order.
 */
export function sortStrategyRows<T extends StrategyTableRow>(rows: readonly T[], key: StrategySortKey, dir: SortDir = "desc"): T[] {
  const value = (r: T): number | string => (key === "startDate" ? r.startDate : key === "periods" ? r.periods : looseNumber(r[key]));
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
    const va = value(a);
    const vb = value(b);
    const na = typeof va === "number" && Number.isNaN(va);
    const nb = typeof vb === "number" && Number.isNaN(vb);
    if (na !== nb) return na ? 1 : -1;
    if (!na && va !== vb) return (va < vb ? -1 : 1) * sign;
    return a.name.localeCompare(b.name, "zh-CN");
  });
}
