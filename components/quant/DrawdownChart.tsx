"use client";

import { BaselineSeries, createSeriesMarkers, type IChartApi, type SeriesMarker, type Time } from "lightweight-charts";
import { useMemo } from "react";
import { ChartFigure } from "@/components/charts/ChartFigure";
import { indexByDate, useLightweightChart } from "@/components/charts/use-lightweight-chart";
import { cn } from "@/components/ui/cn";
import { formatPercent } from "@/lib/domain/statements/format";
import {
  DRAWDOWN_COLORS, DRAWDOWN_DEFAULT_HEIGHT, DRAWDOWN_LEGEND_HEIGHT, cleanDrawdown, drawdownSummary, maxDrawdownSpan,
  type DrawdownPoint, type MaxDrawdownSpan,
} from "./drawdown-data";
import { ChartLegend } from "@/components/charts/ChartLegend";

export type { DrawdownPoint } from "./drawdown-data";

export interface DrawdownChartProps {
  /** the fall from the running peak by date (≤ 0); drawdownFromNav(nav) makes it from a NAV */
  points: DrawdownPoint[];
  /** the max drawdown's dates from the metrics (found on the series when absent) */
  peak?: string | null;
  trough?: string | null;
  height?: number;
  /** "回撤走势" by default */
  caption?: string;
  /** id of a summary rendered outside (DrawdownChartLazy); the chart then renders none */
  describedBy?: string;
  className?: string;
}

interface Model {
  points: DrawdownPoint[];
  span: MaxDrawdownSpan | null;
}

export function drawdownMarkers(span: MaxDrawdownSpan | null): SeriesMarker<Time>[] {
  if (!span) return [];
  return [
    { time: span.peak as Time, position: "aboveBar", shape: "circle", color: DRAWDOWN_COLORS.peak, text: "高点", id: "peak", size: 0.8 },
    { time: span.trough as Time, position: "belowBar", shape: "arrowUp", color: DRAWDOWN_COLORS.trough, text: `最大回撤 ${formatPercent(span.depth, { decimals: 1 })}`, id: "trough" },
  ];
}

function drawDrawdown(chart: IChartApi, model: Model) {
  const area = chart.addSeries(BaselineSeries, {
    baseValue: { type: "price", price: 0 },
    topLineColor: "rgba(0, 0, 0, 0)",
    topFillColor1: "rgba(0, 0, 0, 0)",
    topFillColor2: "rgba(0, 0, 0, 0)",
    bottomLineColor: DRAWDOWN_COLORS.line,
    bottomFillColor1: DRAWDOWN_COLORS.fillNear,
    bottomFillColor2: DRAWDOWN_COLORS.fillFar,
    lineWidth: 1,
    priceFormat: { type: "custom", formatter: (v: number) => formatPercent(v, { decimals: 1 }), minMove: 0.0001 },
    priceLineVisible: false,
    title: "",
  });
  area.setData(model.points.map((p) => ({ time: p.date as Time, value: p.drawdown })));
  const markers = createSeriesMarkers(area, drawdownMarkers(model.span));
  return () => markers.detach();
}

/**
 * The underwater chart: how far the NAV was below its previous high each day (a green area under 0), with the max
 * drawdown's peak and trough marked. Import it through DrawdownChartLazy so the chart library stays out of first load.
 */
export function DrawdownChart({ points, peak, trough, height = DRAWDOWN_DEFAULT_HEIGHT, caption, describedBy, className }: DrawdownChartProps) {
  const model = useMemo<Model>(() => {
    const clean = cleanDrawdown(points);
    return { points: clean, span: maxDrawdownSpan(clean, { peak, trough }) };
  }, [points, peak, trough]);
  const indexAt = useMemo(() => indexByDate(model.points.map((p) => p.date)), [model]);
  const { canvasRef, drawn, hover } = useLightweightChart({ model, drawable: model.points.length > 0, height, wholeHistory: true, indexAt, draw: drawDrawdown });

  const label = caption ?? "回撤走势";
  const shown = model.points[hover ?? model.points.length - 1] ?? model.points[model.points.length - 1];
  const ready = drawn === model && model.points.length > 0;

  return (
    <ChartFigure
      testId="drawdown-chart"
      ready={ready}
      label={label}
      describedBy={describedBy}
      summary={() => drawdownSummary(model.points, model.span, caption)}
      legend={
        <ChartLegend className="flex items-center justify-between gap-2 overflow-hidden whitespace-nowrap" height={DRAWDOWN_LEGEND_HEIGHT}>
          {shown ? (
            <span className="inline-flex items-center gap-2">
              <span className="text-slate-700">{shown.date}</span>
              <span>
                回撤 <span className={cn("font-medium", shown.drawdown < 0 ? "text-down-text" : "text-slate-600")}>{formatPercent(shown.drawdown)}</span>
              </span>
            </span>
          ) : null}
          {model.span ? (
            <span>
              最大 <span className="font-medium text-down-text">{formatPercent(model.span.depth)}</span>
            </span>
          ) : null}
        </ChartLegend>
      }
      canvasRef={canvasRef}
      height={height}
      empty={model.points.length ? null : "暂无净值数据"}
      className={className}
    />
  );
}
