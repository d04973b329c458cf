"use client";

import {
  CandlestickSeries, HistogramSeries, LineSeries, createSeriesMarkers,
  type IChartApi, type ISeriesApi, type MouseEventParams, type SeriesMarker, type SeriesType, type Time,
} from "lightweight-charts";
import { useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { DailyBar } from "@/lib/domain/market/types";
import { formatNumber, formatVolumeAxis } from "@/lib/domain/statements/format";
import { ChartFigure } from "./ChartFigure";
import { layoutMarkers } from "./kline-markers";
import { barDetailAt, tappedIndex, type BarDetail } from "./kline-tap";
import { SpanBand } from "./span-band";
import {
  KLINE_COLORS, PERIOD_LABEL, buildKLineModel, indexOfTime, initialRange, klineSummary, legendAt,
  type KLineHighlight, type KLineLimitMark, type KLineModel, type KLinePeriod, type KLineTradeMarker, type LegendData,
} from "./kline-data";
import { KLINE_DEFAULT_HEIGHT, KLINE_LEGEND_HEIGHT } from "./kline-size";
import { useLightweightChart } from "./use-lightweight-chart";
import { ChartLegend } from "./ChartLegend";

export type { KLineHighlight, KLineLimitMark, KLinePeriod, KLineTradeMarker } from "./kline-data";

export interface KLineChartProps {
  bars: DailyBar[];
  /** the fills of this symbol; several the same bar and side become one marker */
  markers: KLineTradeMarker[];
  limitMarks?: KLineLimitMark[];
  /** the round trip, shaded on the chart */
  highlight?: KLineHighlight | null;
  period: KLinePeriod;
  /** canvas height in px (price, volume and MACD panes together); the legend adds KLINE_LEGEND_HEIGHT */
  height?: number;
  /** e.g. "贵州茅台(600519)": names the figure for screen readers and starts the summary */
  caption?: string;
  /** id of a summary rendered outside (KLineChartLazy renders it on the server); the chart then renders none */
  describedBy?: string;
  className?: string;
}

/** Bar time as the library wants it (a `YYYY-MM-DD` string or UTC seconds). */
function asTimeData<T>(data: unknown): T[] {
  return data as T[];
}

function drawChart(chart: IChartApi, model: KLineModel, container: HTMLElement, onTap: (index: number | null) => void) {
  const isMinute = model.period === "min";
  const priceFormat = { type: "price" as const, precision: model.pricePrecision, minMove: model.pricePrecision === 3 ? 0.001 : 0.01 };

  let main: ISeriesApi<SeriesType, Time>;
  if (isMinute) {
    main = chart.addSeries(LineSeries, { color: KLINE_COLORS.price, lineWidth: 2, priceFormat, title: "" }, 0);
    main.setData(asTimeData(model.priceLine));
    const avg = chart.addSeries(LineSeries, {
      color: KLINE_COLORS.avgPrice, lineWidth: 1, priceFormat, lastValueVisible: false, priceLineVisible: false,
      crosshairMarkerVisible: false,
    }, 0);
    avg.setData(asTimeData(model.avgPriceLine));
  } else {
    main = chart.addSeries(CandlestickSeries, {
      upColor: KLINE_COLORS.up, downColor: KLINE_COLORS.down, borderUpColor: KLINE_COLORS.up, borderDownColor: KLINE_COLORS.down,
      wickUpColor: KLINE_COLORS.up, wickDownColor: KLINE_COLORS.down, priceFormat,
    }, 0);
    main.setData(asTimeData(model.candles));
    for (const [n, color] of [[5, KLINE_COLORS.ma5], [10, KLINE_COLORS.ma10], [20, KLINE_COLORS.ma20]] as const) {
      const line = chart.addSeries(LineSeries, {
        color, lineWidth: 1, priceFormat, lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false,
      }, 0);
      line.setData(asTimeData(model.ma[n]));
    }
  }

  const volume = chart.addSeries(HistogramSeries, {
    priceFormat: { type: "custom", formatter: (v: number) => formatVolumeAxis(v), minMove: 1 },
    lastValueVisible: false, priceLineVisible: false,
  }, 1);
  volume.setData(asTimeData(model.volumes));

  const hist = chart.addSeries(HistogramSeries, {
    priceFormat: { type: "price", precision: 3, minMove: 0.001 }, lastValueVisible: false, priceLineVisible: false,
  }, 2);
  hist.setData(asTimeData(model.macd.map((p, i) => ({
    time: model.times[i], value: p.hist, color: p.hist >= 0 ? KLINE_COLORS.up : KLINE_COLORS.down,
  }))));
  for (const [key, color] of [["dif", KLINE_COLORS.dif], ["dea", KLINE_COLORS.dea]] as const) {
    const line = chart.addSeries(LineSeries, {
      color, lineWidth: 1, priceFormat: { type: "price", precision: 3, minMove: 0.001 },
      lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false,
    }, 2);
    line.setData(asTimeData(model.macd.map((p, i) => ({ time: model.times[i], value: p[key] }))));
  }

  // Room for the markers' texts above and below the candles, and the small panes' top labels kept clear of the pane
  // above (a volume label at the very top sat on the price pane's lowest label).
  main.priceScale().applyOptions({ scaleMargins: { top: 0.14, bottom: 0.14 } });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.3, bottom: 0 } });
  hist.priceScale().applyOptions({ scaleMargins: { top: 0.2, bottom: 0.1 } });

  const panes = chart.panes();
  panes[0]?.setStretchFactor(3);
  panes[1]?.setStretchFactor(1);
  panes[2]?.setStretchFactor(1.2);

  // The round trip: a band behind the candles from its first to its last bar.
  if (model.highlightRange) {
    const { start, end } = model.highlightRange;
    main.attachPrimitive(new SpanBand(start, end, KLINE_COLORS.highlight, KLINE_COLORS.highlightEdge, model.highlightOpen));
  }

  const timeScale = chart.timeScale();
  const range = initialRange(model.bars.length, container.clientWidth || 375, model.highlightRange);
  if (range) timeScale.setVisibleLogicalRange(range);
  else timeScale.fitContent();

  // Marker labels are laid out for the current zoom (px a bar), again whenever it changes.
  const barSpacing = () => {
    const visible = timeScale.getVisibleLogicalRange();
    const width = timeScale.width();
    return visible && width > 0 && visible.to > visible.from ? width / (visible.to - visible.from) : (container.clientWidth || 375) / Math.max(1, model.bars.length);
  };
  const layout = () => layoutMarkers(model, barSpacing()) as unknown as SeriesMarker<Time>[];
  const textsOf = (list: SeriesMarker<Time>[]) => list.map((m) => m.text ?? "").join("|");
  const first = layout();
  const markers = createSeriesMarkers(main, first);
  let drawnTexts = textsOf(first);
  const relayout = () => {
    const next = layout();
    const texts = textsOf(next);
    if (texts === drawnTexts) return;
    drawnTexts = texts;
    markers.setMarkers(next);
  };
  timeScale.subscribeVisibleLogicalRangeChange(relayout);

  // A tap (or click) picks the bar under it, or the bar with fills within a fingertip.
  const onClick = (param: MouseEventParams<Time>) => onTap(tappedIndex(model, param.logical, barSpacing()));
  chart.subscribeClick(onClick);

  return () => {
    timeScale.unsubscribeVisibleLogicalRangeChange(relayout);
    chart.unsubscribeClick(onClick);
    markers.detach();
  };
}

