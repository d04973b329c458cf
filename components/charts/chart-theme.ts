/** Options shared by the site's lightweight-charts (types only from the library: this file adds no chart code). */
import type { ChartOptions, DeepPartial, IChartApi } from "lightweight-charts";
import { formatChartTime, formatTick } from "./kline-data";

export const CHART_FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif';

/**
 * White background, slate text, Chinese dates (YYYY-MM-DD), touch-friendly: one-finger horizontal drag pans, vertical
 * drag scrolls the page, pinch zooms; the mouse wheel scrolls the page rather than zooming the chart.
 */
export function baseChartOptions(withClock: boolean): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: "solid", color: "#ffffff" } as DeepPartial<ChartOptions["layout"]["background"]>,
      textColor: "#64748b",
      fontSize: 11,
      fontFamily: CHART_FONT,
      panes: { separatorColor: "#e2e8f0", separatorHoverColor: "rgba(148, 163, 184, 0.2)", enableResize: false },
      // The logo covered the MACD pane on a phone; ChartCredit under every chart carries the attribution instead.
      attributionLogo: false,
    },
    grid: { vertLines: { color: "#f1f5f9" }, horzLines: { color: "#f1f5f9" } },
    rightPriceScale: { borderColor: "#e2e8f0", minimumWidth: 52 },
    timeScale: {
      borderColor: "#e2e8f0",
      timeVisible: withClock,
      secondsVisible: false,
      rightOffset: 2,
      minBarSpacing: 1.5,
      tickMarkFormatter: (time: unknown, type: number) => formatTick(time, type),
    },
    localization: {
      locale: "zh-CN",
      dateFormat: "yyyy-MM-dd",
      timeFormatter: (time: unknown) => formatChartTime(time, withClock),
    },
    handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
    handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: { time: true, price: false }, axisDoubleClickReset: true },
    kineticScroll: { touch: true, mouse: false },
  };
}

/**
 * The chart box is aria-hidden (the figure's caption and summary describe the chart to screen readers), and
 * lightweight-charts puts its TradingView attribution link inside it: a focusable element under aria-hidden is a
 * trap for keyboard users (axe: aria-hidden-focus), so the link leaves the tab order. It stays visible and clickable.
 */
export function keepAttributionOutOfTabOrder(container: HTMLElement): () => void {
  const apply = () => {
    for (const link of container.querySelectorAll("a")) if (link.tabIndex !== -1) link.tabIndex = -1;
  };
  apply();
  // The library adds the link when it lays out its last pane, after createChart returns, and again if it rebuilds it.
  if (typeof MutationObserver === "undefined") return () => {};
  const observer = new MutationObserver(apply);
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * A chart of a whole history (NAV, drawdown, cumulative P&L) shows every point from the first: the time scale cannot
 * be dragged past either end (which also keeps the first and last axis labels inside the chart instead of cut in half
 * at the edge), and the content is fitted again whenever the box changes size — with autoSize the first fit ran
 * before the box had its final width, and the resize then kept the right end and cut the start.
 */
export function showWholeHistory(chart: Pick<IChartApi, "applyOptions" | "timeScale">): () => void {
  chart.applyOptions({ timeScale: { fixLeftEdge: true, fixRightEdge: true, rightOffset: 0 } });
  const timeScale = chart.timeScale();
  const fit = () => timeScale.fitContent();
  fit();
  timeScale.subscribeSizeChange(fit);
  return () => timeScale.unsubscribeSizeChange(fit);
}
