/**
 * The strategy metrics engine (pure). Conventions follow empyrical (quantopian/empyrical, stats.py) so that its test
 * fixtures reproduce to 1e-8 (research notes: statement-formats.md Part C):
 *
 * - Returns are simple period returns as fractions. A missing return (null, NaN or ±Infinity) is skipped by every mean
 *   and standard deviation, counts as 0 in cumulative wealth, and still counts as a row for annualisation.
 * - `periods` per year: 252 by default (SSE/SZSE really have about 242–244 trading days; 252 keeps the figures
 *   comparable with empyrical, pyfolio and most Western tools). Weekly data: 52, monthly: 12.
 * - annualReturn = (∏(1 + r))^(periods / n) − 1, n = all rows; annualVolatility = std(ddof 1) · √periods.
 * - sharpe = mean(r − rf) / std(r − rf, ddof 1) · √periods, rf per period (default 0).
 * - sortino = mean(r − rf) · periods / downsideRisk, downsideRisk = √(mean over ALL present periods of
 *   min(r − rf, 0)²) · √periods: the risk-free rate is also the required return.
 * - maxDrawdown counts the starting capital as a peak; calmar = annualReturn / |maxDrawdown|, NaN if maxDrawdown = 0.
 * - beta = cov(r, b) / var(b) over the periods where both are present (ddof 1 in both, so the ratio equals empyrical's);
 *   NaN when var(b) < 1e-30. alpha = (1 + mean(r − rf − beta·(b − rf)))^periods − 1 (empyrical ≥ 0.5 compounds).
 * - informationRatio = mean(r − b) / std(r − b, ddof 1) · √periods — annualised, unlike empyrical's excess_sharpe,
 *   so it sits on the same scale as the Sharpe ratio (against a zero benchmark the two are equal).
 * - psr: Bailey & López de Prado (2012), benchmark Sharpe 0: Φ(SR·√(n − 1) / √(1 − γ₃·SR + (γ₄ − 1)/4·SR²)) with SR the
 *   non-annualised Sharpe (ddof 1), γ₃, γ₄ the population skewness and raw kurtosis (scipy defaults), n the present
 *   periods.
 * - Degenerate series give NaN or ±Infinity, never an exception: fewer than 2 present returns → NaN for volatility,
 *   Sharpe, Sortino and PSR (empyrical gives Sortino +inf for [NaN, 0.01]; we give NaN like its Sharpe); zero std →
 *   ±Infinity (NaN for a zero mean); no benchmark or fewer than 2 paired periods → alpha, beta and IR NaN.
 */
import type { NavPoint, StrategyMetrics } from "@/lib/domain/quant/types";
import { drawdownEpisodes, maxDrawdown } from "@/lib/domain/quant/metrics-drawdown";
import { isPresent, mean, moments, normalCdf, presentValues, std } from "@/lib/domain/quant/metrics-stats";

export { drawdownSeries, maxDrawdown } from "@/lib/domain/quant/metrics-drawdown";
export { normalCdf } from "@/lib/domain/quant/metrics-stats";

export const DEFAULT_PERIODS = 252;

export interface MetricsOptions {
  /** return periods per year: 252 daily (default), 52 weekly, 12 monthly */
  periods?: number;
  /** risk-free rate per period (default 0); also the required return of the Sortino ratio */
  riskFree?: number;
  /** benchmark returns, aligned by position with the returns */
  benchmark?: readonly (number | null)[];
  /** the date of each return (same length as the returns); needed for drawdown dates and episodes */
  dates?: readonly string[];
  /** the date of the starting capital (the NAV before the first return); names a drawdown peak at the start */
  startDate?: string;
}

type Returns = readonly (number | null)[];

function periodsOf(periods: number | undefined): number {
  return periods === undefined ? DEFAULT_PERIODS : periods > 0 && Number.isFinite(periods) ? periods : NaN;
}

function riskFreeOf(rf: number | undefined): number {
  return rf === undefined ? 0 : Number.isFinite(rf) ? rf : NaN;
}

/** ∏(1 + r) − 1 with missing returns as 0; NaN for an empty series. */
export function cumulativeReturn(returns: Returns): number {
  if (returns.length === 0) return NaN;
  let w = 1;
  for (const r of returns) w *= 1 + (isPresent(r) ? r : 0);
  return w - 1;
}

