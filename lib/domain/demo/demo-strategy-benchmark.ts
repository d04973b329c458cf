import { DEMO_TODAY } from "@/lib/domain/demo/demo-market";
import { gaussian, hashString, mulberry32 } from "@/lib/domain/demo/prng";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { NavPoint } from "@/lib/domain/quant/types";

/**
 * A made-up 沪深300 index (pages label it 模拟行情) and the seeded NAV process of the demo strategies that are not
 * simulated from fills. Everything is deterministic; every day draws the same number of random values, so a date's
 * level never depends on the range asked for.
 */
export const DEMO_BENCHMARK = { code: "000300", name: "沪深300", from: "2021-01-04", to: DEMO_TODAY } as const;

const BENCHMARK_SEED = 300_300;
/** the level the series starts from (the real close of 2020-12-31) */
const PREVIOUS_CLOSE = 5211.29;
const TRADING_DAYS_PER_YEAR = 243;
/** volatility regime: log-vol follows an AR(1) around a 1.2% day */
const BASE_VOLATILITY = 0.0118;
const REGIME_PERSISTENCE = 0.97;
const REGIME_SPREAD = 0.3;
/** pull toward a slowly cycling anchor, so six years stay in a realistic 4000–5500 band */
const MEAN_REVERSION = 0.025;
const ANCHOR_MID = 4760;
const ANCHOR_SWING = 330;
const ANCHOR_CYCLE_YEARS = 3.3;

let cachedSeries: readonly NavPoint[] | null = null;

function benchmarkSeries(): readonly NavPoint[] {
  if (cachedSeries) return cachedSeries;
  const random = mulberry32(BENCHMARK_SEED);
  let level = PREVIOUS_CLOSE;
  let regime = 0;
  const points: NavPoint[] = [];
  defaultCalendar.tradingDays(DEMO_BENCHMARK.from, DEMO_BENCHMARK.to).forEach((date, index) => {
    const [u1, u2, u3, u4] = [random(), random(), random(), random()];
    const years = index / TRADING_DAYS_PER_YEAR;
    const anchor = ANCHOR_MID + ANCHOR_SWING * Math.cos((2 * Math.PI * years) / ANCHOR_CYCLE_YEARS);
    regime =
      REGIME_PERSISTENCE * regime + REGIME_SPREAD * Math.sqrt(1 - REGIME_PERSISTENCE ** 2) * gaussian(u3, u4);
    const volatility = BASE_VOLATILITY * Math.exp(regime - REGIME_SPREAD ** 2 / 2);
    const logReturn = MEAN_REVERSION * Math.log(anchor / level) + volatility * gaussian(u1, u2);
    level = Math.round(level * Math.exp(logReturn) * 100) / 100;
    points.push({ date, nav: level });
  });
  cachedSeries = points;
  return points;
}

/** The demo 沪深300 closes (index points) on the trading days from `from` to `to`, inside DEMO_BENCHMARK's span. */
export function demoBenchmarkNav(from: string, to: string): NavPoint[] {
  return benchmarkSeries()
    .filter((p) => p.date >= from && p.date <= to)
    .map((p) => ({ ...p }));
}

/** The benchmark's simple return on each trading day from `from` to `to` (the first day against the day before). */
export function demoBenchmarkReturns(from: string, to: string): { date: string; value: number }[] {
  const series = benchmarkSeries();
  const result: { date: string; value: number }[] = [];
  series.forEach((point, index) => {
    if (point.date < from || point.date > to) return;
    const previous = index === 0 ? PREVIOUS_CLOSE : (series[index - 1] as NavPoint).nav;
    result.push({ date: point.date, value: point.nav / previous - 1 });
  });
  return result;
}

export interface CorrelatedNavOptions {
  /** seeds the idiosyncratic part */
  seed: string;
  from: string;
  to: string;
  /** exposure to the benchmark's daily return */
  beta: number;
  /** daily volatility of the part the benchmark does not explain */
  idiosyncraticVolatility: number;
  /** the annualised return the series is steered to (a constant daily drift is added) */
  annualReturn: number;
}

/**
 * A NAV that starts at 1.0 on the first trading day and then moves by beta × the benchmark's return plus seeded
 * noise, with a constant drift chosen so the whole series compounds to `annualReturn` a year.
 */
export function correlatedNav(options: CorrelatedNavOptions): NavPoint[] {
  const benchmark = demoBenchmarkReturns(options.from, options.to);
  if (benchmark.length === 0) return [];
  const random = mulberry32(hashString(options.seed));
  const logReturns = benchmark.slice(1).map((day) => {
    const noise = options.idiosyncraticVolatility * gaussian(random(), random());
    return Math.log(Math.max(0.01, 1 + options.beta * day.value + noise));
  });
  const periods = logReturns.length;
  const target = (periods / TRADING_DAYS_PER_YEAR) * Math.log(1 + options.annualReturn);
  const drift = periods === 0 ? 0 : (target - logReturns.reduce((sum, r) => sum + r, 0)) / periods;
  let logNav = 0;
  const first = benchmark[0] as { date: string };
  return [
    { date: first.date, nav: 1 },
    ...benchmark.slice(1).map((day, index) => {
      logNav += (logReturns[index] as number) + drift;
      return { date: day.date, nav: Math.round(Math.exp(logNav) * 1e6) / 1e6 };
    }),
  ];
}
