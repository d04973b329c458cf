"use client";

import { BaselineSeries, createChart, type MouseEventParams, type Time } from "lightweight-charts";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { formatSignedYuanWan, formatWan, pnlTone } from "@/lib/domain/statements/format";
import { baseChartOptions, keepAttributionOutOfTabOrder, showWholeHistory } from "./chart-theme";
import { EQUITY_DEFAULT_HEIGHT, EQUITY_LEGEND_HEIGHT, equitySeries, equitySummary, type EquityPoint, type EquityPointInput } from "./equity-data";
import { KLINE_COLORS, formatChartTime } from "./kline-data";

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

/** Cumulative P&L as a baseline area at 0: red above, green below (红涨绿跌). */
export function EquityCurve({ points, height = EQUITY_DEFAULT_HEIGHT, caption, describedBy, className }: EquityCurveProps) {
  const series = useMemo(() => equitySeries(points), [points]);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [readyFor, setReadyFor] = useState<EquityPoint[] | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const summaryId = useId();

  useEffect(() => {
    const el = canvasRef.current;
    if (!el || !series.length) return;
    const chart = createChart(el, baseChartOptions(false));
    const stopUntabbing = keepAttributionOutOfTabOrder(el);
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
    const stopFitting = showWholeHistory(chart);
    const index = new Map(series.map((p, i) => [p.date, i]));
    const onMove = (param: MouseEventParams<Time>) =>
      setHover(param.time === undefined ? null : (index.get(formatChartTime(param.time)) ?? null));
    chart.subscribeCrosshairMove(onMove);
    setReadyFor(series);
    return () => {
      stopFitting();
      stopUntabbing();
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      setReadyFor(null);
      setHover(null);
    };
  }, [series, height]);

  const label = caption ?? "累计盈亏曲线";
  const shown = series[hover ?? series.length - 1];
  const tone = pnlTone(shown?.value);

  return (
    <figure
      data-testid="equity-curve"
      data-ready={readyFor === series && series.length ? "true" : "false"}
      aria-label={label}
      aria-describedby={describedBy ?? summaryId}
      className={cn("m-0 w-full min-w-0", className)}
    >
      {describedBy ? null : (
        <figcaption id={summaryId} className="sr-only">
          {equitySummary(series, caption)}
        </figcaption>
      )}
      <div aria-hidden className="flex items-center gap-2 px-1 text-[11px] text-slate-500 tabular-nums" style={{ height: EQUITY_LEGEND_HEIGHT }}>
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
      </div>
      {series.length ? (
        <div ref={canvasRef} aria-hidden className="relative w-full min-w-0 select-none" style={{ height }} />
      ) : (
        <div className="flex w-full items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-400" style={{ height }}>
          暂无已平仓的交易
        </div>
      )}
    </figure>
  );
}
