/**
 * A tap on the K-line: which bar it means and what the panel under the chart shows for it (the bar's date, open,
 * high, low, close, change and volume, its 涨停/炸板 status, and each of that day's fills). Pure, so it is testable
 * without the chart library.
 */
import { formatPercent, formatQuote, formatShares, formatVolume, priceTone, type Tone } from "@/lib/domain/statements/format";
import { formatChartTime, type KLineLimitMark, type KLineModel } from "./kline-data";

/** How far from a bar with fills a finger may land and still mean it (about half a fingertip). */
export const TAP_SLOP_PX = 12;

/**
 * The bar a tap at logical position `logical` (the chart's fractional bar index) means: the nearest bar with fills
 * within TAP_SLOP_PX, otherwise the bar under the finger. Null off the bars (before the first, after the last).
 */
export function tappedIndex(model: Pick<KLineModel, "bars" | "fillsByIndex">, logical: number | null | undefined, barSpacing: number): number | null {
  const count = model.bars.length;
  if (typeof logical !== "number" || !Number.isFinite(logical) || count === 0) return null;
  const under = Math.round(logical);
  if (under < 0 || under > count - 1) return null;
  const spacing = Number.isFinite(barSpacing) && barSpacing > 0 ? barSpacing : 6;
  const reach = TAP_SLOP_PX / spacing;
  let best: number | null = null;
  for (let i = Math.max(0, Math.ceil(logical - reach)); i <= Math.min(count - 1, Math.floor(logical + reach)); i++) {
    if (!model.fillsByIndex.has(i)) continue;
    if (best === null || Math.abs(i - logical) < Math.abs(best - logical)) best = i;
  }
  return best ?? under;
}

export interface FillLine {
  side: "buy" | "sell";
  /** 买入 / 卖出 */
  sideText: string;
  /** `09:35` when the statement has the time, else null */
  time: string | null;
  price: string;
  quantity: string;
  /** 打法 (docs/adr/0080), null when the fill has none */
  play: string | null;
}

export interface BarDetail {
  index: number;
  /** `YYYY-MM-DD` (with ` HH:mm` on a minute chart) */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  /** vs the previous close, `+3.15%`; "—" for the first bar */
  change: string;
  tone: Tone;
  volume: string;
  /** 涨停 / 炸板 / 跌停 that day, or null */
  limit: string | null;
  fills: FillLine[];
}

const LIMIT_WORD: Record<KLineLimitMark["kind"], string> = { limit_up: "涨停", broken: "炸板", limit_down: "跌停" };

/** What the panel shows for bar `index`; null when there is no such bar. */
export function barDetailAt(model: KLineModel, index: number | null): BarDetail | null {
  if (index === null) return null;
  const bar = model.bars[index];
  if (!bar) return null;
  const prev = model.bars[index - 1];
  // against the exchange's 昨收 when the bar has it (on an ex-dividend day it is not the previous close)
  const base = bar.preClose ?? prev?.close;
  const change = base !== undefined && base > 0 ? bar.close / base - 1 : null;
  const kind = model.limitByIndex.get(index);
  return {
    index,
    time: formatChartTime(model.times[index]),
    open: formatQuote(bar.open),
    high: formatQuote(bar.high),
    low: formatQuote(bar.low),
    close: formatQuote(bar.close),
    change: formatPercent(change),
    tone: change === null ? priceTone(bar.close - bar.open) : priceTone(change),
    volume: formatVolume(bar.volume),
    limit: kind ? LIMIT_WORD[kind] : null,
    fills: (model.fillsByIndex.get(index) ?? []).map((f) => ({
      side: f.side,
      sideText: f.side === "buy" ? "买入" : "卖出",
      time: f.time ? f.time.slice(0, 5) : null,
      price: formatQuote(f.price),
      quantity: formatShares(f.quantity),
      play: f.play ?? null,
    })),
  };
}
