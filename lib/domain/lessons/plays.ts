import { limitRatio, limitUpPrice, priceDecimals } from "@/lib/domain/market/limits";
import type { DailyBar } from "@/lib/domain/market/types";

/**
 * 打法: how each buy and sell of a stock was made, read from the day's bar, the day's limit-up price and the fill's
 * price and time (docs/adr/0080). Only what daily bars can tell is labelled: a buy at the limit-up price is 打板, but
 * whether it sealed the board, queued on it (排板) or bought its reopening (回封) needs minute bars, and is said so.
 */

/** 半路: bought above the previous close by more than this, below the limit-up price */
export const HALFWAY_GAIN = 0.05;
/** 低吸 and 冲高: within this share of the day's range from its low (or its high) */
export const NEAR_EXTREME_SHARE = 0.2;
/** 冲高: sold at least this far above the previous close, near the day's high */
export const SPIKE_GAIN = 0.03;
/** 止损: sold at least this far below the average cost of the shares held */
export const STOP_LOSS_DROP = 0.03;

export const BUY_PLAYS = ["auction", "limit-up", "halfway", "dip", "other"] as const;
export const SELL_PLAYS = ["broken-board", "board-ended", "stop-loss", "spike", "other"] as const;
export type BuyPlay = (typeof BUY_PLAYS)[number];
export type SellPlay = (typeof SELL_PLAYS)[number];
export type Play = BuyPlay | SellPlay;

export const PLAY_LABELS: Record<`buy:${BuyPlay}` | `sell:${SellPlay}`, string> = {
  "buy:auction": "竞价",
  "buy:limit-up": "打板",
  "buy:halfway": "半路",
  "buy:dip": "低吸",
  "buy:other": "其他买入",
  "sell:broken-board": "炸板卖出",
  "sell:board-ended": "断板卖出",
  "sell:stop-loss": "止损",
  "sell:spike": "冲高",
  "sell:other": "其他卖出",
};

/** The rules in words, as members read them beside the labels. */
export const PLAY_RULES: readonly { label: string; rule: string }[] = [
  { label: "竞价", rule: "09:15–09:25 集合竞价时段内买入" },
  { label: "打板", rule: "以当日涨停价买入；按当天收盘是否仍封住涨停分为“封板”与“炸板”，首板、N 连板看当天是第几个连续涨停收盘" },
  { label: "半路", rule: `买入价高于昨收 ${HALFWAY_GAIN * 100}% 以上、低于涨停价` },
  { label: "低吸", rule: `买入价不高于昨收，或位于当日最低价之上 ${NEAR_EXTREME_SHARE * 100}% 振幅以内` },
  { label: "接力", rule: "前一交易日涨停收盘后的次日买入（与上面的打法同时标注）" },
  { label: "炸板卖出", rule: "当日摸到涨停价、收盘未封住，在当天卖出" },
  { label: "断板卖出", rule: "前一交易日涨停收盘、当天未再涨停收盘，在当天卖出" },
  { label: "止损", rule: `卖出价低于持仓均价 ${STOP_LOSS_DROP * 100}% 以上` },
  { label: "冲高", rule: `卖出价高于昨收 ${SPIKE_GAIN * 100}% 以上，且位于当日最高价之下 ${NEAR_EXTREME_SHARE * 100}% 振幅以内` },
];

/** What daily bars cannot tell, said beside every 打板 label. */
export const LIMIT_UP_CAVEAT = "日线无法区分首次封板、排板与回封，需要分时数据";

export interface PlayFill {
  date: string;
  /** HH:MM:SS, null when the file states none */
  time: string | null;
  side: "buy" | "sell";
  price: number;
}

export interface PlayLabel {
  side: "buy" | "sell";
  play: Play;
  /** the label as members read it: 首板打板, 2连板接力 · 半路, 低吸 */
  text: string;
  /** 打板: whether the day closed at the limit-up price (封板) or below it (炸板); null otherwise */
  sealed: boolean | null;
  /** limit-up closes in a row ending the day before (≥ 1: 接力) */
  priorStreak: number;
  /** a limit of what daily bars tell, when one applies */
  caveat: string | null;
}

