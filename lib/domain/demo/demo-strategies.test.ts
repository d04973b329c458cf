import fc from "fast-check";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { estimateFees } from "@/lib/domain/market/fees";
import { isLimitUp, limitRatio } from "@/lib/domain/market/limits";
import { isValidBuyQuantity } from "@/lib/domain/market/lots";
import type { DailyBar } from "@/lib/domain/market/types";
import type { NavPoint, StrategyFill } from "@/lib/domain/quant/types";
import { DEMO_MARKET_START, DEMO_STOCKS, demoBars } from "./demo-market";
import {
  DEMO_BENCHMARK,
  DEMO_STRATEGY_END,
  DEMO_STRATEGY_SPECS,
  DEMO_STRATEGY_START_CASH,
  ILLUSTRATIVE_DAYS,
  demoBenchmarkNav,
  demoStrategyRecord,
  demoStrategyRecords,
  type DemoStrategyRecord,
} from "./demo-strategies";
import { isContinuousTradingTime } from "./trading-time";

const YEAR = 243;

function dailyReturns(points: readonly NavPoint[]): number[] {
  return points.slice(1).map((p, i) => p.nav / (points[i] as NavPoint).nav - 1);
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function stdev(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
}

function maxDrawdown(points: readonly NavPoint[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const { nav } of points) {
    peak = Math.max(peak, nav);
    worst = Math.min(worst, nav / peak - 1);
  }
  return worst;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

const records = new Map<string, DemoStrategyRecord>();
function recordOf(key: string): DemoStrategyRecord {
  const cached = records.get(key) ?? demoStrategyRecord(key);
  records.set(key, cached);
  return cached;
}

const bars = demoBars(DEMO_MARKET_START, DEMO_STRATEGY_END);
const barIndex = new Map(bars.map((b) => [`${b.code}|${b.date}`, b]));

function barOf(fill: StrategyFill): DailyBar {
  const bar = barIndex.get(`${fill.code}|${fill.date}`);
  if (!bar) throw new Error(`no bar for ${fill.code} on ${fill.date}`);
  return bar;
}

function isYiziUp(fill: StrategyFill): boolean {
  const bar = barOf(fill);
  const prev = barIndex.get(`${fill.code}|${defaultCalendar.previous(fill.date)}`);
  const ratio = limitRatio(fill.code, fill.date, { name: fill.name }) ?? 0.1;
  return !!prev && bar.high === bar.low && isLimitUp(bar.close, prev.close, ratio);
}

// its cost is measured by bench/demo-data.ts, never here
it("builds the benchmark and a record for every demo strategy", () => {
  expect(demoBenchmarkNav(DEMO_BENCHMARK.from, DEMO_BENCHMARK.to).length).toBeGreaterThan(0);
  for (const { spec, record } of demoStrategyRecords()) records.set(spec.key, record);
  expect(records.size).toBeGreaterThan(0);
});

describe("demo benchmark (模拟 沪深300)", () => {
  const series = demoBenchmarkNav(DEMO_BENCHMARK.from, DEMO_BENCHMARK.to);

  it("is 000300 沪深300 on every trading day from 2021-01-04 to 2026-11-20", () => {
    expect(DEMO_BENCHMARK.code).toBe("000300");
    expect(DEMO_BENCHMARK.name).toBe("沪深300");
    expect(series.map((p) => p.date)).toEqual(defaultCalendar.tradingDays("2021-01-04", "2026-11-20"));
  });

  it("stays at a realistic level with a realistic daily volatility", () => {
    const levels = series.map((p) => p.nav);
    expect(Math.min(...levels)).toBeGreaterThan(3800);
    expect(Math.max(...levels)).toBeLessThan(5800);
    expect(levels.filter((l) => l >= 4000 && l <= 5500).length / levels.length).toBeGreaterThan(0.95);
    const vol = stdev(dailyReturns(series));
    expect(vol).toBeGreaterThan(0.009);
    expect(vol).toBeLessThan(0.015);
    expect(levels.every((l) => Math.abs(l * 100 - Math.round(l * 100)) < 1e-6)).toBe(true);
  });

  it("is deterministic and gives a date the same level whatever range is asked for", () => {
    expect(demoBenchmarkNav(DEMO_BENCHMARK.from, DEMO_BENCHMARK.to)).toEqual(series);
    const dates = series.map((p) => p.date);
    fc.assert(
      fc.property(fc.nat(dates.length - 1), fc.nat(dates.length - 1), (a, b) => {
        const [from, to] = [dates[Math.min(a, b)] as string, dates[Math.max(a, b)] as string];
        expect(demoBenchmarkNav(from, to)).toEqual(series.filter((p) => p.date >= from && p.date <= to));
      }),
      { numRuns: 50 },
    );
    expect(demoBenchmarkNav("2030-01-01", "2030-12-31")).toEqual([]);
  });
});

describe("demo strategy specs", () => {
  it("has the two seeded profiles by name, status and start, plus a live one", () => {
    const brief = DEMO_STRATEGY_SPECS.map(({ name, status, startDate }) => ({ name, status, startDate }));
    expect(brief).toEqual([
      { name: "沪深300 动量轮动", status: "paper", startDate: "2025-01-02" },
      { name: "小市值低波动", status: "backtest", startDate: "2021-01-04" },
      { name: "龙头打板实盘（演示）", status: "live", startDate: "2025-05-06" },
    ]);
    expect(new Set(DEMO_STRATEGY_SPECS.map((s) => s.key)).size).toBe(3);
    for (const spec of DEMO_STRATEGY_SPECS) {
      expect(spec.key).toMatch(/^[a-z0-9-]+$/);
      expect(spec.description.length).toBeGreaterThan(20);
      expect(spec.style).not.toBe("");
    }
  });

  it("refuses an unknown key", () => {
    expect(() => demoStrategyRecord("no-such-strategy")).toThrow(RangeError);
  });
});

describe.each(DEMO_STRATEGY_SPECS.map((s) => [s.name, s] as const))("demo strategy %s", (_name, spec) => {
  it("is deterministic", () => {
    expect(demoStrategyRecord(spec.key)).toEqual(recordOf(spec.key));
  });

  it("has a NAV from 1.0 on its start date to the last demo day, on trading days, positive", () => {
    const { nav } = recordOf(spec.key);
    expect(nav[0]).toEqual({ date: spec.startDate, nav: 1 });
    expect(nav.map((p) => p.date)).toEqual(defaultCalendar.tradingDays(spec.startDate, DEMO_STRATEGY_END));
    expect(nav.every((p) => Number.isFinite(p.nav) && p.nav > 0)).toBe(true);
  });

  it("covers the span its status implies", () => {
    const days = recordOf(spec.key).nav.length;
    const span = { backtest: [5 * YEAR, 7 * YEAR], paper: [1.7 * YEAR, 2.2 * YEAR], live: [1.3 * YEAR, 1.7 * YEAR] }[spec.status];
    expect(days).toBeGreaterThanOrEqual(span[0] as number);
    expect(days).toBeLessThanOrEqual(span[1] as number);
  });

  it("has plausible metrics", () => {
    const { nav } = recordOf(spec.key);
    const returns = dailyReturns(nav);
    const annual = (nav.at(-1) as NavPoint).nav ** (YEAR / returns.length) - 1;
    const drawdown = -maxDrawdown(nav);
    const sharpe = (mean(returns) / stdev(returns)) * Math.sqrt(YEAR);
    expect(annual).toBeGreaterThan(-0.1);
    expect(annual).toBeLessThan(0.35);
    expect(drawdown).toBeGreaterThan(0.08);
    expect(drawdown).toBeLessThan(0.35);
    expect(sharpe).toBeGreaterThan(0.3);
    expect(sharpe).toBeLessThan(2);
  });

  it("fills inside the day's low–high, on the tick, in valid lots, T+1, never into a 一字涨停", () => {
    const { fills } = recordOf(spec.key);
    expect(fills.length).toBeGreaterThan(5);
    const held = new Map<string, { quantity: number; boughtToday: number; day: string }>();
    for (const fill of fills) {
      const bar = barOf(fill);
      expect(DEMO_STOCKS.find((s) => s.code === fill.code)?.name).toBe(fill.name);
      expect(fill.price).toBeGreaterThanOrEqual(bar.low);
      expect(fill.price).toBeLessThanOrEqual(bar.high);
      expect(Math.abs(fill.price * 100 - Math.round(fill.price * 100))).toBeLessThan(1e-6);
      expect(fill.amount).toBe(round2(fill.price * fill.quantity));
      expect(fill.time !== null && isContinuousTradingTime(fill.time)).toBe(true);
      const position = held.get(fill.code) ?? { quantity: 0, boughtToday: 0, day: fill.date };
      if (position.day !== fill.date) Object.assign(position, { boughtToday: 0, day: fill.date });
      if (fill.side === "buy") {
        expect(isValidBuyQuantity(fill.code, fill.quantity)).toBe(true);
        expect(isYiziUp(fill)).toBe(false);
        position.quantity += fill.quantity;
        position.boughtToday += fill.quantity;
      } else {
        expect(fill.quantity).toBeGreaterThan(0);
        expect(fill.quantity).toBeLessThanOrEqual(position.quantity - position.boughtToday);
        position.quantity -= fill.quantity;
      }
      held.set(fill.code, position);
    }
    const keys = fills.map((f) => `${f.date} ${f.time}`);
    expect(keys).toEqual([...keys].sort());
  });

  it("gives one signal per fill, emitted the trading day before or the same morning", () => {
    const { fills, signals } = recordOf(spec.key);
    expect(signals).toHaveLength(fills.length);
    signals.forEach((signal, i) => {
      const fill = fills[i] as StrategyFill;
      expect(signal.externalId).toBe(`demo-${spec.key}-${i + 1}`);
      expect([signal.code, signal.name, signal.side]).toEqual([fill.code, fill.name, fill.side]);
      expect(`${signal.date} ${signal.time}` <= `${fill.date} ${fill.time}`).toBe(true);
      expect(signal.date >= defaultCalendar.previous(fill.date)).toBe(true);
      expect(defaultCalendar.isTradingDay(signal.date)).toBe(true);
      if (signal.date === fill.date) expect(signal.time! < "09:30:00").toBe(true);
      if (signal.weight !== null) expect(signal.weight >= 0 && signal.weight <= 1).toBe(true);
      expect(signal.note).not.toBe("");
    });
  });

  it("reports the holdings after each day's fills at that day's close", () => {
    const { fills, positions, nav } = recordOf(spec.key);
    const quantities = new Map<string, number>();
    let next = 0;
    const firstFill = fills[0]?.date ?? DEMO_STRATEGY_END;
    for (const { date } of nav.filter((p) => p.date >= firstFill)) {
      for (; next < fills.length && (fills[next] as StrategyFill).date === date; next++) {
        const fill = fills[next] as StrategyFill;
        quantities.set(fill.code, (quantities.get(fill.code) ?? 0) + (fill.side === "buy" ? fill.quantity : -fill.quantity));
      }
      const expected = [...quantities].filter(([, q]) => q > 0).map(([code, q]) => `${code}:${q}`).sort();
      const reported = positions.filter((p) => p.date === date);
      expect(reported.map((p) => `${p.code}:${p.quantity}`).sort()).toEqual(expected);
      for (const p of reported) {
        expect(p.price).toBe(barIndex.get(`${p.code}|${date}`)?.close);
        expect(p.cost).toBeGreaterThan(0);
      }
    }
    expect(positions.every((p) => p.date >= firstFill)).toBe(true);
  });
});

describe("the live strategy", () => {
  const spec = DEMO_STRATEGY_SPECS.find((s) => s.status === "live")!;

  it("reconciles its NAV with cash plus holdings at each close, to the cent", () => {
    const { fills, nav } = recordOf(spec.key);
    let cash = DEMO_STRATEGY_START_CASH;
    const quantities = new Map<string, number>();
    let next = 0;
    for (const { date, nav: value } of nav) {
      for (; next < fills.length && (fills[next] as StrategyFill).date === date; next++) {
        const fill = fills[next] as StrategyFill;
        const fees = estimateFees(fill.side, fill.amount, fill.date);
        const charges = fees.commission + fees.stampDuty + fees.transferFee + fees.other;
        cash = round2(fill.side === "buy" ? cash - round2(fill.amount + charges) : cash + round2(fill.amount - charges));
        quantities.set(fill.code, (quantities.get(fill.code) ?? 0) + (fill.side === "buy" ? fill.quantity : -fill.quantity));
      }
      expect(cash).toBeGreaterThanOrEqual(0);
      let holdings = 0;
      for (const [code, quantity] of quantities) holdings += quantity * (barIndex.get(`${code}|${date}`)?.close ?? NaN);
      expect(Math.abs(value * DEMO_STRATEGY_START_CASH - (cash + holdings))).toBeLessThan(0.01);
    }
    expect(next).toBe(fills.length);
  });

  it("trades all through its record and does not trade on the funding day", () => {
    const { fills } = recordOf(spec.key);
    expect(fills.length).toBeGreaterThan(100);
    expect(fills.some((f) => f.date === spec.startDate)).toBe(false);
    expect(fills[0]!.date < "2025-07-01").toBe(true);
    expect(fills.at(-1)!.date > "2026-09-30").toBe(true);
  });
});

describe("the paper and backtest strategies", () => {
  it("carry illustrative fills over their last trading days only", () => {
    const from = defaultCalendar.addTradingDays(DEMO_STRATEGY_END, -(ILLUSTRATIVE_DAYS - 1));
    for (const spec of DEMO_STRATEGY_SPECS.filter((s) => s.status !== "live")) {
      const { fills, positions } = recordOf(spec.key);
      expect(fills.every((f) => f.date >= from)).toBe(true);
      expect(positions.every((p) => p.date >= from)).toBe(true);
    }
  });

  it("rebalance by selling first and buying with the proceeds afterwards", () => {
    for (const spec of DEMO_STRATEGY_SPECS.filter((s) => s.status !== "live")) {
      const { fills } = recordOf(spec.key);
      for (const sell of fills.filter((f) => f.side === "sell")) {
        const earlierBuys = fills.filter((f) => f.side === "buy" && f.date === sell.date && f.time! < sell.time!);
        expect(earlierBuys).toEqual([]);
      }
    }
  });

  it("move with the benchmark (beta 0.6–1.1)", () => {
    for (const spec of DEMO_STRATEGY_SPECS.filter((s) => s.status !== "live")) {
      const { nav } = recordOf(spec.key);
      const b = dailyReturns(demoBenchmarkNav(spec.startDate, DEMO_STRATEGY_END));
      const s = dailyReturns(nav);
      expect(b).toHaveLength(s.length);
      const mb = mean(b);
      const ms = mean(s);
      const beta = s.reduce((sum, v, i) => sum + (v - ms) * ((b[i] as number) - mb), 0) / b.reduce((sum, v) => sum + (v - mb) ** 2, 0);
      expect(beta).toBeGreaterThan(0.6);
      expect(beta).toBeLessThan(1.1);
    }
  });
});
