/**
 * Everything the K-line chart draws, computed without the chart library (so it is testable and stays out of the
 * server bundle): series data, grouped B/S markers, 涨停/炸板 marks, the round trip span, the legend and the summary.
 */
import type { DailyBar } from "@/lib/domain/market/types";
import { macd, movingAverage, type MacdPoint } from "@/lib/domain/market/indicators";
import { formatQuote, formatShares, formatVolume, formatPercent, priceTone, type Tone } from "@/lib/domain/statements/format";

export type KLinePeriod = "day" | "week" | "min";

export interface KLineTradeMarker {
  date: string;
  /** HH:mm[:ss]; used to place the marker on a minute chart */
  time?: string | null;
  side: "buy" | "sell";
  price: number;
  quantity: number;
  /** 打法 (docs/adr/0080), shown with the fill when its bar is tapped */
  play?: string | null;
}

export interface KLineLimitMark {
  date: string;
  kind: "limit_up" | "broken" | "limit_down";
}

export interface KLineHighlight {
  from: string;
  /** null while the position is open: the span runs to the last bar */
  to: string | null;
}

/** The chart's horizontal item: `YYYY-MM-DD` for day/week bars, seconds (clock time written as UTC) for minutes. */
export type ChartTime = string | number;

export const KLINE_COLORS = {
  up: "#e0282e",
  down: "#16a34a",
  upVolume: "rgba(224, 40, 46, 0.55)",
  downVolume: "rgba(22, 163, 74, 0.55)",
  // The line colours are also the legend's text colours on white, so each is ≥ 4.5:1 (amber-700, not amber-500).
  ma5: "#b45309",
  ma10: "#2563eb",
  ma20: "#a21caf",
  price: "#2563eb",
  avgPrice: "#b45309",
  dif: "#334155",
  dea: "#b45309",
  broken: "#d97706",
  highlight: "rgba(29, 78, 216, 0.07)",
  highlightEdge: "rgba(29, 78, 216, 0.35)",
} as const;

export const PERIOD_LABEL: Record<KLinePeriod, string> = { day: "日K", week: "周K", min: "分时" };

export const MA_PERIODS = [5, 10, 20] as const;

export interface ChartMarker {
  time: ChartTime;
  position: "aboveBar" | "belowBar";
  shape: "arrowUp" | "arrowDown" | "circle";
  color: string;
  text: string;
  id: string;
  size?: number;
}

export interface TradeGroup {
  side: "buy" | "sell";
  quantity: number;
  /** volume-weighted price of the group's fills */
  price: number;
  fills: number;
  /** "B 2000股 @10.52" (+ "（3笔）" for several fills) */
  label: string;
}

export interface KLineModel {
  period: KLinePeriod;
  times: ChartTime[];
  bars: DailyBar[];
  candles: { time: ChartTime; open: number; high: number; low: number; close: number }[];
  /** 分时: the price line and the running average price */
  priceLine: { time: ChartTime; value: number }[];
  avgPriceLine: { time: ChartTime; value: number }[];
  volumes: { time: ChartTime; value: number; color: string }[];
  ma: Record<(typeof MA_PERIODS)[number], ({ time: ChartTime; value: number } | { time: ChartTime })[]>;
  maValues: Record<(typeof MA_PERIODS)[number], (number | null)[]>;
  macd: MacdPoint[];
  /** index range of the round trip span, inclusive; null when none or outside the bars */
  highlightRange: { start: number; end: number } | null;
  /** the round trip is still open (no closing edge) */
  highlightOpen: boolean;
  /** B/S markers and limit marks, sorted by time, as passed to createSeriesMarkers */
  markers: ChartMarker[];
  /** how many of `markers` are B/S markers (the rest are 涨停/炸板/跌停 marks) */
  tradeMarkerCount: number;
  buyMarkers: number;
  sellMarkers: number;
  /** fills that found no bar (outside the loaded range, or untimed on a minute chart) */
  unplacedFills: number;
  /** trade groups by bar index, for the legend */
  tradesByIndex: Map<number, TradeGroup[]>;
  /** each fill by bar index, in time order, for the tapped bar's panel */
  fillsByIndex: Map<number, KLineTradeMarker[]>;
  /** 涨停/炸板/跌停 by bar index (one kind a bar; 涨停 wins over 炸板 over 跌停 if a source reports several) */
  limitByIndex: Map<number, KLineLimitMark["kind"]>;
  indexByTime: Map<string, number>;
  /** 2 for stocks, 3 when a price carries a third decimal (funds, bonds) */
  pricePrecision: 2 | 3;
}

