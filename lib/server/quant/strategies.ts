import "server-only";
import { and, asc, desc, eq, inArray, lte, max, sql } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { marketAsOf } from "@/lib/server/market/as-of";
import { benchmarkLevels, marketBars, strategies, strategyFills, strategyNav, strategyPositions } from "@/lib/db/schema";
import { isLimitUp, limitRatio } from "@/lib/domain/market/limits";
import { computeMetrics, drawdownSeries, monthlyReturns, returnsFromNav } from "@/lib/domain/quant/metrics";
import type { NavPoint, StrategyFill, StrategyMetrics, StrategyPosition, StrategyStatus } from "@/lib/domain/quant/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { CSI300_CODE } from "@/lib/server/market/providers/types";
import { realtradeAccess } from "./access";
import { findStrategy, type StrategyRecord } from "./find-strategy";
import { followState, type FollowState } from "./follows";

/** A strategy is ranked (sorted by its metrics, shown on the home page) only with at least this many NAV periods. */
export const MIN_TRACK_DAYS = 60;
/** The benchmark every strategy is measured against unless its profile names another: 沪深300. */
export const DEFAULT_BENCHMARK = "000300";
export const DETAIL_FILLS = 50;

export const STRATEGY_SORT_KEYS = ["annualReturn", "maxDrawdown", "sharpe", "dailyWinRate", "cumulativeReturn", "startDate"] as const;
export type StrategySortKey = (typeof STRATEGY_SORT_KEYS)[number];

export interface StrategyRow {
  guid: string;
  name: string;
  author: string;
  /** a backtest is never 实盘: the page shows the status beside every row */
  status: StrategyStatus;
  startDate: string;
  isDemo: boolean;
  style: string;
  annualReturn: number;
  cumulativeReturn: number;
  maxDrawdown: number;
  sharpe: number;
  dailyWinRate: number;
  /** NAV return periods */
  periods: number;
  lastNavDate: string | null;
  /** periods ≥ MIN_TRACK_DAYS */
  ranked: boolean;
}

export interface StrategyProfile {
  guid: string;
  name: string;
  author: string;
  description: string;
  style: string;
  /** index code of the benchmark (000300 = 沪深300) */
  benchmark: string;
  status: StrategyStatus;
  startDate: string;
  isDemo: boolean;
}

/** "000300.SH" → "000300": benchmark levels are stored by bare code. */
export function benchmarkCode(profileBenchmark: string | null | undefined): string {
  const code = (profileBenchmark ?? "").trim().replace(/\.(SH|SZ|CSI)$/i, "");
  return code || DEFAULT_BENCHMARK;
}

/** Benchmarks the market sync stores as index bars in market_bars: 沪深300 under "000300.SH". */
const INDEX_BAR_CODES: Readonly<Record<string, string>> = { [DEFAULT_BENCHMARK]: CSI300_CODE };

type Runner = Pick<Database, "select" | "selectDistinct">;

// ---------------------------------------------------------------------------------------------------------------
// Metrics, cached per strategy by (NAV count, last NAV date, benchmark stamp)

interface CachedMetrics {
  key: string;
  metrics: StrategyMetrics;
}

const metricsCache = new Map<string, CachedMetrics>();

/** Forgets the cached metrics (tests; an administrator deleting NAV rows keeps count and last date only by chance). */
export function clearStrategyMetricsCache(): void {
  metricsCache.clear();
}

/** What the benchmarks' levels depend on: the stored levels and the synced index bars, per benchmark code. */
async function benchmarkStamps(runner: Runner): Promise<Map<string, string>> {
  const rows = await runner
    .select({ code: benchmarkLevels.code, n: sql<number>`count(*)::int`, last: sql<string>`max(${benchmarkLevels.tradeDate})::text` })
    .from(benchmarkLevels)
    .groupBy(benchmarkLevels.code);
  const stamps = new Map(rows.map((r) => [r.code, `${r.n}|${r.last}`]));
  for (const [code, barCode] of Object.entries(INDEX_BAR_CODES)) {
    const span = await indexBarSpan(runner, barCode);
    if (span) stamps.set(code, `${stamps.get(code) ?? ""}|bars:${span.n}|${span.first}|${span.last}`);
  }
  return stamps;
}

