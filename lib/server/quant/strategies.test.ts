import { db } from "@/lib/db";
import { benchmarkLevels, marketBars, strategies, strategyFills, strategyNav, strategyPositions } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { StrategyStatus } from "@/lib/domain/quant/types";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { realtradeAccess, realtradeThrough, REALTRADE_DELAY_DAYS } from "./access";
import { realtradeDay } from "./realtrade";
import { bestStrategiesBySharpe, MIN_TRACK_DAYS, strategyDetail, strategyList } from "./strategies";

const viewerAt = (levelId: number, role: Viewer["role"] = "member"): Viewer => ({
  userId: "00000000-0000-4000-8000-000000000001",
  role,
  userInfo: { levelId } as UserInfo,
});
const FREE = viewerAt(0);
const VIP = viewerAt(100);
const SVIP = viewerAt(200);
const STAFF = viewerAt(0, "editor");

/** Friday 2026-11-20, 10:00 in Shanghai */
const NOW = new Date("2026-11-20T02:00:00Z");
const TODAY = "2026-11-20";
const LATE = "2026-11-13"; // five sessions before Friday the 20th

async function addStrategy(name: string, status: StrategyStatus, startDate = "2026-01-05"): Promise<string> {
  const [row] = await (await db()).insert(strategies).values({ name, author: "测试", status, startDate }).returning({ guid: strategies.guid });
  return row!.guid;
}

/** NAV on `n + 1` consecutive trading days ending on `last`, from 1.0, following `step(i)` returns. */
async function addNav(guid: string, n: number, step: (i: number) => number, last = "2026-10-30"): Promise<void> {
  const days = [last];
  while (days.length < n + 1) days.unshift(defaultCalendar.previous(days[0]!));
  let nav = 1;
  const rows = days.map((date, i) => {
    if (i > 0) nav *= 1 + step(i);
    return { strategyGuid: guid, tradeDate: date, nav: Math.round(nav * 1e8) / 1e8 };
  });
  await (await db()).insert(strategyNav).values(rows);
}

function fill(guid: string, date: string, side: "buy" | "sell", price: number, code = "600519", name = "贵州茅台") {
  return { strategyGuid: guid, tradeDate: date, tradeTime: "09:31:00", code, name, side, quantity: 100, price, amount: price * 100 };
}

