import { defaultCalendar } from "@/lib/domain/market/calendar";
import { boardOf } from "@/lib/domain/market/codes";
import { limitDownPrice, limitRatio, limitUpPrice } from "@/lib/domain/market/limits";
import type { DailyBar } from "@/lib/domain/market/types";
import { gaussian, hashString, mulberry32 } from "@/lib/domain/demo/prng";

/**
 * A deterministic made-up daily series (模拟行情) for the demo: a mean-reverting random walk on 0.01 ticks that obeys
 * the daily limit in force on each date, with 涨停 days (some 一字), 炸板 days and the odd 跌停.
 *
 * Every day draws the same number of random values, so a longer range never changes the days before it.
 */

const DRAWS_PER_DAY = 8;

const DAILY_VOLATILITY: Record<string, number> = { main: 0.018, gem: 0.028, star: 0.03, bj: 0.035, other: 0.015 };

/** chances per day; a stock that closed at limit-up yesterday is likelier to go again (连板) */
const LIMIT_UP_CHANCE = 0.04;
const LIMIT_UP_STREAK_BONUS = 0.25;
const YIZI_SHARE = 0.2;
const YIZI_STREAK_SHARE = 0.45;
const BROKEN_CHANCE = 0.025;
const LIMIT_DOWN_CHANCE = 0.012;
const YIZI_DOWN_SHARE = 0.15;
/** pull back toward the start price per day, so two years stay in a realistic range */
const MEAN_REVERSION = 0.04;

/**
 * limit days are rarer on the ±20% and ±30% boards; `activity` scales them per stock (a 题材 small cap near 1, a
 * heavyweight a tenth of that: 贵州茅台 does not hit 涨停 every month)
 */
function limitUpChance(ratio: number, activity: number): number {
  return LIMIT_UP_CHANCE * activity * Math.sqrt(0.1 / ratio);
}

/** the average move the limit days add, taken back on normal days so prices do not creep up */
function eventBias(ratio: number, activity: number): number {
  const up = limitUpChance(ratio, activity) * 1.1; // streak days included
  const broken = BROKEN_CHANCE * activity;
  return (up * ratio + broken * (ratio - 0.04) - LIMIT_DOWN_CHANCE * activity * ratio) / (1 - up - broken);
}

type DayKind = "limit_up" | "yizi_up" | "broken" | "limit_down" | "yizi_down" | "normal";

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

export function syntheticBars(
  code: string,
  name: string,
  from: string,
  to: string,
  seed: number,
  startPrice: number,
  /** how often the stock meets its limits, 1 for an active small cap (the default), about 0.1 for a heavyweight */
  limitActivity = 1,
): DailyBar[] {
  const random = mulberry32(seed ^ hashString(code));
  const volatility = DAILY_VOLATILITY[boardOf(code)] ?? 0.02;
  const anchorFen = Math.max(1, Math.round(startPrice * 100));
  /** typical turnover in yuan, fixed per stock */
  const baseAmount = 8e8 + random() * 2.4e9;
  let prevFen = anchorFen;
  let drift = 0;
  let prevKind: DayKind = "normal";
  const bars: DailyBar[] = [];

  for (const date of defaultCalendar.tradingDays(from, to)) {
    const u = Array.from({ length: DRAWS_PER_DAY }, random) as [number, number, number, number, number, number, number, number];
    const prevClose = prevFen / 100;
    const ratio = limitRatio(code, date, { name }) ?? 0.1;
    const upFen = Math.round(limitUpPrice(prevClose, ratio) * 100);
    const downFen = Math.max(1, Math.round(limitDownPrice(prevClose, ratio) * 100));
    const tick = (fraction: number) => Math.max(1, Math.round(prevFen * fraction));

    if (u[6] < 0.03) drift = (u[6] / 0.03 - 0.5) * 0.006;
    const streak: boolean = prevKind === "limit_up" || prevKind === "yizi_up";
    const upChance: number = limitUpChance(ratio, limitActivity) + (streak ? LIMIT_UP_STREAK_BONUS * limitActivity : 0);
    const brokenChance = BROKEN_CHANCE * limitActivity;
    const kind: DayKind =
      u[0] < upChance
        ? u[7] < (streak ? YIZI_STREAK_SHARE : YIZI_SHARE) ? "yizi_up" : "limit_up"
        : u[0] < upChance + brokenChance
          ? "broken"
          : u[0] < upChance + brokenChance + LIMIT_DOWN_CHANCE * limitActivity
            ? u[7] < YIZI_DOWN_SHARE ? "yizi_down" : "limit_down"
            : "normal";

    const gap = gaussian(u[1], u[2]);
    const move = gaussian(u[2], u[1]);
    const openFen = (bias: number) => clamp(Math.round(prevFen * (1 + bias + 0.4 * volatility * gap)), downFen, upFen);
    const upperWick = tick(u[3] * volatility * 0.6);
    const lowerWick = tick(u[4] * volatility * 0.6);
    let open: number, high: number, low: number, close: number;

    switch (kind) {
      case "yizi_up":
        open = high = low = close = upFen;
        break;
      case "yizi_down":
        open = high = low = close = downFen;
        break;
      case "limit_up":
        close = high = upFen;
        open = Math.min(openFen(0.01), upFen - 1);
        low = clamp(Math.min(open, close) - lowerWick, downFen, upFen - 1);
        break;
      case "broken":
        high = upFen;
        close = clamp(Math.round(upFen * (1 - 0.01 - u[7] * 0.06)), downFen, upFen - 1);
        open = Math.min(openFen(0.01), upFen - 1);
        low = Math.max(downFen, Math.min(open, close) - lowerWick);
        break;
      case "limit_down":
        close = low = downFen;
        open = openFen(-0.02);
        high = Math.min(upFen, Math.max(open, close) + upperWick);
        break;
      case "normal": {
        const reversion = MEAN_REVERSION * Math.log(anchorFen / prevFen);
        const mean = drift + reversion - eventBias(ratio, limitActivity);
        close = clamp(Math.round(prevFen * (1 + mean + volatility * move)), downFen + 1, upFen - 1);
        open = openFen(0);
        high = Math.min(upFen, Math.max(open, close) + upperWick);
        low = Math.max(downFen, Math.min(open, close) - lowerWick);
        break;
      }
    }

    const dayReturn = Math.abs(close - prevFen) / prevFen;
    const activity =
      kind === "yizi_up" || kind === "yizi_down" ? 0.25 : kind === "broken" ? 2.5 : kind === "limit_up" ? 1.8 : 1;
    const noise = Math.exp((u[5] - 0.5) * 1.2);
    const averagePrice = (open + high + low + close) / 400;
    const volume = Math.max(100, Math.round(((baseAmount / averagePrice) * activity * noise * (1 + 8 * dayReturn)) / 100) * 100);

    bars.push({
      code,
      date,
      open: open / 100,
      high: high / 100,
      low: low / 100,
      close: close / 100,
      volume,
      amount: Math.round(volume * averagePrice),
    });
    prevFen = close;
    prevKind = kind;
  }
  return bars;
}
