/** Endpoints, labels and small pure helpers of the strategy administration (策略管理). */

export const STRATEGIES_API = "/api/admin/strategies";
export const strategyApi = (guid: string) => `${STRATEGIES_API}/${guid}`;
export const strategyCsvApi = (guid: string, kind: "nav" | "fills") => `${STRATEGIES_API}/${guid}/${kind}`;
/** The machine ingest endpoint a key is used with. */
export const ingestPath = (guid: string, kind: "signals" | "nav" | "fills") => `/api/quant/strategies/${guid}/${kind}`;

export const STATUS_LABELS = { live: "实盘", paper: "模拟盘", backtest: "回测" } as const;
export type StatusValue = keyof typeof STATUS_LABELS;
export const STATUS_CLASSES: Record<StatusValue, string> = {
  live: "bg-red-50 text-red-700",
  paper: "bg-sky-50 text-sky-800",
  backtest: "bg-slate-100 text-slate-600",
};
export const DEFAULT_BENCHMARK = "000300.SH";

export interface StrategyFormValues {
  name: string;
  author: string;
  description: string;
  style: string;
  status: StatusValue;
  startDate: string;
  benchmark: string;
}
