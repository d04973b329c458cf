/** Month-by-month returns of a NAV, the years × months grid and its shading (no React here). */
import type { NavPoint } from "@/lib/domain/quant/types";
import { cleanNav } from "./nav-data";

export interface MonthlyReturn {
  /** `YYYY-MM` */
  month: string;
  /** the month's return as a fraction */
  value: number;
}

export interface YearRow {
  year: string;
  /** January … December; null where the month has no return */
  months: (number | null)[];
  /** the months compounded: (1 + m1)(1 + m2)… − 1 */
  total: number;
}

/**
 * Each month's return from month-end to month-end NAV; the first month runs from the first NAV point (so a series
 * starting mid-month counts from its start).
 */
export function monthlyReturnsFromNav(nav: readonly NavPoint[]): MonthlyReturn[] {
  const points = cleanNav(nav);
  const ends = new Map<string, number>();
  for (const p of points) ends.set(p.date.slice(0, 7), p.nav);
  const out: MonthlyReturn[] = [];
  let prev = points[0]?.nav;
  for (const [month, end] of ends) {
    if (prev === undefined) break;
    out.push({ month, value: end / prev - 1 });
    prev = end;
  }
  return out;
}

/** Years newest first, each with 12 slots and the compounded total. */
export function yearRows(months: readonly MonthlyReturn[]): YearRow[] {
  const years = new Map<string, (number | null)[]>();
  for (const m of months) {
    if (!/^\d{4}-\d{2}$/.test(m.month) || !Number.isFinite(m.value)) continue;
    const slot = Number(m.month.slice(5, 7)) - 1;
    if (slot < 0 || slot > 11) continue;
    const year = m.month.slice(0, 4);
    const row = years.get(year) ?? Array.from({ length: 12 }, () => null);
    row[slot] = m.value;
    years.set(year, row);
  }
  return [...years.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([year, row]) => ({ year, months: row, total: row.reduce<number>((acc, v) => acc * (1 + (v ?? 0)), 1) - 1 }));
}

/** Red for a gain, green for a loss, stronger with |value| (a faint tint at least); slate when flat. */
export function returnHeat(value: number, maxAbs: number): { background: string; strong: boolean } {
  // below half a basis point it rounds to 0.0%
  if (!Number.isFinite(value) || Math.abs(value) < 0.00005 || !(maxAbs > 0)) return { background: "#f8fafc", strong: false };
  // sqrt: one huge month should not wash every other month out
  const alpha = 0.12 + 0.73 * Math.sqrt(Math.min(1, Math.abs(value) / maxAbs));
  const rgb = value > 0 ? "224, 40, 46" : "22, 163, 74";
  return { background: `rgba(${rgb}, ${alpha.toFixed(2)})`, strong: alpha >= 0.55 };
}
