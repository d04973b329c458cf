import { sourcesLabel, type BarSource } from "@/lib/domain/market/bar-source";
import type { DailyBar } from "@/lib/domain/market/types";
import { packBars } from "@/lib/domain/market/packed-bars";
import { weeklyBars } from "@/lib/domain/market/weekly";
import { buildKLineModel, klineSummary, type KLineHighlight, type KLineLimitMark, type KLinePeriod, type KLineTradeMarker } from "./kline-data";
import type { KLineChartLazyProps } from "./KLineChartLazy";

/** One symbol's chart as a page has it: daily bars with the master's fills and the 涨停/炸板 days. */
export interface ChartSource {
  bars: readonly DailyBar[];
  markers: KLineTradeMarker[];
  limitMarks: KLineLimitMark[];
  /** where the bars came from, named under the chart */
  sources?: readonly BarSource[];
}

/**
 * Computed once per chart object and view. Pages get their charts from the public-data cache
 * (lib/server/cache/public-data.ts), so one object serves every visitor until the data changes; building the chart
 * model for the summary on each request was about a tenth of a master page's server time. Entries go with their chart.
 */
const computed = new WeakMap<ChartSource, Map<string, KLineChartLazyProps>>();

/** The K-line's props for a server page: the bars packed into one string, the summary computed here. */
export function klineChartProps(chart: ChartSource, view: { period: KLinePeriod; highlight: KLineHighlight | null; caption: string }): KLineChartLazyProps {
  const key = `${view.period}|${view.highlight?.from ?? ""}|${view.highlight?.to ?? ""}|${view.caption}`;
  let views = computed.get(chart);
  if (!views) computed.set(chart, (views = new Map()));
  let props = views.get(key);
  if (!props) views.set(key, (props = compute(chart, view)));
  return props;
}

function compute(chart: ChartSource, { period, highlight, caption }: { period: KLinePeriod; highlight: KLineHighlight | null; caption: string }): KLineChartLazyProps {
  const week = period === "week";
  const drawn: KLinePeriod = period === "min" ? "day" : period;
  const input = {
    bars: week ? weeklyBars([...chart.bars]) : [...chart.bars],
    markers: chart.markers,
    limitMarks: week ? [] : chart.limitMarks,
    highlight,
    period: drawn,
  };
  return {
    ...input,
    bars: packBars(input.bars),
    summary: klineSummary(buildKLineModel(input), caption),
    caption,
    dataSource: sourcesLabel(chart.sources ?? []),
  };
}
