"use client";

import { LineSeries, createChart, type LineStyle, type MouseEventParams, type Time } from "lightweight-charts";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { baseChartOptions, showWholeHistory } from "@/components/charts/chart-theme";
import { formatChartTime } from "@/components/charts/kline-data";
import { returnClass } from "./tone";
import { cn } from "@/components/ui/cn";
import type { NavPoint } from "@/lib/domain/quant/types";
import {
  DEFAULT_BENCHMARK_NAME, NAV_COLORS, NAV_DEFAULT_HEIGHT, NAV_LEGEND_HEIGHT, formatRebased, navLegendAt, navSummary, rebaseNav, type NavModel,
} from "./nav-data";

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

function drawChart(el: HTMLElement, model: NavModel, onHover: (index: number | null) => void): () => void {
  const chart = createChart(el, baseChartOptions(false));
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
  const stopFitting = showWholeHistory(chart);
  const index = new Map(model.strategy.map((p, i) => [p.date, i]));
  const onMove = (param: MouseEventParams<Time>) => onHover(param.time === undefined ? null : (index.get(formatChartTime(param.time)) ?? null));
  chart.subscribeCrosshairMove(onMove);
  return () => {
    stopFitting();
    chart.unsubscribeCrosshairMove(onMove);
    chart.remove();
  };
}

function LegendItem({ color, name, value }: { color: string; name: string; value: number | null }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <span className="inline-block h-0.5 w-3 shrink-0 rounded" style={{ background: color }} />
      <span className="truncate">{name}</span>
      <span className={cn("font-medium", value === null ? "text-slate-400" : returnClass(value - 1))}>{formatRebased(value)}</span>
    </span>
  );
}

/**
 * The strategy's NAV against a benchmark, both rebased to 1 at their first common date, on a percent axis, with a
 * legend of the hovered (or last) day. Import it through NavChartLazy so the chart library stays out of first load.
 */
export function NavChart({ nav, benchmark, benchmarkName = DEFAULT_BENCHMARK_NAME, height = NAV_DEFAULT_HEIGHT, caption, describedBy, className }: NavChartProps) {
  const model = useMemo(() => rebaseNav(nav, benchmark), [nav, benchmark]);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<NavModel | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const summaryId = useId();

  useEffect(() => {
    const el = canvasRef.current;
    if (!el || !model.strategy.length) return;
    const dispose = drawChart(el, model, setHover);
    setDrawn(model);
    return () => {
      dispose();
      setDrawn(null);
      setHover(null);
    };
  }, [model, height]);

  const label = caption ?? "策略净值走势";
  const legend = navLegendAt(model, hover);
  const ready = drawn === model && model.strategy.length > 0;

  return (
    <figure
      data-testid="nav-chart"
      data-ready={ready ? "true" : "false"}
      data-base-date={model.baseDate ?? undefined}
      aria-label={label}
      aria-describedby={describedBy ?? summaryId}
      className={cn("m-0 w-full min-w-0", className)}
    >
      {describedBy ? null : (
        <figcaption id={summaryId} className="sr-only">
          {navSummary(model, benchmarkName, caption)}
        </figcaption>
      )}
      <div
        aria-hidden
        data-testid="nav-legend"
        className="flex items-center gap-x-3 overflow-hidden px-1 text-[11px] whitespace-nowrap text-slate-500 tabular-nums"
        style={{ height: NAV_LEGEND_HEIGHT }}
      >
        {legend ? (
          <>
            <span className="text-slate-700">{legend.date}</span>
            <LegendItem color={NAV_COLORS.strategy} name="策略" value={legend.strategy} />
            {model.benchmark.length ? <LegendItem color={NAV_COLORS.benchmark} name={benchmarkName} value={legend.benchmark} /> : null}
          </>
        ) : null}
      </div>
      {model.strategy.length ? (
        <div ref={canvasRef} aria-hidden className="relative w-full min-w-0 select-none" style={{ height }} />
      ) : (
        <div className="flex w-full items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-400" style={{ height }}>
          暂无净值数据
        </div>
      )}
    </figure>
  );
}