/** CAGR over n / periods years, n counting every row (missing ones too). */
export function annualReturn(returns: Returns, periods = DEFAULT_PERIODS): number {
  if (returns.length === 0) return NaN;
  return Math.pow(1 + cumulativeReturn(returns), periodsOf(periods) / returns.length) - 1;
}

export function annualVolatility(returns: Returns, periods = DEFAULT_PERIODS): number {
  return std(presentValues(returns), 1) * Math.sqrt(periodsOf(periods));
}

function ratio(numerator: number, denominator: number): number {
  // x / 0 = ±Infinity and 0 / 0 = NaN, as numpy divides
  return numerator / denominator;
}

export function sharpeRatio(returns: Returns, options: { periods?: number; riskFree?: number } = {}): number {
  const rf = riskFreeOf(options.riskFree);
  const excess = presentValues(returns).map((r) => r - rf);
  if (excess.length < 2) return NaN;
  return ratio(mean(excess), std(excess, 1)) * Math.sqrt(periodsOf(options.periods));
}

/** Annualised downside deviation below `requiredReturn` (per period), averaged over all present periods. */
export function downsideRisk(returns: Returns, requiredReturn = 0, periods = DEFAULT_PERIODS): number {
  const xs = presentValues(returns);
  if (xs.length === 0) return NaN;
  const req = riskFreeOf(requiredReturn);
  return Math.sqrt(mean(xs.map((r) => Math.min(r - req, 0) ** 2))) * Math.sqrt(periodsOf(periods));
}

export function sortinoRatio(returns: Returns, options: { periods?: number; requiredReturn?: number } = {}): number {
  const req = riskFreeOf(options.requiredReturn);
  const xs = presentValues(returns);
  if (xs.length < 2) return NaN;
  const periods = periodsOf(options.periods);
  return ratio(mean(xs.map((r) => r - req)) * periods, downsideRisk(xs, req, periods));
}

/** annualReturn / |maxDrawdown|; NaN when there is no drawdown or the ratio is infinite (as empyrical). */
export function calmarRatio(returns: Returns, periods = DEFAULT_PERIODS): number {
  const mdd = maxDrawdown(returns);
  if (!(mdd < 0)) return NaN;
  const value = annualReturn(returns, periods) / Math.abs(mdd);
  return Number.isFinite(value) ? value : NaN;
}

/** Positions where both the return and the benchmark are present. */
function pairs(returns: Returns, benchmark: Returns): { r: number[]; b: number[] } {
  const r: number[] = [];
  const b: number[] = [];
  const n = Math.min(returns.length, benchmark.length);
  for (let i = 0; i < n; i++) {
    const x = returns[i];
    const y = benchmark[i];
    if (isPresent(x) && isPresent(y)) {
      r.push(x);
      b.push(y);
    }
  }
  return { r, b };
}

export function alphaBeta(
  returns: Returns,
  benchmark: Returns | undefined,
  options: { periods?: number; riskFree?: number } = {},
): { alpha: number; beta: number } {
  if (!benchmark) return { alpha: NaN, beta: NaN };
  const { r, b } = pairs(returns, benchmark);
  if (r.length < 2) return { alpha: NaN, beta: NaN };
  const mr = mean(r);
  const mb = mean(b);
  let cov = 0;
  let varB = 0;
  for (let i = 0; i < r.length; i++) {
    const db = b[i]! - mb;
    cov += db * (r[i]! - mr);
    varB += db * db;
  }
  // empyrical treats a benchmark variance (ddof 0) under 1e-30 as none at all
  if (varB / r.length < 1e-30) return { alpha: NaN, beta: NaN };
  const beta = cov / varB;
  const rf = riskFreeOf(options.riskFree);
  const alpha = Math.pow(1 + mean(r.map((x, i) => x - rf - beta * (b[i]! - rf))), periodsOf(options.periods)) - 1;
  return { alpha, beta };
}

export function informationRatio(returns: Returns, benchmark: Returns | undefined, periods = DEFAULT_PERIODS): number {
  if (!benchmark) return NaN;
  const { r, b } = pairs(returns, benchmark);
  if (r.length < 2) return NaN;
  const active = r.map((x, i) => x - b[i]!);
  return ratio(mean(active), std(active, 1)) * Math.sqrt(periodsOf(periods));
}