const MINUTE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;

/** `YYYY-MM-DD HH:mm` → seconds of that clock time read as UTC (the chart then shows the clock time unchanged). */
export function minuteTimestamp(text: string): number | null {
  const m = MINUTE.exec(text);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) / 1000;
}

function dayOf(text: string): string {
  return text.slice(0, 10);
}

/** Monday of the ISO week of a `YYYY-MM-DD` date, as `YYYY-MM-DD`. */
export function weekKey(date: string): string {
  const [y, m, d] = dayOf(date).split("-").map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d!));
  const shift = (t.getUTCDay() + 6) % 7;
  t.setUTCDate(t.getUTCDate() - shift);
  return t.toISOString().slice(0, 10);
}

function barTime(bar: DailyBar, period: KLinePeriod): ChartTime {
  if (period === "min") return minuteTimestamp(bar.date) ?? dayOf(bar.date);
  return dayOf(bar.date);
}

/** Index of the bar a fill (or mark) belongs to, or -1. */
function makeLocator(bars: DailyBar[], period: KLinePeriod): (date: string, time?: string | null) => number {
  if (period === "week") {
    const byWeek = new Map<string, number>();
    bars.forEach((b, i) => byWeek.set(weekKey(b.date), i));
    return (date) => byWeek.get(weekKey(date)) ?? -1;
  }
  if (period === "day") {
    const byDay = new Map<string, number>();
    bars.forEach((b, i) => byDay.set(dayOf(b.date), i));
    return (date) => byDay.get(dayOf(date)) ?? -1;
  }
  // Minute bars: the last bar at or before the fill's minute on that day; a fill before the first bar of its day
  // (call auction) goes to that first bar. Without a time there is no honest place for it.
  return (date, time) => {
    if (!time) return -1;
    const key = `${dayOf(date)} ${time.slice(0, 5)}`;
    let found = -1;
    let firstOfDay = -1;
    bars.forEach((b, i) => {
      if (dayOf(b.date) !== dayOf(date)) return;
      if (firstOfDay < 0) firstOfDay = i;
      if (b.date.slice(0, 16) <= key) found = i;
    });
    return found >= 0 ? found : firstOfDay;
  };
}

function directionTone(bars: DailyBar[], i: number): Tone {
  const bar = bars[i]!;
  const byCandle = priceTone(bar.close - bar.open);
  if (byCandle !== "flat") return byCandle;
  const prev = bars[i - 1];
  return prev ? priceTone(bar.close - prev.close) : "flat";
}

const LIMIT_TEXT: Record<KLineLimitMark["kind"], { text: string; color: string; position: "aboveBar" | "belowBar" }> = {
  limit_up: { text: "涨停", color: KLINE_COLORS.up, position: "aboveBar" },
  broken: { text: "炸板", color: KLINE_COLORS.broken, position: "aboveBar" },
  limit_down: { text: "跌停", color: KLINE_COLORS.down, position: "belowBar" },
};

const LIMIT_RANK: Record<KLineLimitMark["kind"], number> = { limit_up: 0, broken: 1, limit_down: 2 };

export function tradeLabel(side: "buy" | "sell", quantity: number, price: number, fills: number): string {
  return `${side === "buy" ? "B" : "S"} ${formatShares(quantity)} @${formatQuote(price)}${fills > 1 ? `（${fills}笔）` : ""}`;
}

