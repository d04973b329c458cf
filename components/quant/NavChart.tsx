"use client";

import { LineSeries, type IChartApi, type LineStyle, type Time } from "lightweight-charts";
import { useMemo } from "react";
import { ChartFigure } from "@/components/charts/ChartFigure";
import { indexByDate, useLightweightChart } from "@/components/charts/use-lightweight-chart";
import { returnClass } from "./tone";
import { cn } from "@/components/ui/cn";
import type { NavPoint } from "@/lib/domain/quant/types";
import {
  DEFAULT_BENCHMARK_NAME, NAV_COLORS, NAV_DEFAULT_HEIGHT, NAV_LEGEND_HEIGHT, formatRebased, navLegendAt, navSummary, rebaseNav, type NavModel,
} from "./nav-data";
import { ChartLegend } from "@/components/charts/ChartLegend";

export interface NavChartProps {
  /** the strategy's NAV by date */
  nav: NavPoint[];
  /** the benchmark's close (or NAV) by date, e.g. 沪深300 */
  benchmark?: NavPoint[];
  /** "沪深300" by default */
  benchmarkName?: string;
  /** canvas height in px; the legend adds NAV_LEGEND_HEIGHT */
  height?: number;
  /** names the figure, "策略净值走势" by default */
  caption?: string;
  /** id of a summary rendered outside (NavChartLazy); the chart then renders none */
  describedBy?: string;
  className?: string;
}

const DASHED = 2 as LineStyle;

function drawNav(chart: IChartApi, model: NavModel) {
  const priceFormat = { type: "custom" as const, formatter: (v: number) => formatRebased(v, 1), minMove: 0.0001 };
  if (model.benchmark.length) {
    const bench = chart.addSeries(LineSeries, {
      color: NAV_COLORS.benchmark, lineWidth: 1, priceFormat, priceLineVisible: false, lastValueVisible: false, title: "",
    });
    bench.setData(model.benchmark.map((p) => ({ time: p.date as Time, value: p.value })));
  }
  const line = chart.addSeries(LineSeries, { color: NAV_COLORS.strategy, lineWidth: 2, priceFormat, priceLineVisible: false, title: "" });
  line.setData(model.strategy.map((p) => ({ time: p.date as Time, value: p.value })));
  // 0% (the base date's level)
  line.createPriceLine({ price: 1, color: NAV_COLORS.zero, lineWidth: 1, lineStyle: DASHED, axisLabelVisible: false, title: "" });
}

function LegendItem({ color, name, value }: { color: string; name: string; value: number | null }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <span className="inline-block h-0.5 w-3 shrink-0 rounded" style={{ background: color }} />
      <span className="truncate">{name}</span>
      <span className={cn("font-medium", value === null ? "text-slate-500" : returnClass(value - 1))}>{formatRebased(value)}</span>
    </span>
  );
}

/**
 * The strategy's NAV against a benchmark, both rebased to 1 at their first common date, on a percent axis, with a
 * legend of the hovered (or last) day. Import it through NavChartLazy so the chart library stays out of first load.
 */
export function NavChart({ nav, benchmark, benchmarkName = DEFAULT_BENCHMARK_NAME, height = NAV_DEFAULT_HEIGHT, caption, describedBy, className }: NavChartProps) {
  const model = useMemo(() => rebaseNav(nav, benchmark), [nav, benchmark]);
  const indexAt = useMemo(() => indexByDate(model.strategy.map((p) => p.date)), [model]);
  const { canvasRef, drawn, hover } = useLightweightChart({ model, drawable: model.strategy.length > 0, height, wholeHistory: true, indexAt, draw: drawNav });

  const label = caption ?? "策略净值走势";
  const legend = navLegendAt(model, hover);
  const ready = drawn === model && model.strategy.length > 0;

  return (
    <ChartFigure
      testId="nav-chart"
      ready={ready}
      data={{ "data-base-date": model.baseDate ?? undefined }}
      label={label}
      describedBy={describedBy}
      summary={() => navSummary(model, benchmarkName, caption)}
      legend={
        <ChartLegend testId="nav-legend" className="flex items-center gap-x-3 overflow-hidden whitespace-nowrap" height={NAV_LEGEND_HEIGHT}>
          {legend ? (
            <>
              <span className="text-slate-700">{legend.date}</span>
              <LegendItem color={NAV_COLORS.strategy} name="策略" value={legend.strategy} />
              {model.benchmark.length ? <LegendItem color={NAV_COLORS.benchmark} name={benchmarkName} value={legend.benchmark} /> : null}
            </>
          ) : null}
        </ChartLegend>
      }
      canvasRef={canvasRef}
      height={height}
      empty={model.strategy.length ? null : "暂无净值数据"}
      className={className}
    />
  );
}