/** Probabilistic Sharpe Ratio against a benchmark Sharpe of 0 (see the module comment). */
export function probabilisticSharpeRatio(returns: Returns, options: { riskFree?: number } = {}): number {
  const rf = riskFreeOf(options.riskFree);
  const excess = presentValues(returns).map((r) => r - rf);
  const n = excess.length;
  if (n < 2) return NaN;
  const sd = std(excess, 1);
  const m = mean(excess);
  if (Number.isNaN(sd) || Number.isNaN(m)) return NaN;
  if (sd === 0) return m > 0 ? 1 : m < 0 ? 0 : NaN;
  const sr = m / sd;
  const { skewness, kurtosis } = moments(excess);
  const radicand = Math.max(0, 1 - skewness * sr + ((kurtosis - 1) / 4) * sr * sr);
  return normalCdf((sr * Math.sqrt(n - 1)) / Math.sqrt(radicand));
}

/** Share of present periods with a positive return; NaN when none is present. */
export function winRate(returns: Returns): number {
  const xs = presentValues(returns);
  if (xs.length === 0) return NaN;
  return xs.filter((r) => r > 0).length / xs.length;
}

export function computeMetrics(returns: Returns, options: MetricsOptions = {}): StrategyMetrics {
  const periods = periodsOf(options.periods);
  const riskFree = riskFreeOf(options.riskFree);
  const dates = options.dates && options.dates.length === returns.length ? options.dates : undefined;
  const episodes = drawdownEpisodes(returns, dates, options.startDate);
  const deepest = episodes[0];
  const { alpha, beta } = alphaBeta(returns, options.benchmark, { periods, riskFree });
  const mdd = maxDrawdown(returns);
  return {
    cumulativeReturn: cumulativeReturn(returns),
    annualReturn: annualReturn(returns, periods),
    annualVolatility: annualVolatility(returns, periods),
    sharpe: sharpeRatio(returns, { periods, riskFree }),
    sortino: sortinoRatio(returns, { periods, requiredReturn: riskFree }),
    calmar: calmarRatio(returns, periods),
    maxDrawdown: mdd,
    maxDrawdownPeak: deepest?.peakDate ?? null,
    maxDrawdownTrough: deepest?.troughDate ?? null,
    maxDrawdownRecovery: deepest?.recoveryDate ?? null,
    drawdownEpisodes: episodes,
    dailyWinRate: winRate(returns),
    alpha,
    beta,
    informationRatio: informationRatio(returns, options.benchmark, periods),
    psr: probabilisticSharpeRatio(returns, { riskFree }),
    periods: returns.length,
  };
}

/**
 * Simple returns between consecutive NAV points (sorted by date first). `dates[i]` is the date of `returns[i]` (the
 * later NAV); `startDate` is the first NAV's date — pass it to computeMetrics so a drawdown from the start is dated.
 * A step whose earlier NAV is not a positive finite number gives NaN (a missing return).
 */
export function returnsFromNav(nav: readonly NavPoint[]): { dates: string[]; returns: number[]; startDate: string | null } {
  const sorted = [...nav].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const dates: string[] = [];
  const returns: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!.nav;
    const cur = sorted[i]!.nav;
    dates.push(sorted[i]!.date);
    returns.push(prev > 0 && Number.isFinite(prev) && Number.isFinite(cur) ? cur / prev - 1 : NaN);
  }
  return { dates, returns, startDate: sorted[0]?.date ?? null };
}

/** Compounded return per calendar month `YYYY-MM` (from the first 7 characters of each date), months ascending. */
export function monthlyReturns(dates: readonly string[], returns: Returns): { month: string; return: number }[] {
  const byMonth = new Map<string, number>();
  const n = Math.min(dates.length, returns.length);
  for (let i = 0; i < n; i++) {
    const month = dates[i]!.slice(0, 7);
    const r = returns[i];
    byMonth.set(month, (byMonth.get(month) ?? 1) * (1 + (isPresent(r) ? r : 0)));
  }
  return [...byMonth.keys()].sort().map((month) => ({ month, return: byMonth.get(month)! - 1 }));
}
