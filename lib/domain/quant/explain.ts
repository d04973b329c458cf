/**
 * What each strategy figure is called and means, in one plain sentence for a retail trader, and how it is printed.
 * Returns, volatility, drawdown and win rate are fractions (0.1234 → +12.34%); ratios print with two decimals.
 * Figures may arrive through JSON as null or "NaN" / "Infinity" / "-Infinity" strings: they print as "—" / "∞" / "-∞".
 */
import { MISSING, formatNumber, formatPercent, looseNumber } from "@/lib/domain/statements/format";
import type { StrategyMetrics } from "./types";

export type MetricKey =
  | "cumulativeReturn"
  | "annualReturn"
  | "annualVolatility"
  | "sharpe"
  | "sortino"
  | "calmar"
  | "maxDrawdown"
  | "dailyWinRate"
  | "alpha"
  | "beta"
  | "informationRatio"
  | "psr";

/** Display order of the figures. */
export const METRIC_KEYS: readonly MetricKey[] = [
  "cumulativeReturn", "annualReturn", "maxDrawdown", "sharpe", "annualVolatility", "dailyWinRate",
  "sortino", "calmar", "alpha", "beta", "informationRatio", "psr",
];

export const METRIC_LABELS: Record<MetricKey, string> = {
  cumulativeReturn: "累计收益",
  annualReturn: "年化收益",
  annualVolatility: "年化波动率",
  sharpe: "夏普比率",
  sortino: "索提诺比率",
  calmar: "卡玛比率",
  maxDrawdown: "最大回撤",
  dailyWinRate: "日胜率",
  alpha: "Alpha",
  beta: "Beta",
  informationRatio: "信息比率",
  psr: "概率夏普比率 PSR",
};

export const METRIC_EXPLANATIONS: Record<MetricKey, string> = {
  cumulativeReturn: "从策略开始到最新一天，净值一共涨了或跌了多少。",
  annualReturn: "把累计收益按每年 252 个交易日折算成平均每年的收益，方便比较运行时间不同的策略。",
  annualVolatility: "净值每天涨跌的幅度折算到一年，数字越大，净值上下颠簸越厉害。",
  sharpe: "每承担一份波动换来多少收益（年化收益 ÷ 年化波动率），一般大于 1 算不错。",
  sortino: "和夏普比率类似，但只把下跌当作风险，数字越大说明亏钱的日子越少、跌得越轻。",
  calmar: "年化收益 ÷ 最大回撤，即每承受一份最深的亏损，一年能换来多少收益。",
  maxDrawdown: "净值从最高点跌到之后最低点的最大跌幅，相当于在最差时点买入要扛住的最大浮亏。",
  dailyWinRate: "上涨的交易日占全部交易日的比例；胜率高不等于赚钱，还要看涨跌幅度。",
  alpha: "扣除跟随沪深300涨跌的部分之后，策略每年多赚（或少赚）的收益，反映选股和择时本身的贡献。",
  beta: "沪深300涨跌 1% 时策略平均跟着涨跌多少；1 表示与大盘同步，小于 1 表示比大盘稳。",
  informationRatio: "跑赢沪深300的超额收益 ÷ 超额收益的波动，衡量跑赢大盘是否稳定。",
  psr: "考虑记录长短和收益分布后，策略真实夏普比率大于 0 的概率；记录越长越可信。",
};

/** Keys printed as a signed percentage (+12.34%). */
const SIGNED_PERCENT = new Set<MetricKey>(["cumulativeReturn", "annualReturn", "maxDrawdown", "alpha"]);
/** Keys printed as an unsigned percentage (12.34%). */
const PLAIN_PERCENT = new Set<MetricKey>(["annualVolatility", "dailyWinRate", "psr"]);

export function isPercentMetric(key: MetricKey): boolean {
  return SIGNED_PERCENT.has(key) || PLAIN_PERCENT.has(key);
}

/**
 * `+12.34%` for returns, drawdown and alpha; `12.34%` for volatility, win rate and PSR; `1.23` for ratios;
 * "—" for NaN / null / anything unreadable; "∞" / "-∞" for infinities.
 */
export function formatMetric(key: MetricKey, value: number | string | null | undefined): string {
  const n = looseNumber(value);
  if (Number.isNaN(n)) return MISSING;
  if (n === Infinity) return "∞";
  if (n === -Infinity) return "-∞";
  if (SIGNED_PERCENT.has(key)) return formatPercent(n);
  if (PLAIN_PERCENT.has(key)) return formatPercent(n, { signed: false });
  return formatNumber(n, 2);
}

/** StrategyMetrics after a JSON round trip: every figure may be a number, null or a "NaN"/"Infinity" string. */
export type StrategyMetricsJson = {
  [K in keyof StrategyMetrics]: StrategyMetrics[K] extends number ? number | string | null : StrategyMetrics[K];
};

/**
 * The dates of the max drawdown in words: "2024-01-03 高点 → 2024-03-05 低点 → 2024-05-20 修复" (or "尚未修复");
 * null without a drawdown.
 */
export function describeDrawdownDates(peak: string | null | undefined, trough: string | null | undefined, recovery: string | null | undefined): string | null {
  if (!peak || !trough) return null;
  return `${peak} 高点 → ${trough} 低点 → ${recovery ? `${recovery} 修复` : "尚未修复"}`;
}
