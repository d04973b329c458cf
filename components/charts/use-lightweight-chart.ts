"use client";

import { createChart, type IChartApi, type MouseEventParams, type Time } from "lightweight-charts";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { baseChartOptions, keepAttributionOutOfTabOrder, showWholeHistory } from "./chart-theme";
import { formatChartTime } from "./kline-data";

export interface LightweightChartSetup<Model> {
  /** what is drawn; a new model draws the chart again */
  model: Model;
  /** false when there is nothing to draw (no bars, no points): no chart is made */
  drawable: boolean;
  /** the canvas height: a new height draws the chart again */
  height: number;
  /** the time axis shows hours and minutes (分时) */
  withClock?: boolean;
  /** a whole history (NAV, drawdown, P&L): fitted from the first point, not draggable past either end (showWholeHistory) */
  wholeHistory?: boolean;
  /** the index of the point under the crosshair at `time`, or null */
  indexAt: (time: Time) => number | null;
  /** adds the series (and anything else) to the chart; returns what to undo before the chart is removed */
  draw: (chart: IChartApi, model: Model, container: HTMLElement) => (() => void) | void;
}

/**
 * The set-up every chart of the site shares: a lightweight-charts chart on the returned `canvasRef` with the site's
 * theme (chart-theme.ts; `autoSize` follows the box's size), the library's link kept out of the tab order, the
 * crosshair followed as `hover` (null when off the chart), and everything removed on unmount or before a redraw.
 * `drawn` is the model the library has drawn (null until then): charts report `data-ready` from it.
 *
 * The library itself is loaded lazily by the chart's *Lazy wrapper (next/dynamic), which keeps it out of the first
 * load; importing it here again with import() would only add a second round trip before the first paint.
 */
export function useLightweightChart<Model>({ model, drawable, height, withClock = false, wholeHistory = false, indexAt, draw }: LightweightChartSetup<Model>) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Model | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const drawSeries = useEffectEvent(draw);
  const hoveredIndex = useEffectEvent(indexAt);

  useEffect(() => {
    const container = canvasRef.current;
    if (!container || !drawable) return;
    const chart = createChart(container, baseChartOptions(withClock));
    const stopUntabbing = keepAttributionOutOfTabOrder(container);
    const undraw = drawSeries(chart, model, container);
    const stopFitting = wholeHistory ? showWholeHistory(chart) : null;
    const onMove = (param: MouseEventParams<Time>) => setHover(param.time === undefined ? null : hoveredIndex(param.time));
    chart.subscribeCrosshairMove(onMove);
    setDrawn(model);
    return () => {
      stopFitting?.();
      stopUntabbing();
      chart.unsubscribeCrosshairMove(onMove);
      undraw?.();
      chart.remove();
      setDrawn(null);
      setHover(null);
    };
  }, [model, drawable, height, withClock, wholeHistory]);

  return { canvasRef, drawn, hover };
}

/** `indexAt` of a chart with one point a day: the position of the crosshair's date in `dates`. */
export function indexByDate(dates: readonly string[]): (time: Time) => number | null {
  const index = new Map(dates.map((date, i) => [date, i]));
  return (time) => index.get(formatChartTime(time)) ?? null;
}
