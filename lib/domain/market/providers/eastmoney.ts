import { z } from "zod";
import { exchangeOf } from "@/lib/domain/market/codes";
import type { DailyBar } from "@/lib/domain/market/types";
import { checkedIsoDay } from "./dates";
import { accept, checkedPrices, finiteNumber, reject, roundTo, type Parsed } from "./parsed";

/**
 * 东方财富's public K-line endpoint `/api/qt/stock/kline/get` as AkShare's stock_zh_a_hist calls it: `secid` is
 * `1.xxxxxx` for Shanghai and `0.xxxxxx` for Shenzhen and Beijing, `klt=101` (daily), `fqt=0` (unadjusted). Each
 * `data.klines` entry is `date,open,close,high,low,volume(手),amount(元),amplitude,pct,change,turnover`; `data` is null
 * for a security it does not know. Sources are listed in ADR 0040.
 */

export const EASTMONEY_FIELDS1 = "f1,f2,f3,f4,f5,f6";
export const EASTMONEY_FIELDS2 = "f51,f52,f53,f54,f55,f56,f57,f58,f59,f60,f61";
/** daily bars */
export const EASTMONEY_DAILY = "101";
/** 不复权 */
export const EASTMONEY_UNADJUSTED = "0";

const EastmoneyAnswer = z.object({
  rc: z.number().nullish(),
  data: z
    .object({
      code: z.string(),
      market: z.number(),
      name: z.string().nullish(),
      decimal: z.number().int().min(0).max(4).nullish(),
      preKPrice: z.number().nullish(),
      klines: z.array(z.string()).nullish(),
    })
    .nullish(),
});

export interface EastmoneyKlines {
  code: string;
  market: number;
  name: string | null;
  /** decimals of the prices (2 for stocks, 3 for funds) */
  decimal: number;
  klines: string[];
}

/** The klines of an answer; null data (an unknown security) is `null`; anything else not of the shape is a reason. */
export function parseEastmoneyReply(body: unknown): Parsed<EastmoneyKlines | null> {
  const parsed = EastmoneyAnswer.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return reject(`not a 东方财富 K-line answer: ${issue?.path.join(".") || "body"} ${issue?.message ?? ""}`.trim());
  }
  const { rc, data } = parsed.data;
  if (rc !== undefined && rc !== null && rc !== 0) return reject(`rc ${rc}`);
  if (!data) return accept(null);
  return accept({ code: data.code, market: data.market, name: data.name ?? null, decimal: data.decimal ?? 2, klines: data.klines ?? [] });
}

/** `600519` → `1.600519`; Shenzhen and Beijing codes → `0.xxxxxx`. */
export function secidOf(code: string): string {
  if (!/^\d{6}$/.test(code)) throw new RangeError(`not a six-digit code: "${code}"`);
  return `${exchangeOf(code) === "SH" ? 1 : 0}.${code}`;
}

/** An index written `000300.SH` / `399001.SZ` → `1.000300` / `0.399001`. */
export function indexSecidOf(index: string): string {
  const m = /^(\d{6})\.(SH|SZ)$/.exec(index);
  if (!m) throw new RangeError(`not an index code like 000300.SH: "${index}"`);
  return `${m[2] === "SH" ? 1 : 0}.${m[1]}`;
}

const SHARES_PER_LOT = 100;

/**
 * One kline as a DailyBar: volume 手 → 股, amount in 元 as sent, preClose = close − change (the exchange's 昨收,
 * which after 除权除息 is not the previous bar's close) rounded to the security's decimals.
 */
export function eastmoneyBar(line: string, code: string, decimal = 2): Parsed<DailyBar> {
  const parts = line.split(",");
  if (parts.length < 7) return reject(`${code}: a kline has ${parts.length} values, expected at least 7: "${line}"`);
  const [rawDate, open, close, high, low, rawVolume, rawAmount] = parts;
  const date = checkedIsoDay(rawDate);
  if (!date) return reject(`${code}: date is not a YYYY-MM-DD day: "${rawDate}"`);
  const prices = checkedPrices({ open, high, low, close });
  if (!prices.ok) return reject(`${code} ${date}: ${prices.reason}`);
  const volume = finiteNumber(rawVolume);
  if (volume === null || volume < 0) return reject(`${code} ${date}: volume is not a count of 手: "${rawVolume}"`);
  const amount = finiteNumber(rawAmount);
  if (amount === null || amount < 0) return reject(`${code} ${date}: amount is not a sum of 元: "${rawAmount}"`);
  const change = parts.length > 9 ? finiteNumber(parts[9]) : null;
  const preClose = change === null ? null : roundTo(prices.value.close - change, decimal);
  return accept({
    code,
    date,
    ...prices.value,
    volume: Math.round(volume * SHARES_PER_LOT),
    amount: roundTo(amount, 2),
    preClose: preClose !== null && preClose > 0 ? preClose : null,
  });
}
