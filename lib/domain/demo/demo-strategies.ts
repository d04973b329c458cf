import { correlatedNav } from "@/lib/domain/demo/demo-strategy-benchmark";
import { createLeaderRule, createLowVolatilityRule, createMomentumRule } from "@/lib/domain/demo/demo-strategy-rules";
import { runDemoPortfolio, type DemoRule } from "@/lib/domain/demo/demo-strategy-runner";
import { DEMO_TODAY, type DemoCap } from "@/lib/domain/demo/demo-market";
import { hashString } from "@/lib/domain/demo/prng";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { NavPoint, StrategyFill, StrategyPosition, StrategySignal, StrategyStatus } from "@/lib/domain/quant/types";

export { DEMO_BENCHMARK, demoBenchmarkNav } from "@/lib/domain/demo/demo-strategy-benchmark";

/**
 * Three invented demo strategies (pages label them 演示数据) on the demo market (模拟行情).
 *
 * - The live one is simulated from fills: its NAV is cash plus holdings at each close over a 1,000,000 start,
 *   fees by estimateFees.
 * - The paper and backtest ones get a NAV from a seeded return process correlated with DEMO_BENCHMARK, and
 *   illustrative fills on the demo stocks over their last ILLUSTRATIVE_DAYS trading days only; those fills, the
 *   positions and the signals are consistent with each other but not with the NAV.
 */
export type DemoStrategyKey = "hs300-momentum" | "small-cap-low-vol" | "leader-limit-up";

export interface DemoStrategySpec {
  key: DemoStrategyKey;
  name: string;
  status: StrategyStatus;
  startDate: string;
  description: string;
  style: string;
}

export const DEMO_STRATEGY_END = DEMO_TODAY;
export const DEMO_STRATEGY_START_CASH = 1_000_000;
/** trading days at the end of the paper and backtest records that carry illustrative fills */
export const ILLUSTRATIVE_DAYS = 60;

export const DEMO_STRATEGY_SPECS: readonly DemoStrategySpec[] = [
  {
    key: "hs300-momentum",
    name: "沪深300 动量轮动",
    status: "paper",
    startDate: "2025-01-02",
    style: "动量 / 行业轮动",
    description: "每月末按过去 60 个交易日涨幅选取沪深300中最强的 10 只股票等权持有，次月初开盘调仓。",
  },
  {
    key: "small-cap-low-vol",
    name: "小市值低波动",
    status: "backtest",
    startDate: "2021-01-04",
    style: "多因子 / 低波动",
    description: "在流通市值最小的 30% 股票中剔除 ST 与次新股，选取 120 日波动率最低的 20 只，每两周调仓。",
  },
  {
    key: "leader-limit-up",
    name: "龙头打板实盘（演示）",
    status: "live",
    startDate: "2025-05-06",
    style: "打板 / 连板接力",
    description:
      "盘中冲击涨停（一字板不买）时以涨停价排队买入：首板两成仓位试错，前一日已涨停的连板龙头三成仓位；最多同时持有 3 只，次日不能封板即卖出，封板则继续持有。",
  },
];

export interface DemoStrategyRecord {
  nav: NavPoint[];
  fills: StrategyFill[];
  /** one snapshot per trading day: the holdings after that day's fills, priced at that day's close */
  positions: StrategyPosition[];
  /** signals[i] is the signal behind fills[i], emitted the trading day before or the same morning */
  signals: StrategySignal[];
}

interface ProcessParams {
  beta: number;
  idiosyncraticVolatility: number;
  annualReturn: number;
}

/** how each strategy is generated; the spec says what it is */
const GENERATION: Record<DemoStrategyKey, { seed: number; rule: () => DemoRule; universe: DemoCap; process?: ProcessParams }> = {
  "hs300-momentum": {
    seed: 4101,
    rule: () => createMomentumRule(5, 60),
    universe: "large",
    process: { beta: 0.95, idiosyncraticVolatility: 0.0065, annualReturn: 0.138 },
  },
  "small-cap-low-vol": {
    seed: 4202,
    rule: () => createLowVolatilityRule(5, 120, 10),
    universe: "small",
    process: { beta: 0.68, idiosyncraticVolatility: 0.0055, annualReturn: 0.092 },
  },
  "leader-limit-up": {
    seed: 4311,
    rule: () => createLeaderRule({ maxHoldings: 3, positionWeight: 0.3, sealedFillChance: 0.45, firstBoardWeight: 0.2, firstBoardChance: 0.4 }),
    universe: "small",
  },
};

export function demoStrategySpec(key: string): DemoStrategySpec | undefined {
  return DEMO_STRATEGY_SPECS.find((s) => s.key === key);
}

/** The record of one demo strategy from its start date to DEMO_STRATEGY_END; throws for an unknown key. */
export function demoStrategyRecord(key: string): DemoStrategyRecord {
  const spec = demoStrategySpec(key);
  if (!spec) throw new RangeError(`没有这个演示策略：“${key}”`);
  const generation = GENERATION[spec.key];

  if (!generation.process) {
    const run = runDemoPortfolio({
      key: spec.key,
      from: spec.startDate,
      to: DEMO_STRATEGY_END,
      startCash: DEMO_STRATEGY_START_CASH,
      seed: generation.seed,
      rule: generation.rule(),
      universe: generation.universe,
    });
    return {
      // fen over fen, so the NAV prints as the exact ratio
      nav: run.equity.map((e) => ({ date: e.date, nav: Math.round(e.value * 100) / (DEMO_STRATEGY_START_CASH * 100) })),
      fills: run.fills,
      positions: run.positions,
      signals: run.signals,
    };
  }

  const nav = correlatedNav({ seed: `${spec.key}|${generation.seed}`, from: spec.startDate, to: DEMO_STRATEGY_END, ...generation.process });
  const illustrativeFrom = defaultCalendar.addTradingDays(DEMO_STRATEGY_END, -(ILLUSTRATIVE_DAYS - 1));
  const run = runDemoPortfolio({
    key: spec.key,
    from: illustrativeFrom,
    to: DEMO_STRATEGY_END,
    startCash: DEMO_STRATEGY_START_CASH,
    seed: generation.seed ^ hashString(spec.key),
    rule: generation.rule(),
    universe: generation.universe,
  });
  return { nav, fills: run.fills, positions: run.positions, signals: run.signals };
}

/** Every demo strategy's record, in DEMO_STRATEGY_SPECS order. */
export function demoStrategyRecords(): { spec: DemoStrategySpec; record: DemoStrategyRecord }[] {
  return DEMO_STRATEGY_SPECS.map((spec) => ({ spec, record: demoStrategyRecord(spec.key) }));
}
