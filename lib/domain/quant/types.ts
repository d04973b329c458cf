/**
 * The contract between the quant helpers: metrics engine (lib/domain/quant/metrics*), data layer (lib/server/quant),
 * demo strategies (lib/domain/demo/demo-strategies.ts) and the pages/components. Dates are Asia/Shanghai trading
 * dates `YYYY-MM-DD`; returns are simple period returns as fractions (0.01 = 1%).
 */
export type StrategyStatus = "live" | "paper" | "backtest";

export interface NavPoint {
  date: string;
  /** net asset value per unit; the series starts wherever the strategy starts (usually 1.0) */
  nav: number;
}

export interface StrategyFill {
  date: string;
  time: string | null;
  code: string;
  name: string;
  side: "buy" | "sell";
  quantity: number;
  price: number;
  /** price × quantity, yuan */
  amount: number;
}

export interface StrategyPosition {
  /** the day the holding is reported for */
  date: string;
  code: string;
  name: string;
  quantity: number;
  /** average cost per share, yuan */
  cost: number;
  /** that day's close, when known */
  price: number | null;
}

export interface StrategySignal {
  /** the caller's id: ingest is idempotent by it */
  externalId: string;
  date: string;
  time: string | null;
  code: string;
  name: string;
  side: "buy" | "sell";
  /** suggested price, when the strategy gives one */
  price: number | null;
  /** target weight of the portfolio (0–1), when the strategy gives one */
  weight: number | null;
  note: string;
}

export interface DrawdownEpisode {
  peakDate: string;
  troughDate: string;
  /** null while not recovered */
  recoveryDate: string | null;
  /** ≤ 0 */
  depth: number;
}

/** Every figure is a number; degenerate series give NaN or ±Infinity (never an exception). */
export interface StrategyMetrics {
  cumulativeReturn: number;
  annualReturn: number;
  annualVolatility: number;
  sharpe: number;
  sortino: number;
  calmar: number;
  /** ≤ 0 */
  maxDrawdown: number;
  maxDrawdownPeak: string | null;
  maxDrawdownTrough: string | null;
  maxDrawdownRecovery: string | null;
  drawdownEpisodes: DrawdownEpisode[];
  /** share of periods with a positive return among periods with a return */
  dailyWinRate: number;
  alpha: number;
  beta: number;
  informationRatio: number;
  /** Probabilistic Sharpe Ratio against a benchmark Sharpe of 0 */
  psr: number;
  /** number of return periods */
  periods: number;
}