/**
 * The K-line of one symbol with volume, MA5/10/20 (分时: price and 均价), MACD, B/S markers at the fills, 涨停/炸板
 * marks and the round trip shaded. Import it through KLineChartLazy so the chart library stays out of first load.
 */
export function KLineChart({
  bars, markers, limitMarks, highlight, period, height = KLINE_DEFAULT_HEIGHT, caption, describedBy, className,
}: KLineChartProps) {
  const model = useMemo(
    () => buildKLineModel({ bars, markers, limitMarks, highlight, period }),
    [bars, markers, limitMarks, highlight, period],
  );
  const [tapped, setTapped] = useState<number | null>(null);
  const { canvasRef, drawn, hover } = useLightweightChart({
    model,
    drawable: model.bars.length > 0,
    height,
    withClock: model.period === "min",
    indexAt: (time) => indexOfTime(model, time),
    draw: (chart, drawing, container) => {
      const undraw = drawChart(chart, drawing, container, (index) => {
        if (index !== null) setTapped(index);
      });
      return () => {
        undraw();
        setTapped(null);
      };
    },
  });

  // What the library drew, reported for the e2e tests.
  const ready = drawn === model;
  const lastIndex = model.bars.length - 1;
  const legend = legendAt(model, hover !== null && hover <= lastIndex ? hover : lastIndex);
  const periodName = PERIOD_LABEL[period];

  return (
    <ChartFigure
      testId="kline-chart"
      ready={ready}
      data={{
        "data-markers": ready ? model.tradeMarkerCount : 0,
        "data-limit-marks": ready ? model.markers.length - model.tradeMarkerCount : 0,
        "data-period": period,
      }}
      label={`${caption ? `${caption} ` : ""}K线图（${periodName}）`}
      describedBy={describedBy}
      summary={() => klineSummary(model, caption)}
      legend={<Legend legend={legend} isMinute={period === "min"} precision={model.pricePrecision} />}
      canvasRef={canvasRef}
      height={height}
      empty={model.bars.length ? null : "暂无行情数据"}
      emptyClassName="text-slate-500"
      className={className}
    >
      <BarPanel detail={ready ? barDetailAt(model, tapped) : null} onClose={() => setTapped(null)} />
    </ChartFigure>
  );
}

function toneText(tone: "up" | "down" | "flat"): string {
  return tone === "up" ? "text-up" : tone === "down" ? "text-down-text" : "text-slate-600";
}

