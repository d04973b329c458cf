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

/** The first problem of a strategy form in Chinese, or "" when it may be sent (the server checks again). */
export function strategyProblem(v: StrategyFormValues): string {
  if (!v.name.trim()) return "请填写策略名称";
  if (v.name.trim().length > 40) return "策略名称最多 40 个字";
  if (!v.author.trim()) return "请填写作者";
  if (v.author.trim().length > 40) return "作者最多 40 个字";
  if (v.style.trim().length > 20) return "风格最多 20 个字";
  if (v.description.trim().length > 2000) return "简介最多 2000 字";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.startDate)) return "请选择开始日期";
  if (v.benchmark.trim() && !/^\d{6}(\.(SH|SZ|CSI))?$/i.test(v.benchmark.trim())) return "基准代码格式如 000300.SH";
  return "";
}