async function indexBarSpan(runner: Runner, barCode: string): Promise<{ n: number; first: string; last: string } | null> {
  const [span] = await runner
    .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${marketBars.tradeDate})::text`, last: sql<string | null>`max(${marketBars.tradeDate})::text` })
    .from(marketBars)
    .where(eq(marketBars.code, barCode));
  return span?.first && span.last ? { n: Number(span.n), first: span.first, last: span.last } : null;
}

async function navStamps(runner: Runner, guids?: string[]): Promise<Map<string, { n: number; last: string }>> {
  const rows = await runner
    .select({ guid: strategyNav.strategyGuid, n: sql<number>`count(*)::int`, last: sql<string>`max(${strategyNav.tradeDate})::text` })
    .from(strategyNav)
    .where(guids ? inArray(strategyNav.strategyGuid, guids) : undefined)
    .groupBy(strategyNav.strategyGuid);
  return new Map(rows.map((r) => [r.guid, { n: Number(r.n), last: r.last }]));
}

async function loadNav(runner: Runner, guids: string[]): Promise<Map<string, NavPoint[]>> {
  const out = new Map<string, NavPoint[]>();
  if (guids.length === 0) return out;
  const rows = await runner
    .select({ guid: strategyNav.strategyGuid, date: strategyNav.tradeDate, nav: strategyNav.nav })
    .from(strategyNav)
    .where(inArray(strategyNav.strategyGuid, guids))
    .orderBy(asc(strategyNav.strategyGuid), asc(strategyNav.tradeDate));
  for (const r of rows) {
    let list = out.get(r.guid);
    if (!list) out.set(r.guid, (list = []));
    list.push({ date: r.date, nav: Number(r.nav) });
  }
  return out;
}

interface BenchmarkLevels {
  /** index level (close) by trade date */
  levels: Map<string, number>;
  /** some level is made up (the demo's 沪深300): the page says 模拟 */
  synthetic: boolean;
}

/**
 * The benchmark's closes over [from, to]: the synced index bars (market_bars, e.g. 000300.SH) when they cover the whole
 * span, so returns are the real index's close-to-close; otherwise the stored levels (benchmark_levels: imported, or
 * the demo's synthetic series).
 */
async function loadBenchmark(runner: Runner, code: string, from: string, to: string): Promise<BenchmarkLevels> {
  const barCode = INDEX_BAR_CODES[code];
  const span = barCode ? await indexBarSpan(runner, barCode) : null;
  if (barCode && span && span.first <= from && span.last >= to) {
    const bars = await runner
      .select({ date: marketBars.tradeDate, close: marketBars.close })
      .from(marketBars)
      .where(and(eq(marketBars.code, barCode), sql`${marketBars.tradeDate} between ${from} and ${to}`));
    return { levels: new Map(bars.map((b) => [b.date, Number(b.close)])), synthetic: false };
  }
  const rows = await runner
    .select({ date: benchmarkLevels.tradeDate, level: benchmarkLevels.level, synthetic: benchmarkLevels.isSynthetic })
    .from(benchmarkLevels)
    .where(and(eq(benchmarkLevels.code, code), sql`${benchmarkLevels.tradeDate} between ${from} and ${to}`));
  return { levels: new Map(rows.map((r) => [r.date, Number(r.level)])), synthetic: rows.some((r) => r.synthetic) };
}

/** The benchmark's return over each NAV step, where the benchmark has a level on both dates (null otherwise). */
export function alignedBenchmarkReturns(nav: readonly NavPoint[], levels: ReadonlyMap<string, number>): (number | null)[] {
  const sorted = [...nav].sort((a, b) => a.date.localeCompare(b.date));
  const out: (number | null)[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const prev = levels.get(sorted[i - 1]!.date);
    const cur = levels.get(sorted[i]!.date);
    out.push(prev !== undefined && cur !== undefined && prev > 0 ? cur / prev - 1 : null);
  }
  return out;
}

/** The benchmark on the NAV's dates, rebased to the strategy's first NAV (both lines start together on the chart). */
export function rebasedBenchmark(nav: readonly NavPoint[], levels: ReadonlyMap<string, number>): NavPoint[] {
  const sorted = [...nav].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted.find((p) => levels.has(p.date));
  if (!first) return [];
  const base = levels.get(first.date)!;
  const start = sorted[0]!.nav;
  return sorted.filter((p) => levels.has(p.date)).map((p) => ({ date: p.date, nav: (start * levels.get(p.date)!) / base }));
}

function metricsOf(nav: readonly NavPoint[], levels: ReadonlyMap<string, number>): StrategyMetrics {
  const { dates, returns, startDate } = returnsFromNav(nav);
  return computeMetrics(returns, { dates, startDate: startDate ?? undefined, benchmark: alignedBenchmarkReturns(nav, levels) });
}

interface ProfileWithBenchmark {
  guid: string;
  benchmark: string;
}

/** Metrics of these strategies, from the cache when their NAV and benchmark have not changed. */
async function metricsFor(runner: Runner, profiles: ProfileWithBenchmark[], known?: Map<string, NavPoint[]>): Promise<Map<string, { metrics: StrategyMetrics; n: number; last: string | null }>> {
  const stamps = await navStamps(runner, profiles.map((p) => p.guid));
  const benchStamps = await benchmarkStamps(runner);
  const out = new Map<string, { metrics: StrategyMetrics; n: number; last: string | null }>();
  const stale: { profile: ProfileWithBenchmark; key: string }[] = [];
  for (const profile of profiles) {
    const stamp = stamps.get(profile.guid);
    const code = benchmarkCode(profile.benchmark);
    const key = `${stamp?.n ?? 0}|${stamp?.last ?? ""}|${code}:${benchStamps.get(code) ?? ""}`;
    const hit = metricsCache.get(profile.guid);
    if (hit?.key === key) out.set(profile.guid, { metrics: hit.metrics, n: stamp?.n ?? 0, last: stamp?.last ?? null });
    else stale.push({ profile, key });
  }
  if (stale.length > 0) {
    const missing = stale.map((s) => s.profile.guid).filter((g) => !known?.has(g));
    const loaded = await loadNav(runner, missing);
    for (const { profile, key } of stale) {
      const nav = known?.get(profile.guid) ?? loaded.get(profile.guid) ?? [];
      const levels = nav.length > 1 ? (await loadBenchmark(runner, benchmarkCode(profile.benchmark), nav[0]!.date, nav[nav.length - 1]!.date)).levels : new Map<string, number>();
      const metrics = metricsOf(nav, levels);
      metricsCache.set(profile.guid, { key, metrics });
      const stamp = stamps.get(profile.guid);
      out.set(profile.guid, { metrics, n: stamp?.n ?? 0, last: stamp?.last ?? null });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The list

const profileColumns = {
  guid: strategies.guid,
  name: strategies.name,
  author: strategies.author,
  description: strategies.description,
  style: strategies.style,
  benchmark: strategies.benchmark,
  status: strategies.status,
  startDate: strategies.startDate,
  isDemo: strategies.isDemo,
};

function sortValue(row: StrategyRow, key: StrategySortKey): number | string {
  return row[key];
}

/** NaN and missing values last whatever the direction; ties by name. */
export function compareRows(key: StrategySortKey, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  return (a: StrategyRow, b: StrategyRow): number => {
    if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (typeof x === "string" && typeof y === "string") return sign * x.localeCompare(y) || a.name.localeCompare(b.name, "zh");
    const xn = Number.isNaN(x as number);
    const yn = Number.isNaN(y as number);
    if (xn !== yn) return xn ? 1 : -1;
    if (!xn && x !== y) return sign * ((x as number) < (y as number) ? -1 : 1);
    return a.name.localeCompare(b.name, "zh");
  };
}

/**
 * Every strategy with its headline metrics from its NAV (vs 沪深300). Ranked rows (≥ MIN_TRACK_DAYS periods) come
 * first, sorted by the chosen metric (Sharpe, best first, by default); unranked rows follow, sorted the same way.
 * Live, paper and backtest strategies share the list; `status` tells them apart.
 */
export async function strategyList(opts: { sort?: StrategySortKey; dir?: "asc" | "desc" } = {}): Promise<StrategyRow[]> {
  const rows = await publicData("strategy-rows", ["strategies", "market"], strategyRows);
  const key = opts.sort ?? "sharpe";
  const dir = opts.dir ?? (key === "startDate" ? "asc" : "desc");
  return [...rows].sort(compareRows(key, dir));
}

async function strategyRows(): Promise<StrategyRow[]> {
  const database = await db();
  const profiles = await database.select(profileColumns).from(strategies);
  const metrics = await metricsFor(database, profiles);
  const rows = profiles.map((p): StrategyRow => {
    const m = metrics.get(p.guid)!;
    return {
      guid: p.guid,
      name: p.name,
      author: p.author,
      status: p.status,
      startDate: p.startDate,
      isDemo: p.isDemo,
      style: p.style,
      annualReturn: m.metrics.annualReturn,
      cumulativeReturn: m.metrics.cumulativeReturn,
      maxDrawdown: m.metrics.maxDrawdown,
      sharpe: m.metrics.sharpe,
      dailyWinRate: m.metrics.dailyWinRate,
      periods: m.metrics.periods,
      lastNavDate: m.last,
      ranked: m.metrics.periods >= MIN_TRACK_DAYS,
    };
  });
  return rows;
}

/**
 * The best ranked strategies by Sharpe for the home page. Backtests are left out unless asked for: a simulated
 * record is not put beside live ones as "best".
 */
export async function bestStrategiesBySharpe(n: number, opts: { includeBacktests?: boolean } = {}): Promise<StrategyRow[]> {
  const rows = await strategyList({ sort: "sharpe", dir: "desc" });
  return rows.filter((r) => r.ranked && !Number.isNaN(r.sharpe) && (opts.includeBacktests || r.status !== "backtest")).slice(0, Math.max(0, n));
}

// ---------------------------------------------------------------------------------------------------------------
// The detail

export interface Replicability {
  /** buy fills considered (up to the viewer's date) */
  entries: number;
  /** of those, entries on a 一字涨停 day (open = high = low = close at the limit-up): a follower could not have bought */
  limitUpEntries: number;
  /** buys with market bars for the day and the next trading day */
  measured: number;
  /** mean of (next trading day's open / fill price − 1) over the measured buys; null when none */
  avgNextOpenGap: number | null;
}

export interface StrategyDetail {
  profile: StrategyProfile;
  metrics: StrategyMetrics;
  nav: NavPoint[];
  /** the benchmark (沪深300) on the NAV's dates, rebased to the first NAV */
  benchmark: NavPoint[];
  benchmarkCode: string;
  /** the benchmark shown is made up (the demo's 沪深300, no synced index bars): the page labels it 模拟 */
  benchmarkSimulated: boolean;
  drawdown: { date: string; drawdown: number }[];
  monthly: { month: string; return: number }[];
  /** fills and positions are shown through this date (the 实盘 delay rule for live and paper strategies) */
  through: string | null;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
  delayed: boolean;
  /** the latest DETAIL_FILLS fills up to `through`, newest first */
  fills: StrategyFill[];
  /** the latest positions snapshot on or before `through` */
  positions: StrategyPosition[];
  positionsDate: string | null;
  replicability: Replicability;
  /** null for visitors */
  follow: FollowState | null;
  ranked: boolean;
}

/** What the page shows of a strategy's record. */
function profileOf(s: StrategyRecord): StrategyProfile {
  return { guid: s.guid, name: s.name, author: s.author, description: s.description, style: s.style, benchmark: s.benchmark, status: s.status, startDate: s.startDate, isDemo: s.isDemo };
}

/**
 * One strategy for its page, or null for an unknown guid. Live and paper fills and positions obey the 实盘 delay rule
 * (SVIP sees today, others REALTRADE_DELAY_DAYS trading days late); a backtest's simulated fills are not delayed.
 */
export async function strategyDetail(viewer: Viewer | null, guid: string, now = new Date()): Promise<StrategyDetail | null> {
  const database = await db();
  const found = await findStrategy(viewer, guid, database);
  if (!found) return null;
  const profile = profileOf(found);
  const nav = (await loadNav(database, [guid])).get(guid) ?? [];
  const code = benchmarkCode(profile.benchmark);
  const { levels, synthetic } = nav.length > 0 ? await loadBenchmark(database, code, nav[0]!.date, nav[nav.length - 1]!.date) : { levels: new Map<string, number>(), synthetic: false };
  const { metrics } = (await metricsFor(database, [profile], new Map([[guid, nav]]))).get(guid)!;
  const { dates, returns } = returnsFromNav(nav);

  const isLive = profile.status !== "backtest";
  const access = isLive ? await realtradeAccess(viewer, now) : null;
  const through = access?.through ?? null;

  const fillRows = await database
    .select()
    .from(strategyFills)
    .where(and(eq(strategyFills.strategyGuid, guid), through ? lte(strategyFills.tradeDate, through) : undefined))
    .orderBy(desc(strategyFills.tradeDate), sql`${strategyFills.tradeTime} desc nulls last`, desc(strategyFills.id))
    .limit(DETAIL_FILLS);
  const holdings = (await positionsAsOf(database, [guid], through)).get(guid);

  return {
    profile: { ...profile, benchmark: code },
    metrics,
    nav,
    benchmark: rebasedBenchmark(nav, levels),
    benchmarkCode: code,
    benchmarkSimulated: synthetic,
    drawdown: drawdownSeries(dates, returns),
    monthly: monthlyReturns(dates, returns),
    through,
    asOf: access?.asOf ?? (await marketAsOf(now)),
    delayed: access?.delayed ?? false,
    fills: fillRows.map(toFill),
    positions: holdings?.positions ?? [],
    positionsDate: holdings?.date ?? null,
    replicability: await replicability(database, guid, through),
    follow: viewer ? await followState(viewer, guid) : null,
    ranked: metrics.periods >= MIN_TRACK_DAYS,
  };
}

export function toFill(r: typeof strategyFills.$inferSelect): StrategyFill {
  return {
    date: r.tradeDate,
    time: r.tradeTime,
    code: r.code,
    name: r.name,
    side: r.side,
    quantity: Number(r.quantity),
    price: Number(r.price),
    amount: Number(r.amount),
  };
}

/**
 * Each strategy's holdings as of `day` (no limit when null): its latest positions snapshot on or before the day, unless
 * it has fills after that snapshot (a day whose snapshot has no rows, i.e. everything sold): then it holds nothing
 * known, and the result is empty with a null date.
 */
export async function positionsAsOf(runner: Runner, guids: string[], day: string | null): Promise<Map<string, { date: string | null; positions: StrategyPosition[] }>> {
  const out = new Map<string, { date: string | null; positions: StrategyPosition[] }>();
  if (guids.length === 0) return out;
  const snapshots = await runner
    .select({ guid: strategyPositions.strategyGuid, date: max(strategyPositions.tradeDate) })
    .from(strategyPositions)
    .where(and(inArray(strategyPositions.strategyGuid, guids), day ? lte(strategyPositions.tradeDate, day) : undefined))
    .groupBy(strategyPositions.strategyGuid);
  const lastFills = await runner
    .select({ guid: strategyFills.strategyGuid, date: max(strategyFills.tradeDate) })
    .from(strategyFills)
    .where(and(inArray(strategyFills.strategyGuid, guids), day ? lte(strategyFills.tradeDate, day) : undefined))
    .groupBy(strategyFills.strategyGuid);
  const lastFill = new Map(lastFills.map((f) => [f.guid, f.date]));
  for (const guid of guids) out.set(guid, { date: null, positions: [] });
  const current = snapshots.filter((s): s is { guid: string; date: string } => !!s.date && !((lastFill.get(s.guid) ?? "") > s.date));
  for (const date of new Set(current.map((s) => s.date))) {
    const on = current.filter((s) => s.date === date).map((s) => s.guid);
    for (const { guid, position } of await positionsOn(runner, on, date)) {
      const entry = out.get(guid)!;
      entry.date = date;
      entry.positions.push(position);
    }
  }
  return out;
}

/** Positions of these strategies on exactly `date`, by strategy then code. */
export async function positionsOn(runner: Runner, guids: string[], date: string): Promise<{ guid: string; position: StrategyPosition }[]> {
  if (guids.length === 0) return [];
  const rows = await runner
    .select()
    .from(strategyPositions)
    .where(and(inArray(strategyPositions.strategyGuid, guids), eq(strategyPositions.tradeDate, date)))
    .orderBy(asc(strategyPositions.strategyGuid), asc(strategyPositions.code));
  return rows.map((r) => ({
    guid: r.strategyGuid,
    position: { date: r.tradeDate, code: r.code, name: r.name, quantity: Number(r.quantity), cost: Number(r.cost), price: r.price === null ? null : Number(r.price) },
  }));
}

/**
 * Could a follower have copied the strategy's entries? Each buy up to `through` is matched with its day's bar (and the
 * previous close, for the limit) and the next bar's open.
 */
export async function replicability(runner: Runner, guid: string, through: string | null): Promise<Replicability> {
  const buyFilter = and(eq(strategyFills.strategyGuid, guid), eq(strategyFills.side, "buy"), through ? lte(strategyFills.tradeDate, through) : undefined);
  const codes = runner.selectDistinct({ code: strategyFills.code }).from(strategyFills).where(buyFilter);
  const bars = runner
    .select({
      code: marketBars.code,
      tradeDate: marketBars.tradeDate,
      open: marketBars.open,
      high: marketBars.high,
      low: marketBars.low,
      close: marketBars.close,
      prevClose: sql<string | null>`lag(${marketBars.close}) over (partition by ${marketBars.code} order by ${marketBars.tradeDate})`.as("prev_close"),
      nextOpen: sql<string | null>`lead(${marketBars.open}) over (partition by ${marketBars.code} order by ${marketBars.tradeDate})`.as("next_open"),
    })
    .from(marketBars)
    .where(inArray(marketBars.code, codes))
    .as("b");
  const rows = await runner
    .select({
      code: strategyFills.code,
      name: strategyFills.name,
      date: strategyFills.tradeDate,
      price: strategyFills.price,
      open: bars.open,
      high: bars.high,
      low: bars.low,
      close: bars.close,
      prevClose: bars.prevClose,
      nextOpen: bars.nextOpen,
    })
    .from(strategyFills)
    .leftJoin(bars, and(eq(bars.code, strategyFills.code), eq(bars.tradeDate, strategyFills.tradeDate)))
    .where(buyFilter);
  let limitUpEntries = 0;
  let measured = 0;
  let gapSum = 0;
  for (const r of rows) {
    if (r.close === null || r.open === null || r.high === null || r.low === null) continue;
    const [open, high, low, close] = [Number(r.open), Number(r.high), Number(r.low), Number(r.close)];
    const prevClose = r.prevClose === null ? null : Number(r.prevClose);
    if (open === high && high === low && low === close && prevClose !== null && prevClose > 0) {
      const ratio = limitRatio(r.code, r.date, { name: r.name });
      if (ratio !== null && isLimitUp(close, prevClose, ratio)) limitUpEntries++;
    }
    const price = Number(r.price);
    if (r.nextOpen !== null && price > 0) {
      measured++;
      gapSum += Number(r.nextOpen) / price - 1;
    }
  }
  return { entries: rows.length, limitUpEntries, measured, avgNextOpenGap: measured > 0 ? gapSum / measured : null };
}