function Legend({ legend, isMinute, precision }: { legend: LegendData | null; isMinute: boolean; precision: number }) {
  const formatQuote = (v: number) => formatNumber(v, precision);
  return (
    <ChartLegend testId="kline-legend" className="flex flex-col justify-center gap-0.5 overflow-hidden leading-4 whitespace-nowrap" height={KLINE_LEGEND_HEIGHT}>
      {legend ? (
        <>
          <div className="flex min-w-0 items-center gap-x-2 overflow-hidden">
            <span className="text-slate-700">{legend.time}</span>
            <span>
              {isMinute ? "价" : "收"} <span className={cn("font-medium", toneText(legend.tone))}>{formatQuote(legend.close)}</span>
              {legend.changeText ? <span className={cn("ml-1", toneText(legend.tone))}>{legend.changeText}</span> : null}
            </span>
            {isMinute ? null : (
              <span className="hidden sm:inline">
                开 {formatQuote(legend.open)} 高 {formatQuote(legend.high)} 低 {formatQuote(legend.low)}
              </span>
            )}
            <span>量 {legend.volumeText}</span>
          </div>
          <div className="flex min-w-0 items-center gap-x-2 overflow-hidden">
            {isMinute ? (
              <span style={{ color: KLINE_COLORS.avgPrice }}>均价 {legend.avgPrice === null ? "—" : formatQuote(legend.avgPrice)}</span>
            ) : (
              legend.ma.map((m) => (
                <span key={m.n} style={{ color: m.color }}>
                  MA{m.n} {m.value === null ? "—" : formatQuote(m.value)}
                </span>
              ))
            )}
            {legend.macd ? (
              <span className="hidden sm:inline">
                MACD <span style={{ color: KLINE_COLORS.dif }}>DIF {legend.macd.dif.toFixed(3)}</span>{" "}
                <span style={{ color: KLINE_COLORS.dea }}>DEA {legend.macd.dea.toFixed(3)}</span>
              </span>
            ) : null}
          </div>
          <div className="flex min-w-0 items-center gap-x-2 overflow-hidden">
            {legend.trades.length ? (
              legend.trades.map((t) => (
                <span key={t.side} data-testid="kline-trade" className={cn("font-medium", t.side === "buy" ? "text-up" : "text-down-text")}>
                  {t.label}
                </span>
              ))
            ) : (
              <span className="text-slate-500">
                <span className="font-medium text-up">B</span> 买入 <span className="font-medium text-down-text">S</span> 卖出 · 轻点K线看当日明细
              </span>
            )}
          </div>
        </>
      ) : null}
    </ChartLegend>
  );
}

/**
 * The tapped bar: date, open/high/low/close, change and volume, its 涨停/炸板 status, and each fill of that day
 * (买入/卖出, time, quantity, price). Announced politely when it changes; closed with ×.
 */
function BarPanel({ detail, onClose }: { detail: BarDetail | null; onClose: () => void }) {
  return (
    <div aria-live="polite" className="min-w-0">
      {detail ? (
        <section data-testid="kline-bar-panel" aria-label={`${detail.time} K线明细`} className="mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-600 tabular-nums">
          <div className="flex items-center gap-2">
            <span className="font-medium text-slate-800">{detail.time}</span>
            {detail.limit ? <span className="rounded bg-white px-1 text-[11px] font-medium text-slate-700 ring-1 ring-slate-200">{detail.limit}</span> : null}
            <span className={cn("font-medium", toneText(detail.tone))}>{detail.change}</span>
            <button type="button" onClick={onClose} aria-label="关闭K线明细" className="-my-1 -mr-2 ml-auto rounded px-2 py-1 text-base leading-none text-slate-500 hover:bg-slate-200">
              ×
            </button>
          </div>
          <dl className="mt-1 grid grid-cols-3 gap-x-3 gap-y-0.5">
            {([["开", detail.open], ["高", detail.high], ["低", detail.low], ["收", detail.close], ["量", detail.volume]] as const).map(([k, v]) => (
              <div key={k} className="flex min-w-0 gap-1 whitespace-nowrap">
                <dt className="text-slate-500">{k}</dt>
                <dd className="text-slate-800">{v}</dd>
              </div>
            ))}
          </dl>
          {detail.fills.length ? (
            <ul className="mt-1.5 space-y-0.5 border-t border-slate-200 pt-1.5" aria-label="当日成交">
              {detail.fills.map((f, i) => (
                <li key={i} data-testid="kline-bar-fill" className="flex flex-wrap gap-x-2 whitespace-nowrap">
                  <span className={cn("font-medium", f.side === "buy" ? "text-up" : "text-down-text")}>{f.sideText}</span>
                  {f.time ? <span>{f.time}</span> : null}
                  <span className="text-slate-800">{f.quantity}</span>
                  <span>@{f.price}</span>
                  {f.play ? <span className="text-slate-800" data-testid="kline-fill-play">{f.play}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1.5 border-t border-slate-200 pt-1.5 text-slate-500">当日无成交</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
