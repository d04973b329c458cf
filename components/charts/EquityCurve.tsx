"use client";

import { BaselineSeries, type IChartApi, type Time } from "lightweight-charts";
import { useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { formatSignedYuanWan, formatWan, pnlTone } from "@/lib/domain/statements/format";
import { EQUITY_DEFAULT_HEIGHT, EQUITY_LEGEND_HEIGHT, equitySeries, equitySummary, type EquityPoint, type EquityPointInput } from "./equity-data";
import { ChartFigure } from "./ChartFigure";
import { KLINE_COLORS } from "./kline-data";
import { indexByDate, useLightweightChart } from "./use-lightweight-chart";
import { ChartLegend } from "./ChartLegend";

export type { EquityPoint, EquityPointInput } from "./equity-data";
export { EQUITY_DEFAULT_HEIGHT, EQUITY_LEGEND_HEIGHT } from "./equity-data";

export interface EquityCurveProps {
  /** cumulative realised P&L (yuan) by date: `{date, value}` or `{date, cumulativePnl}` */
  points: EquityPointInput[];
  /** canvas height in px; the legend adds EQUITY_LEGEND_HEIGHT */
  height?: number;
  /** names the figure, e.g. "累计盈亏曲线" (the default) */
  caption?: string;
  /** id of a summary rendered outside (EquityCurveLazy); the chart then renders none */
  describedBy?: string;
  className?: string;
}

function drawEquity(chart: IChartApi, series: EquityPoint[]) {
  const line = chart.addSeries(BaselineSeries, {
    baseValue: { type: "price", price: 0 },
    topLineColor: KLINE_COLORS.up,
    topFillColor1: "rgba(224, 40, 46, 0.28)",
    topFillColor2: "rgba(224, 40, 46, 0.04)",
    bottomLineColor: KLINE_COLORS.down,
    bottomFillColor1: "rgba(22, 163, 74, 0.04)",
    bottomFillColor2: "rgba(22, 163, 74, 0.28)",
    lineWidth: 2,
    priceFormat: { type: "custom", formatter: (v: number) => formatWan(v, 2, 0), minMove: 0.01 },
    priceLineVisible: false,
  });
  line.setData(series.map((p) => ({ time: p.date as Time, value: p.value })));
}

/** Cumulative P&L as a baseline area at 0: red above, green below (红涨绿跌). */
export function EquityCurve({ points, height = EQUITY_DEFAULT_HEIGHT, caption, describedBy, className }: EquityCurveProps) {
  const series = useMemo(() => equitySeries(points), [points]);
  const indexAt = useMemo(() => indexByDate(series.map((p) => p.date)), [series]);
  const { canvasRef, drawn, hover } = useLightweightChart({ model: series, drawable: series.length > 0, height, wholeHistory: true, indexAt, draw: drawEquity });

  const label = caption ?? "累计盈亏曲线";
  const shown = series[hover ?? series.length - 1];
  const tone = pnlTone(shown?.value);

  return (
    <ChartFigure
      testId="equity-curve"
      ready={drawn === series && series.length > 0}
      label={label}
      describedBy={describedBy}
      summary={() => equitySummary(series, caption)}
      legend={
        <ChartLegend className="flex items-center gap-2" height={EQUITY_LEGEND_HEIGHT}>
          {shown ? (
            <>
              <span className="text-slate-700">{shown.date}</span>
              <span>
                累计盈亏{" "}
                <span className={cn("font-medium", tone === "up" ? "text-up" : tone === "down" ? "text-down-text" : "text-slate-600")}>
                  {formatSignedYuanWan(shown.value)}
                </span>
              </span>
            </>
          ) : null}
        </ChartLegend>
      }
      canvasRef={canvasRef}
      height={height}
      empty={series.length ? null : "暂无已平仓的交易"}
      className={className}
    />
  );
}
