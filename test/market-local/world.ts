import { isoDayNumber } from "@/lib/domain/iso-day";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { exchangeOf, isFundCode, isStockCode } from "@/lib/domain/market/codes";
import { limitDownPrice, limitRatio, limitUpPrice, priceDecimals } from "@/lib/domain/market/limits";
import type { Exchange } from "@/lib/domain/market/types";

/**
 * The stand-ins' market: a bar for every stock and exchange-traded fund code on every real trading day (the exchanges'
 * published closures in lib/domain/market/calendar.ts) from WORLD_FIRST_DAY on. Prices are a random walk seeded by the
 * code (stocks 5–65 yuan to the fen, funds 1–5 yuan to the 0.001), within the daily limit on that date, with limit-up, limit-down and 炸板 days and a yearly 除权除息 day whose 昨收 is
 * below the previous close. A few real rows from the providers' documentation are kept exactly (PINNED_ROWS).
 * Units are the exchange's: prices in 元, volume in 股, amount in 元.
 */

export const WORLD_FIRST_DAY = "2015-01-05";

export interface WorldBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  preClose: number;
  /** 股 */
  volume: number;
  /** 元 */
  amount: number;
  /** % of the float, as 东方财富 reports it; null where the source row did not give it */
  turnover: number | null;
}

export interface WorldListing {
  code: string;
  exchange: Exchange;
  name: string;
  listDate: string;
}

export const WORLD_LISTINGS: readonly WorldListing[] = [
  { code: "000001", exchange: "SZ", name: "平安银行", listDate: "19910403" },
  { code: "000858", exchange: "SZ", name: "五粮液", listDate: "19980427" },
  { code: "002594", exchange: "SZ", name: "比亚迪", listDate: "20110630" },
  { code: "300750", exchange: "SZ", name: "宁德时代", listDate: "20180611" },
  { code: "600519", exchange: "SH", name: "贵州茅台", listDate: "20010827" },
  { code: "601318", exchange: "SH", name: "中国平安", listDate: "20070301" },
  { code: "601872", exchange: "SH", name: "招商轮船", listDate: "20061201" },
  { code: "688981", exchange: "SH", name: "中芯国际", listDate: "20200716" },
];

/**
 * The names the world's stocks went by (Tushare `namechange`): each listing's name from its listing day, and 000001's
 * earlier name, 深发展A, until it became 平安银行 on 2012-08-02 (a real rename).
 */
export const WORLD_NAME_CHANGES: readonly { code: string; exchange: Exchange; name: string; start: string; end: string | null }[] = [
  { code: "000001", exchange: "SZ", name: "深发展A", start: "19910403", end: "20120801" },
  ...WORLD_LISTINGS.map((l) => ({ code: l.code, exchange: l.exchange, name: l.name, start: l.code === "000001" ? "20120802" : l.listDate, end: null })),
];

/**
 * Days a world stock was suspended all day (Tushare `suspend_d`): it has no bar on them. 招商轮船 for three days in
 * June 2023.
 */
export const WORLD_SUSPENSIONS: readonly { code: string; exchange: Exchange; date: string }[] = [
  { code: "601872", exchange: "SH", date: "2023-06-05" },
  { code: "601872", exchange: "SH", date: "2023-06-06" },
  { code: "601872", exchange: "SH", date: "2023-06-07" },
];
const suspendedDays = new Set(WORLD_SUSPENSIONS.map((s) => `${s.code}|${s.date}`));

/** Funds of the world with names (any other fund code trades too, unnamed): Tushare lists them in fund_basic. */
export const WORLD_FUND_LISTINGS: readonly WorldListing[] = [
  { code: "159659", exchange: "SZ", name: "纳斯达克100ETF", listDate: "20220729" },
  { code: "510330", exchange: "SH", name: "沪深300ETF华夏", listDate: "20121225" },
  { code: "513030", exchange: "SH", name: "德国ETF", listDate: "20140905" },
  { code: "518850", exchange: "SH", name: "黄金ETF华夏", listDate: "20200317" },
  { code: "588200", exchange: "SH", name: "科创芯片ETF", listDate: "20221010" },
];

