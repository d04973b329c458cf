/** Where a stored daily bar came from (market_bars.source). */
export type BarSource = "tushare" | "eastmoney" | "import" | "synthetic";

const LABELS: Readonly<Record<BarSource, string>> = {
  tushare: "Tushare Pro",
  eastmoney: "东方财富",
  import: "导入的日线文件",
  synthetic: "模拟行情",
};

/** "Tushare Pro", "东方财富", "导入的日线文件", "模拟行情" */
export function sourceLabel(source: BarSource): string {
  return LABELS[source];
}

const ORDER: readonly BarSource[] = ["tushare", "eastmoney", "import", "synthetic"];

/** The sources of a chart's bars, each once, real feeds first (a chart may mix a synced span with an imported one). */
export function distinctSources(sources: Iterable<BarSource>): BarSource[] {
  const seen = new Set(sources);
  return ORDER.filter((s) => seen.has(s));
}

/** For the line under a chart: "Tushare Pro", "Tushare Pro、导入的日线文件"; null without bars. */
export function sourcesLabel(sources: readonly BarSource[]): string | null {
  const distinct = distinctSources(sources);
  return distinct.length ? distinct.map((s) => LABELS[s]).join("、") : null;
}

/** 模拟行情 is shown when any drawn bar is made up: a chart that mixes real and synthetic bars is not real data. */
export function hasSyntheticBars(sources: readonly BarSource[]): boolean {
  return sources.includes("synthetic");
}

/** What an administrator is told about filling an empty chart: the configured provider, or none. */
export type MarketDataSetup = { provider: "none" } | { provider: "tushare" | "eastmoney" };