export function buildKLineModel(input: {
  bars: DailyBar[];
  markers: KLineTradeMarker[];
  limitMarks?: KLineLimitMark[];
  highlight?: KLineHighlight | null;
  period: KLinePeriod;
}): KLineModel {
  const { period } = input;
  // The library throws on unsorted or repeated times and on non-numbers: sort, keep the last bar of a time, drop bad bars.
  const byTime = new Map<string, DailyBar>();
  for (const bar of input.bars) {
    if (![bar.open, bar.high, bar.low, bar.close].every((v) => Number.isFinite(v))) continue;
    byTime.set(String(barTime(bar, period)), bar);
  }
  const bars = [...byTime.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const times = bars.map((b) => barTime(b, period));
  const indexByTime = new Map(times.map((t, i) => [String(t), i]));
  const closes = bars.map((b) => b.close);

  const candles = bars.map((b, i) => ({ time: times[i]!, open: b.open, high: b.high, low: b.low, close: b.close }));
  const priceLine = bars.map((b, i) => ({ time: times[i]!, value: b.close }));
  let cumAmount = 0;
  let cumVolume = 0;
  const avgPriceLine = bars.map((b, i) => {
    cumAmount += b.amount ?? b.close * b.volume;
    cumVolume += b.volume;
    return { time: times[i]!, value: cumVolume > 0 ? cumAmount / cumVolume : b.close };
  });
  const volumes = bars.map((b, i) => ({
    time: times[i]!,
    value: Number.isFinite(b.volume) ? b.volume : 0,
    color: directionTone(bars, i) === "down" ? KLINE_COLORS.downVolume : KLINE_COLORS.upVolume,
  }));
  const maValues = Object.fromEntries(MA_PERIODS.map((n) => [n, movingAverage(closes, n)])) as KLineModel["maValues"];
  const ma = Object.fromEntries(
    MA_PERIODS.map((n) => [n, maValues[n].map((v, i) => (v === null ? { time: times[i]! } : { time: times[i]!, value: v }))]),
  ) as KLineModel["ma"];

  const locate = makeLocator(bars, period);

  // Round trip span
  let highlightRange: KLineModel["highlightRange"] = null;
  if (input.highlight && bars.length) {
    const from = dayOf(input.highlight.from);
    const to = input.highlight.to ? dayOf(input.highlight.to) : null;
    const key = (d: string) => (period === "week" ? weekKey(d) : d);
    const inSpan = (b: DailyBar) => key(dayOf(b.date)) >= key(from) && (to === null || key(dayOf(b.date)) <= key(to));
    const start = bars.findIndex(inSpan);
    if (start >= 0) {
      let end = start;
      for (let i = start; i < bars.length && inSpan(bars[i]!); i++) end = i;
      highlightRange = { start, end };
    }
  }

  // B/S markers: one per bar and side, summed
  const groups = new Map<string, { index: number; side: "buy" | "sell"; quantity: number; value: number; fills: number }>();
  const fillsByIndex = new Map<number, KLineTradeMarker[]>();
  let unplacedFills = 0;
  for (const m of input.markers) {
    const index = locate(m.date, m.time);
    if (index < 0 || !(m.quantity > 0)) {
      unplacedFills++;
      continue;
    }
    const fills = fillsByIndex.get(index) ?? [];
    fills.push(m);
    fillsByIndex.set(index, fills);
    const key = `${index}:${m.side}`;
    const g = groups.get(key) ?? { index, side: m.side, quantity: 0, value: 0, fills: 0 };
    g.quantity += m.quantity;
    g.value += m.price * m.quantity;
    g.fills += 1;
    groups.set(key, g);
  }
  const tradesByIndex = new Map<number, TradeGroup[]>();
  const placed: (ChartMarker & { index: number; order: number })[] = [];
  for (const g of groups.values()) {
    const price = g.value / g.quantity;
    const label = tradeLabel(g.side, g.quantity, price, g.fills);
    const list = tradesByIndex.get(g.index) ?? [];
    list.push({ side: g.side, quantity: g.quantity, price, fills: g.fills, label });
    list.sort((a, b) => (a.side === b.side ? 0 : a.side === "buy" ? -1 : 1));
    tradesByIndex.set(g.index, list);
    placed.push({
      index: g.index,
      order: g.side === "buy" ? 0 : 1,
      time: times[g.index]!,
      position: g.side === "buy" ? "belowBar" : "aboveBar",
      shape: g.side === "buy" ? "arrowUp" : "arrowDown",
      color: g.side === "buy" ? KLINE_COLORS.up : KLINE_COLORS.down,
      text: g.side === "buy" ? "B" : "S",
      id: `${g.side}-${String(times[g.index])}`,
    });
  }
  const tradeMarkerCount = placed.length;
  const buyMarkers = placed.filter((p) => p.text === "B").length;

  for (const fills of fillsByIndex.values()) fills.sort((x, y) => (x.time ?? "").localeCompare(y.time ?? ""));
  const seenLimit = new Set<string>();
  const limitByIndex = new Map<number, KLineLimitMark["kind"]>();
  for (const mark of input.limitMarks ?? []) {
    // A minute chart has no time for a day's mark: it is left out there.
    const index = locate(mark.date, null);
    if (index < 0) continue;
    const key = `${index}:${mark.kind}`;
    if (seenLimit.has(key)) continue;
    seenLimit.add(key);
    const known = limitByIndex.get(index);
    if (!known || LIMIT_RANK[mark.kind] < LIMIT_RANK[known]) limitByIndex.set(index, mark.kind);
    const style = LIMIT_TEXT[mark.kind];
    placed.push({
      index,
      // Trade arrows sit next to the bar, limit marks outside them.
      order: 2,
      time: times[index]!,
      position: style.position,
      shape: "circle",
      size: 0.5,
      color: style.color,
      text: style.text,
      id: `${mark.kind}-${String(times[index])}`,
    });
  }
  placed.sort((a, b) => a.index - b.index || a.order - b.order);
  const markers: ChartMarker[] = placed.map((p) => {
    const { time, position, shape, color, text, id, size } = p;
    return size === undefined ? { time, position, shape, color, text, id } : { time, position, shape, color, text, id, size };
  });

  return {
    period,
    times,
    bars,
    candles,
    priceLine,
    avgPriceLine,
    volumes,
    ma,
    maValues,
    macd: macd(closes),
    highlightRange,
    highlightOpen: !!input.highlight && !input.highlight.to,
    markers,
    tradeMarkerCount,
    buyMarkers,
    sellMarkers: tradeMarkerCount - buyMarkers,
    unplacedFills,
    tradesByIndex,
    fillsByIndex,
    limitByIndex,
    indexByTime,
    pricePrecision: bars.some((b) => [b.open, b.high, b.low, b.close].some((p) => !p.toFixed(3).endsWith("0"))) ? 3 : 2,
  };
}

/** The bar index of a crosshair time as the chart reports it (string, BusinessDay object or seconds). */
export function indexOfTime(model: KLineModel, time: unknown): number | null {
  if (time === undefined || time === null) return null;
  let key: string;
  if (typeof time === "object") {
    const t = time as { year: number; month: number; day: number };
    key = `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
  } else {
    key = String(time);
  }
  return model.indexByTime.get(key) ?? null;
}

/** Writes a chart time for the crosshair label and the legend: `YYYY-MM-DD`, with ` HH:mm` for minutes. */
export function formatChartTime(time: unknown, withClock = true): string {
  if (typeof time === "number") {
    const iso = new Date(time * 1000).toISOString();
    return withClock ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
  }
  if (typeof time === "string") return time;
  if (time && typeof time === "object") {
    const t = time as { year: number; month: number; day: number };
    return `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
  }
  return "";
}

/** Axis labels: 年 `2024`, 月 `2024-03`, 日 `03-15`, 时间 `10:30`. tickMarkType follows TickMarkType (0–4). */
export function formatTick(time: unknown, tickMarkType: number): string {
  const full = formatChartTime(time);
  const date = full.slice(0, 10);
  switch (tickMarkType) {
    case 0:
      return date.slice(0, 4);
    case 1:
      return date.slice(0, 7);
    case 2:
      return date.slice(5, 10);
    default:
      return full.length > 10 ? full.slice(11, 16) : date.slice(5, 10);
  }
}

/** The visible bars on first draw: about 7 px a bar, the round trip centred when there is one. */
export function initialRange(count: number, widthPx: number, span: { start: number; end: number } | null): { from: number; to: number } | null {
  const visible = Math.max(30, Math.min(150, Math.floor(widthPx / 7)));
  if (count <= visible) return null;
  const rightPad = 2;
  if (span) {
    const len = Math.max(visible, span.end - span.start + 11);
    let from = (span.start + span.end) / 2 - len / 2;
    let to = from + len;
    if (to > count - 1 + rightPad) {
      to = count - 1 + rightPad;
      from = to - len;
    }
    if (from < 0) {
      from = -0.5;
      to = from + len;
    }
    return { from, to };
  }
  return { from: count - visible + rightPad, to: count - 1 + rightPad };
}

export interface LegendData {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** vs the bar's 昨收 (preClose), else the previous bar's close; null for a first bar without 昨收 */
  change: number | null;
  changeText: string;
  tone: Tone;
  volumeText: string;
  ma: { n: number; value: number | null; color: string }[];
  avgPrice: number | null;
  macd: MacdPoint | null;
  trades: TradeGroup[];
}

const MA_COLORS: Record<number, string> = { 5: KLINE_COLORS.ma5, 10: KLINE_COLORS.ma10, 20: KLINE_COLORS.ma20 };

export function legendAt(model: KLineModel, index: number): LegendData | null {
  const bar = model.bars[index];
  if (!bar) return null;
  const prev = model.bars[index - 1];
  // against the exchange's 昨收 when the bar has it (on an ex-dividend day it is not the previous close)
  const base = bar.preClose ?? prev?.close;
  const change = base !== undefined && base > 0 ? bar.close / base - 1 : null;
  return {
    time: formatChartTime(model.times[index]),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    change,
    changeText: change === null ? "" : formatPercent(change),
    tone: change === null ? priceTone(bar.close - bar.open) : priceTone(change),
    volumeText: formatVolume(bar.volume),
    ma: MA_PERIODS.map((n) => ({ n, value: model.maValues[n][index] ?? null, color: MA_COLORS[n]! })),
    avgPrice: model.avgPriceLine[index]?.value ?? null,
    macd: model.macd[index] ?? null,
    trades: model.tradesByIndex.get(index) ?? [],
  };
}

/** One sentence for screen readers and crawlers: range, last close, B/S markers, the round trip. */
export function klineSummary(model: KLineModel, caption?: string): string {
  const label = `${caption ? `${caption} ` : ""}${PERIOD_LABEL[model.period]}`;
  if (!model.bars.length) return `${label}：暂无行情数据。`;
  const first = formatChartTime(model.times[0]);
  const lastIndex = model.bars.length - 1;
  const last = formatChartTime(model.times[lastIndex]);
  const parts = [
    `${label}：${first} 至 ${last}，共 ${model.bars.length} 根`,
    `最新收盘 ${formatQuote(model.bars[lastIndex]!.close)}`,
    `买入标记 ${model.buyMarkers} 个、卖出标记 ${model.sellMarkers} 个`,
  ];
  if (model.highlightRange) {
    const { start, end } = model.highlightRange;
    parts.push(`持仓区间 ${formatChartTime(model.times[start])} 至 ${formatChartTime(model.times[end])}`);
  }
  if (model.unplacedFills > 0) parts.push(`${model.unplacedFills} 笔成交不在图表范围内`);
  return `${parts.join("，")}。`;
}