export const WORLD_INDEXES: Readonly<Record<string, { name: string; start: number }>> = {
  "000300.SH": { name: "沪深300", start: 3600 },
  "000001.SH": { name: "上证指数", start: 3300 },
};

/**
 * Real rows, kept as published: 平安银行 2018-07-02..04 from Tushare's `daily` example (CRAN package Tushare,
 * pro_api docs), 招商轮船 2024-12-18..24 from a 东方财富 answer quoted in a public repository (ADR 0040), 沪深300ETF华夏
 * 2025-06-13..18 from Tushare's `fund_daily` example (https://tushare.pro/document/2?doc_id=127; its 昨收 is the
 * example's previous close).
 */
export const PINNED_ROWS: Readonly<Record<string, readonly WorldBar[]>> = {
  "000001": [
    { date: "2018-07-02", open: 9.05, high: 9.05, low: 8.55, close: 8.61, preClose: 9.09, volume: 131_552_013, amount: 1_158_545_868, turnover: null },
    { date: "2018-07-03", open: 8.69, high: 8.7, low: 8.45, close: 8.67, preClose: 8.61, volume: 127_483_857, amount: 1_096_657_033, turnover: null },
    { date: "2018-07-04", open: 8.63, high: 8.75, low: 8.61, close: 8.61, preClose: 8.67, volume: 71_115_337, amount: 617_278_559, turnover: null },
  ],
  "601872": [
    { date: "2024-12-18", open: 6.11, high: 6.28, low: 6.1, close: 6.18, preClose: 6.08, volume: 84_274_300, amount: 542_829_495, turnover: 1.03 },
    { date: "2024-12-19", open: 6.15, high: 6.16, low: 6.03, close: 6.09, preClose: 6.18, volume: 52_878_100, amount: 333_859_220, turnover: 0.65 },
    { date: "2024-12-20", open: 6.08, high: 6.1, low: 5.97, close: 5.97, preClose: 6.09, volume: 70_193_100, amount: 437_784_952, turnover: 0.86 },
    { date: "2024-12-23", open: 5.95, high: 6.08, low: 5.95, close: 6.06, preClose: 5.97, volume: 67_518_700, amount: 423_018_527, turnover: 0.83 },
    { date: "2024-12-24", open: 6.04, high: 6.34, low: 6.03, close: 6.3, preClose: 6.06, volume: 112_921_600, amount: 727_525_144, turnover: 1.39 },
  ],
  "510330": [
    { date: "2025-06-13", open: 4.023, high: 4.028, low: 3.992, close: 4.004, preClose: 4.032, volume: 121_678_753, amount: 487_632_318, turnover: null },
    { date: "2025-06-16", open: 4.0, high: 4.018, low: 3.996, close: 4.015, preClose: 4.004, volume: 42_352_600, amount: 169_788_251, turnover: null },
    { date: "2025-06-17", open: 4.015, high: 4.022, low: 4.0, close: 4.014, preClose: 4.015, volume: 44_027_204, amount: 176_617_125, turnover: null },
    { date: "2025-06-18", open: 4.008, high: 4.024, low: 3.996, close: 4.017, preClose: 4.014, volume: 38_289_600, amount: 153_574_446, turnover: null },
  ],
};

export function isWorldStock(code: string): boolean {
  return isStockCode(code);
}

export function isWorldFund(code: string): boolean {
  return isFundCode(code);
}

export function worldName(code: string): string {
  const listed = [...WORLD_LISTINGS, ...WORLD_FUND_LISTINGS].find((l) => l.code === code)?.name;
  return listed ?? (isFundCode(code) ? `基金${code}` : `股票${code}`);
}

export function worldExchange(code: string): Exchange {
  return exchangeOf(code);
}

/** The open days in [from, to] (no earlier than WORLD_FIRST_DAY), ascending. */
export function worldTradingDays(from: string, to: string): string[] {
  const start = from < WORLD_FIRST_DAY ? WORLD_FIRST_DAY : from;
  return to < start ? [] : defaultCalendar.tradingDays(start, to);
}

const exDividendDays = new Map<number, string>();

/** 除权除息 once a year: the first trading day from July 10th. */
export function exDividendDay(year: number): string {
  let day = exDividendDays.get(year);
  if (!day) exDividendDays.set(year, (day = defaultCalendar.next(`${year}-07-09`)));
  return day;
}