/** A fill no label can be given to: no bar that day, no previous close, a security without price limits. */
export interface UnknownPlay {
  side: "buy" | "sell";
  play: null;
  reason: string;
}

export interface DayContext {
  bar: DailyBar;
  preClose: number;
  limitUp: number;
  /** limit-up closes in a row ending this day (0: it did not close at the limit) */
  streak: number;
  /** limit-up closes in a row ending the day before */
  priorStreak: number;
}

/**
 * Each day of a code's bars with its previous close, limit-up price and 连板 count. `limitUpOn` gives the exchange's
 * stated price where the provider has it; otherwise the limit rules of the date (and name, for ST) give it.
 */
export function dayContexts(code: string, bars: readonly DailyBar[], opts: { name?: string; limitUpOn?: (date: string) => number | undefined } = {}): Map<string, DayContext> {
  const days = new Map<string, DayContext>();
  const halfTick = 0.5 / 10 ** priceDecimals(code);
  let streak = 0;
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    const preClose = bar.preClose ?? bars[i - 1]?.close ?? null;
    const ratio = limitRatio(code, bar.date, { name: opts.name });
    const limitUp = opts.limitUpOn?.(bar.date) ?? (preClose !== null && preClose > 0 && ratio !== null ? limitUpPrice(preClose, ratio, priceDecimals(code)) : null);
    const priorStreak = streak;
    streak = limitUp !== null && Math.abs(bar.close - limitUp) < halfTick ? streak + 1 : 0;
    if (preClose !== null && preClose > 0 && limitUp !== null) days.set(bar.date, { bar, preClose, limitUp, streak, priorStreak });
  }
  return days;
}

const isAuction = (time: string | null) => time !== null && time >= "09:15:00" && time <= "09:25:59";

/** The 打法 of one fill on its day; `averageCost` is the position's cost per share before a sell (止损), when known. */
export function playOf(fill: PlayFill, day: DayContext | undefined, code: string, averageCost?: number | null): PlayLabel | UnknownPlay {
  if (!day) return { side: fill.side, play: null, reason: "当天没有行情数据，无法判断打法" };
  const halfTick = 0.5 / 10 ** priceDecimals(code);
  const { bar, preClose, limitUp, priorStreak } = day;
  const range = bar.high - bar.low;
  const relay = priorStreak >= 1 ? `${priorStreak === 1 ? "首板" : `${priorStreak}连板`}接力 · ` : "";
  const label = (play: Play, text: string, extra: Partial<PlayLabel> = {}): PlayLabel => ({ side: fill.side, play, text, sealed: null, priorStreak, caveat: null, ...extra });
  if (fill.side === "buy") {
    if (isAuction(fill.time)) return label("auction", `${relay}竞价`);
    if (fill.price >= limitUp - halfTick) {
      const sealed = Math.abs(bar.close - limitUp) < halfTick;
      const board = sealed ? (day.streak === 1 ? "首板" : `${day.streak}连板`) : "炸板日";
      return label("limit-up", `${board}打板`, { sealed, caveat: LIMIT_UP_CAVEAT });
    }
    if (fill.price > preClose * (1 + HALFWAY_GAIN)) return label("halfway", `${relay}半路`);
    if (fill.price <= preClose + halfTick || fill.price <= bar.low + range * NEAR_EXTREME_SHARE + halfTick) return label("dip", `${relay}低吸`);
    return label("other", `${relay}其他买入`);
  }
  const touched = Math.abs(bar.high - limitUp) < halfTick;
  const sealed = Math.abs(bar.close - limitUp) < halfTick;
  if (touched && !sealed) return label("broken-board", "炸板卖出");
  if (priorStreak >= 1 && !sealed) return label("board-ended", `${priorStreak === 1 ? "首板" : `${priorStreak}连板`}后断板卖出`);
  if (averageCost && averageCost > 0 && fill.price <= averageCost * (1 - STOP_LOSS_DROP)) return label("stop-loss", "止损");
  if (fill.price >= preClose * (1 + SPIKE_GAIN) && fill.price >= bar.high - range * NEAR_EXTREME_SHARE - halfTick) return label("spike", "冲高");
  return label("other", "其他卖出");
}