describeOnEachEngine("quant: the 实盘 delay rule, detail and realtrade", () => {
  it("shows SVIP and staff today, everyone else five trading days late", async () => {
    expect(REALTRADE_DELAY_DAYS).toBe(5);
    expect(await realtradeThrough(SVIP, NOW)).toBe(TODAY);
    expect(await realtradeThrough(STAFF, NOW)).toBe(TODAY);
    for (const viewer of [null, FREE, VIP]) expect(await realtradeThrough(viewer, NOW)).toBe(LATE);
    // On a Sunday the latest session is Friday's.
    expect((await realtradeAccess(FREE, new Date("2026-11-22T02:00:00Z"))).through).toBe(LATE);
    expect((await realtradeAccess(SVIP, new Date("2026-11-22T02:00:00Z"))).delayed).toBe(false);
  });

  it("keeps fills after the viewer's date out of the day, the detail and the day list; never shows backtests", async () => {
    const database = await db();
    const live = await addStrategy("实盘甲", "live");
    const backtest = await addStrategy("回测乙", "backtest");
    await database.insert(strategyFills).values([
      fill(live, "2026-11-12", "buy", 110),
      fill(live, TODAY, "sell", 120),
      fill(backtest, "2026-11-12", "buy", 110),
      fill(backtest, TODAY, "sell", 120),
    ]);
    await database.insert(strategyPositions).values([
      { strategyGuid: live, tradeDate: "2026-11-12", code: "600519", name: "贵州茅台", quantity: 100, cost: 110, price: 110 },
      { strategyGuid: backtest, tradeDate: "2026-11-12", code: "600519", name: "贵州茅台", quantity: 100, cost: 110, price: 110 },
    ]);

    const svip = await realtradeDay(SVIP, undefined, NOW);
    expect(svip).toMatchObject({ date: TODAY, through: TODAY, delayed: false, locked: false, days: [TODAY, "2026-11-12"] });
    expect(svip!.groups.map((g) => g.name)).toEqual(["实盘甲"]);
    expect(svip!.groups[0]!.fills.map((f) => f.side)).toEqual(["sell"]);
    // sold everything after the last snapshot: no stale holdings
    expect(svip!.groups[0]!.positions).toEqual([]);

    for (const viewer of [null, FREE, VIP]) {
      const day = await realtradeDay(viewer, undefined, NOW);
      expect(day).toMatchObject({ date: "2026-11-12", through: LATE, delayed: true, locked: false, days: ["2026-11-12"] });
      expect(day!.groups).toHaveLength(1);
      expect(day!.groups[0]!.positions.map((p) => p.code)).toEqual(["600519"]);
      const later = await realtradeDay(viewer, TODAY, NOW);
      expect(later).toMatchObject({ date: TODAY, locked: true, groups: [] });
      expect(JSON.stringify(later)).not.toContain("120");
    }
    expect(await realtradeDay(FREE, "2026-13-45", NOW)).toBeNull();
    expect(await realtradeDay(FREE, "yesterday", NOW)).toBeNull();

    const freeDetail = await strategyDetail(FREE, live, NOW);
    expect(freeDetail).toMatchObject({ through: LATE, delayed: true, positionsDate: "2026-11-12" });
    expect(freeDetail!.fills.map((f) => f.date)).toEqual(["2026-11-12"]);
    const svipDetail = await strategyDetail(SVIP, live, NOW);
    expect(svipDetail!.fills.map((f) => f.date)).toEqual([TODAY, "2026-11-12"]);
    expect(svipDetail!.positions).toEqual([]);
    // A backtest's simulated fills are not 实盘: not delayed.
    const backtestDetail = await strategyDetail(FREE, backtest, NOW);
    expect(backtestDetail).toMatchObject({ through: null, delayed: false });
    expect(backtestDetail!.fills).toHaveLength(2);

    expect(await strategyDetail(FREE, "00000000-0000-4000-8000-00000000dead", NOW)).toBeNull();
    expect(await strategyDetail(FREE, "not-a-guid", NOW)).toBeNull();
  });

  it("counts 一字涨停 entries as not replicable and averages the next-open gap", async () => {
    const database = await db();
    const guid = await addStrategy("打板丙", "paper");
    const bar = (code: string, tradeDate: string, o: number, h: number, l: number, c: number) => ({ code, tradeDate, open: o, high: h, low: l, close: c, volume: 1000 });
    await database.insert(marketBars).values([
      bar("600519", "2026-11-10", 100, 101, 99, 100),
      bar("600519", "2026-11-11", 100, 101, 99, 100),
      bar("600519", "2026-11-12", 110, 110, 110, 110), // 一字涨停 from 100
      bar("600519", "2026-11-13", 115, 116, 112, 113),
      bar("000001", "2026-11-10", 10, 10.5, 9.9, 10),
      bar("000001", "2026-11-11", 10.2, 10.6, 10, 10.5),
      bar("000001", "2026-11-12", 10.4, 10.8, 10.3, 10.6),
      bar("000001", "2026-11-13", 10.7, 10.9, 10.5, 10.8),
    ]);
    await database.insert(strategyFills).values([
      fill(guid, "2026-11-12", "buy", 110),
      fill(guid, "2026-11-11", "buy", 10.5, "000001", "平安银行"),
      fill(guid, "2026-11-13", "sell", 113),
    ]);
    const detail = await strategyDetail(SVIP, guid, NOW);
    expect(detail!.replicability.entries).toBe(2);
    expect(detail!.replicability.limitUpEntries).toBe(1);
    expect(detail!.replicability.measured).toBe(2);
    expect(detail!.replicability.avgNextOpenGap).toBeCloseTo((115 / 110 - 1 + (10.4 / 10.5 - 1)) / 2, 10);
    // The free viewer's replicability counts only the buys it may see (through the 13th: both).
    expect((await strategyDetail(FREE, guid, NOW))!.replicability.entries).toBe(2);
  });
});

