import type { DrawdownEpisode } from "@/lib/domain/quant/types";
import { isPresent } from "@/lib/domain/quant/metrics-stats";

/**
 * Drawdowns as empyrical counts them: wealth starts at 1 before the first period, so the starting capital is a peak;
 * a missing return (null / NaN / ±Infinity) counts as 0.
 */

/** Relative tolerance for "back at the peak": NAV-derived returns rarely multiply back to the peak exactly. */
const RECOVERY_TOLERANCE = 1e-12;

/** Wealth after each period, starting from 1. */
export function wealthPath(returns: readonly (number | null)[]): number[] {
  const out: number[] = [];
  let w = 1;
  for (const r of returns) {
    w *= 1 + (isPresent(r) ? r : 0);
    out.push(w);
  }
  return out;
}

/** empyrical's max_drawdown: min over periods of wealth / running peak − 1 (≤ 0); NaN for an empty series. */
export function maxDrawdown(returns: readonly (number | null)[]): number {
  if (returns.length === 0) return NaN;
  let peak = 1;
  let worst = 0;
  for (const w of wealthPath(returns)) {
    if (w > peak) peak = w;
    const dd = w / peak - 1;
    if (dd < worst) worst = dd;
  }
  return worst;
}

/** The drawdown after each period (0 at a new high), dated. */
export function drawdownSeries(dates: readonly string[], returns: readonly (number | null)[]): { date: string; drawdown: number }[] {
  const n = Math.min(dates.length, returns.length);
  const wealth = wealthPath(returns.slice(0, n));
  const out: { date: string; drawdown: number }[] = [];
  let peak = 1;
  for (let i = 0; i < n; i++) {
    const w = wealth[i]!;
    if (w > peak) peak = w;
    const dd = w / peak - 1;
    out.push({ date: dates[i]!, drawdown: dd === 0 ? 0 : dd });
  }
  return out;
}

interface EpisodeIndex {
  /** −1 = the starting capital, before the first period */
  peak: number;
  trough: number;
  recovery: number | null;
  depth: number;
}

/** Every drawdown that went below 0, in time order, with period indices. */
export function drawdownEpisodeIndices(returns: readonly (number | null)[]): EpisodeIndex[] {
  const wealth = wealthPath(returns);
  const episodes: EpisodeIndex[] = [];
  let peak = 1;
  let peakAt = -1;
  let open: EpisodeIndex | null = null;
  for (let i = 0; i < wealth.length; i++) {
    const w = wealth[i]!;
    // only absurd inputs (an infinite wealth meeting a −100 % return) give NaN: skip them like nanmin
    if (Number.isNaN(w)) continue;
    if (w >= peak * (1 - RECOVERY_TOLERANCE)) {
      if (open) {
        open.recovery = i;
        episodes.push(open);
        open = null;
      }
      if (w >= peak) peak = w;
      peakAt = i;
      continue;
    }
    const depth = w / peak - 1;
    if (Number.isNaN(depth)) continue; // an infinite peak met an infinite loss
    if (!open) open = { peak: peakAt, trough: i, recovery: null, depth };
    else if (depth < open.depth) {
      open.trough = i;
      open.depth = depth;
    }
  }
  if (open) episodes.push(open);
  return episodes;
}

/**
 * The drawdown episodes with dates, deepest first (equal depths in time order). `dates[i]` is the date of period i;
 * a peak at the starting capital takes `startDate` when given, else the first period's date stands for it.
 * Without dates of the same length as the returns there are no episodes (their dates could not be told).
 */
export function drawdownEpisodes(
  returns: readonly (number | null)[],
  dates: readonly string[] | undefined,
  startDate?: string,
): DrawdownEpisode[] {
  if (!dates || dates.length !== returns.length || returns.length === 0) return [];
  const dateAt = (i: number) => (i < 0 ? (startDate ?? dates[0]!) : dates[i]!);
  return drawdownEpisodeIndices(returns)
    .map((e, order) => ({ e, order }))
    .sort((a, b) => a.e.depth - b.e.depth || a.order - b.order)
    .map(({ e }) => ({
      peakDate: dateAt(e.peak),
      troughDate: dateAt(e.trough),
      recoveryDate: e.recovery === null ? null : dateAt(e.recovery),
      depth: e.depth,
    }));
}