let walkDays: { to: string; days: string[] } | null = null;

/** the open days from WORLD_FIRST_DAY to `to`, kept for the next walk (most requests end on the same day) */
function daysOfWalk(to: string): string[] {
  if (walkDays?.to !== to) walkDays = { to, days: worldTradingDays(WORLD_FIRST_DAY, to) };
  return walkDays.days;
}

function round2(x: number): number {
  return Math.round(x * 100 + 1e-7) / 100;
}

/** to the security's tick: 2 decimals for a stock, 3 for a fund */
function roundTo(x: number, decimals: 2 | 3): number {
  const scale = 10 ** decimals;
  return Math.round(x * scale + 1e-7) / scale;
}

/** A deterministic generator (mulberry32) seeded by the text. */
function seeded(text: string): () => number {
  let seed = 2166136261;
  for (const ch of text) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Bars of a stock in [from, to], oldest first; the walk always starts at WORLD_FIRST_DAY so a day's bar never
 * depends on the range asked. Before pinned rows the walk is scaled so the day before closes at the pinned 昨收.
 */
export function worldStockBars(code: string, from: string, to: string): WorldBar[] {
  return isWorldStock(code) ? securityBars(code, from, to).filter((bar) => !suspendedDays.has(`${code}|${bar.date}`)) : [];
}

/** Bars of an exchange-traded fund in [from, to], oldest first: prices to the 0.001 yuan, a ±10% limit. */
export function worldFundBars(code: string, from: string, to: string): WorldBar[] {
  return isWorldFund(code) ? securityBars(code, from, to) : [];
}

/** A stock's or a fund's bars (what 东方财富's one K-line endpoint serves for both). */
export function worldBars(code: string, from: string, to: string): WorldBar[] {
  return isWorldStock(code) ? worldStockBars(code, from, to) : isWorldFund(code) ? securityBars(code, from, to) : [];
}

function securityBars(code: string, from: string, to: string): WorldBar[] {
  if (to > WORLD_HORIZON) return securitySeries(code, to).filter((bar) => bar.date >= from);
  let series = recentWalks.get(code);
  if (series) recentWalks.delete(code);
  else series = securitySeries(code, WORLD_HORIZON);
  recentWalks.set(code, series);
  if (recentWalks.size > RECENT_WALKS) recentWalks.delete(recentWalks.keys().next().value!);
  return series.filter((bar) => bar.date >= from && bar.date <= to);
}

/** walks are computed to here and kept, whatever range was asked (a later `to` is computed on its own) */
const WORLD_HORIZON = "2027-12-31";

/** the last walks computed, newest last: a Tushare sync asks the same codes again for each date window */
const recentWalks = new Map<string, WorldBar[]>();
const RECENT_WALKS = 256;

function securitySeries(code: string, to: string): WorldBar[] {
  const decimals = priceDecimals(code);
  const pins = PINNED_ROWS[code] ?? [];
  const seedStart = isFundCode(code) ? roundTo(1 + seeded(code)() * 4, 3) : round2(5 + seeded(code)() * 60);
  let start = seedStart;
  const firstPin = pins[0];
  if (firstPin && firstPin.date > WORLD_FIRST_DAY) {
    const before = walk(code, seedStart, new Map(), defaultCalendar.previous(firstPin.date));
    const last = before[before.length - 1];
    if (last) start = Math.max(isFundCode(code) ? 0.2 : 1, roundTo((seedStart * firstPin.preClose) / last.close, decimals));
  }
  return walk(code, start, new Map(pins.map((bar) => [bar.date, bar])), to);
}

function walk(code: string, start: number, pinned: ReadonlyMap<string, WorldBar>, to: string): WorldBar[] {
  const random = seeded(code);
  random(); // the draw that chose the unscaled start
  const floatShares = 2e8 + Math.floor(random() * 3e9);
  const bars: WorldBar[] = [];
  let previousClose = start;
  const days = daysOfWalk(to);
  for (let i = 0; i < days.length; i++) {
    const date = days[i]!;
    const next = days[i + 1];
    const target = next && pinned.size > 0 ? pinned.get(next)?.preClose : undefined;
    const drawn = pinned.get(date) ?? securityDay(code, date, previousClose, start, floatShares, random, target);
    // a suspended day keeps the last close (the day is drawn all the same, so the walk's later draws stay as they were)
    const bar = suspendedDays.has(`${code}|${date}`) ? { ...drawn, open: previousClose, high: previousClose, low: previousClose, close: previousClose, preClose: previousClose, volume: 0, amount: 0 } : drawn;
    previousClose = bar.close;
    bars.push(bar);
  }
  return bars;
}

function securityDay(
  code: string, date: string, previousClose: number, start: number, floatShares: number, random: () => number, targetClose?: number,
): WorldBar {
  const decimals = priceDecimals(code);
  const tick = 1 / 10 ** decimals;
  const round = (x: number) => roundTo(x, decimals);
  const within = (x: number, down: number, up: number) => Math.min(up, Math.max(down, round(x)));
  const exDividend = date === exDividendDay(Number(date.slice(0, 4)));
  const preClose = exDividend ? round(previousClose - Math.max(tick, round(previousClose * 0.03))) : previousClose;
  const ratio = limitRatio(code, date) ?? 0.1;
  const up = limitUpPrice(preClose, ratio, decimals);
  const down = limitDownPrice(preClose, ratio, decimals);
  const pull = ((start - preClose) / start) * 0.01;
  const roll = random();
  const open = within(preClose * (1 + (random() - 0.5) * ratio * 0.4), down, up);
  let close: number;
  let high: number;
  let low: number;
  if (roll < 0.03) {
    close = up;
    high = up;
    low = Math.min(open, within(open * (1 - random() * 0.02), down, up));
  } else if (roll < 0.045) {
    close = down;
    low = down;
    high = Math.max(open, within(open * (1 + random() * 0.02), down, up));
  } else if (roll < 0.065) {
    // 炸板: touched the limit, closed below it
    high = up;
    close = within(up * (1 - 0.01 - random() * ratio * 0.5), down, up);
    if (close >= up) close = round(up - tick);
    low = Math.min(open, close, within(Math.min(open, close) * (1 - random() * 0.02), down, up));
  } else {
    close = within(preClose * (1 + (random() - 0.5) * ratio * 0.6 + pull), down, up);
    high = Math.max(open, close, within(Math.max(open, close) * (1 + random() * 0.02), down, up));
    low = Math.min(open, close, within(Math.min(open, close) * (1 - random() * 0.02), down, up));
  }
  if (targetClose !== undefined && targetClose >= down && targetClose <= up) {
    // the day before a pinned row closes at the row's 昨收
    close = targetClose;
    high = Math.max(high, close);
    low = Math.min(low, close);
  }
  // a fund trades many more units than a stock at a tenth of the price
  const lots = (20_000 + Math.floor(random() * 400_000)) * (decimals === 3 ? 10 : 1);
  const volume = lots * 100;
  const amount = Math.round((volume * (open + high + low + close)) / 4);
  return { date, open, high, low, close, preClose, volume, amount, turnover: round2((volume / floatShares) * 100) };
}

/** Bars of an index (WORLD_INDEXES) in [from, to]; empty for an index the world does not have. */
export function worldIndexBars(index: string, from: string, to: string): WorldBar[] {
  const spec = WORLD_INDEXES[index];
  if (!spec) return [];
  const random = seeded(index);
  const bars: WorldBar[] = [];
  let previousClose = spec.start;
  for (const date of daysOfWalk(to)) {
    const preClose = previousClose;
    const close = round2(preClose * (1 + (random() - 0.5) * 0.04 + ((spec.start - preClose) / spec.start) * 0.01));
    const open = round2(preClose * (1 + (random() - 0.5) * 0.01));
    const high = round2(Math.max(open, close) * (1 + random() * 0.01));
    const low = round2(Math.min(open, close) * (1 - random() * 0.01));
    const volume = (80_000_000 + Math.floor(random() * 200_000_000)) * 100;
    const bar = { date, open, high, low, close, preClose, volume, amount: Math.round(volume * close * 0.004), turnover: 0 };
    previousClose = close;
    if (date >= from) bars.push(bar);
  }
  return bars;
}

export function isIsoDay(text: string): boolean {
  return isoDayNumber(text) !== null;
}