describeOnEachEngine("quant: the strategy list", () => {
  it("ranks strategies with at least MIN_TRACK_DAYS periods by the chosen metric, unranked after", async () => {
    expect(MIN_TRACK_DAYS).toBe(60);
    const steady = await addStrategy("稳健", "live");
    const wild = await addStrategy("激进", "paper");
    const young = await addStrategy("新策略", "live");
    const sim = await addStrategy("回测", "backtest");
    await addNav(steady, 80, (i) => (i % 4 === 0 ? -0.002 : 0.003));
    await addNav(wild, 80, (i) => (i % 2 === 0 ? -0.02 : 0.03));
    await addNav(young, MIN_TRACK_DAYS - 1, () => 0.01);
    await addNav(sim, 120, (i) => (i % 3 === 0 ? -0.004 : 0.004));
    const levels = [];
    let level = 4000;
    for (const date of defaultCalendar.tradingDays("2026-01-01", "2026-10-30")) levels.push({ code: "000300", tradeDate: date, level: (level *= 1.0005) });
    await (await db()).insert(benchmarkLevels).values(levels);

    const bySharpe = await strategyList();
    expect(bySharpe.map((r) => r.name)).toEqual(["稳健", "回测", "激进", "新策略"]);
    expect(bySharpe.map((r) => r.ranked)).toEqual([true, true, true, false]);
    expect(bySharpe.find((r) => r.name === "新策略")).toMatchObject({ periods: MIN_TRACK_DAYS - 1, status: "live" });
    expect(bySharpe.find((r) => r.name === "回测")!.status).toBe("backtest");

    const byReturnAsc = await strategyList({ sort: "annualReturn", dir: "asc" });
    const ranked = byReturnAsc.filter((r) => r.ranked);
    expect(ranked.map((r) => r.annualReturn)).toEqual([...ranked.map((r) => r.annualReturn)].sort((a, b) => a - b));
    expect(byReturnAsc.at(-1)!.name).toBe("新策略"); // the best return, but unranked

    const byDrawdown = await strategyList({ sort: "maxDrawdown", dir: "desc" });
    expect(byDrawdown[0]!.maxDrawdown).toBeGreaterThanOrEqual(byDrawdown[1]!.maxDrawdown);

    // The home page: ranked, no backtests.
    expect((await bestStrategiesBySharpe(5)).map((r) => r.name)).toEqual(["稳健", "激进"]);
    expect((await bestStrategiesBySharpe(1, { includeBacktests: true })).map((r) => r.name)).toEqual(["稳健"]);

    // The cache follows new NAV rows.
    await (await db()).insert(strategyNav).values({ strategyGuid: young, tradeDate: "2026-11-02", nav: 2 });
    expect((await strategyList()).find((r) => r.name === "新策略")).toMatchObject({ periods: MIN_TRACK_DAYS, ranked: true, lastNavDate: "2026-11-02" });

    const detail = await strategyDetail(null, steady, NOW);
    expect(detail!.metrics.periods).toBe(80);
    expect(Number.isFinite(detail!.metrics.beta)).toBe(true);
    expect(detail!.benchmark).toHaveLength(81);
    expect(detail!.benchmark[0]!.nav).toBe(detail!.nav[0]!.nav);
    expect(detail!.drawdown).toHaveLength(80);
    expect(detail!.monthly.length).toBeGreaterThan(2);
    expect(detail!.follow).toBeNull();
  });
});

describeOnEachEngine("quant: the 沪深300 benchmark", () => {
  const NAV_LAST = "2026-03-31";
  const indexBar = (tradeDate: string, close: number) =>
    ({ code: "000300.SH", tradeDate, open: close, high: close, low: close, close, volume: 1_000_000, amount: 1e9, preClose: null, source: "tushare" as const });

  it("uses the synced index bars when they cover the strategy's span, and says 模拟 where it is synthetic", async () => {
    const guid = await addStrategy("基准测试", "live");
    await addNav(guid, 40, (i) => (i % 3 === 0 ? -0.004 : 0.006), NAV_LAST);
    const days = defaultCalendar.tradingDays("2026-01-01", NAV_LAST);
    const span = days.slice(days.length - 41);
    // the demo's synthetic series: a steady climb
    await (await db()).insert(benchmarkLevels).values(span.map((tradeDate, i) => ({ code: "000300", tradeDate, level: 4000 + i, isSynthetic: true })));

    const synthetic = (await strategyDetail(null, guid, NOW))!;
    expect(synthetic.benchmarkSimulated).toBe(true);
    expect(synthetic.benchmark.at(-1)!.nav).toBeCloseTo(4040 / 4000, 10);

    // index bars over part of the span only: still the stored series
    const closes = span.map((_, i) => (i % 2 === 0 ? 3800 : 3838)); // +1% and −0.99% in turn
    await (await db()).insert(marketBars).values(span.slice(10).map((d, i) => indexBar(d, closes[i + 10]!)));
    expect((await strategyDetail(null, guid, NOW))!.benchmarkSimulated).toBe(true);

    // the whole span synced: the real index, close to close
    await (await db()).insert(marketBars).values(span.slice(0, 10).map((d, i) => indexBar(d, closes[i]!)));
    const real = (await strategyDetail(null, guid, NOW))!;
    expect(real.benchmarkSimulated).toBe(false);
    expect(real.benchmark.map((p) => p.nav)).toEqual(span.map((_, i) => (i % 2 === 0 ? 1 : 3838 / 3800)));
    // the cached metrics follow the new index bars (beta against a steady climb and against an alternating index differ)
    expect(real.metrics.beta).not.toBeCloseTo(synthetic.metrics.beta, 6);
  });
});
