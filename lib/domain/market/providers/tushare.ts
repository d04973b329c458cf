import { z } from "zod";
import { exchangeOf } from "@/lib/domain/market/codes";
import type { DailyBar, Exchange } from "@/lib/domain/market/types";
import { isoFromCompact } from "./dates";
import { accept, checkedPrices, finiteNumber, reject, roundTo, type Parsed } from "./parsed";

/**
 * Tushare Pro's HTTP API (https://tushare.pro/document/1?doc_id=130): POST `{api_name, token, params, fields}`,
 * answer `{code, msg, data: {fields, items, has_more}}`. `daily` and `index_daily` give vol in 手 and amount in 千元;
 * dates are `YYYYMMDD`, codes `600519.SH`. Sources are listed in ADR 0040.
 */

const TushareAnswer = z.object({
  code: z.number(),
  msg: z.string().nullish(),
  data: z
    .object({
      fields: z.array(z.string()),
      items: z.array(z.array(z.unknown())),
      has_more: z.boolean().nullish(),
    })
    .nullish(),
});

export type TushareRow = Record<string, unknown>;

export type TushareReply =
  | { ok: true; rows: TushareRow[]; hasMore: boolean }
  | { ok: false; code: number; msg: string };

/** Tushare's own error codes, as its gateway answers them (ADR 0040). */
export const TUSHARE_BAD_TOKEN = 40101;
/** shared by "no permission" and "at most N calls per minute/hour/day": the `msg` tells them apart */
export const TUSHARE_DENIED = 40203;
/** "权限问题" in Tushare's HTTP API documentation (doc_id=130) */
export const TUSHARE_NO_PERMISSION = 2002;

/** The rows of an answer, or Tushare's non-zero code and message; rejected when the body is not Tushare's shape. */
export function parseTushareReply(body: unknown): Parsed<TushareReply> {
  const parsed = TushareAnswer.safeParse(body);
  if (!parsed.success) return reject(`not a Tushare answer: ${parsed.error.issues[0]?.path.join(".") || "body"} ${parsed.error.issues[0]?.message ?? ""}`.trim());
  const { code, msg, data } = parsed.data;
  if (code !== 0) return accept({ ok: false, code, msg: msg?.trim() || `code ${code}` });
  if (!data) return accept({ ok: true, rows: [], hasMore: false });
  const width = data.fields.length;
  const bad = data.items.findIndex((item) => item.length !== width);
  if (bad >= 0) return reject(`item ${bad} has ${data.items[bad]?.length} values for ${width} fields`);
  const rows = data.items.map((item) => Object.fromEntries(data.fields.map((field, i) => [field, item[i]])));
  return accept({ ok: true, rows, hasMore: data.has_more === true });
}

export type TushareDenial = "auth" | "rate_limit" | "quota" | "permission" | "other";

/** What a non-zero code means: 40203 is a rate limit when the message says 最多访问 (per minute: wait and retry). */
export function tushareDenial(code: number, msg: string): TushareDenial {
  if (code === TUSHARE_BAD_TOKEN || /token/i.test(msg)) return "auth";
  if (/每分钟最多访问/.test(msg)) return "rate_limit";
  if (/最多访问/.test(msg)) return "quota";
  if (code === TUSHARE_DENIED || code === TUSHARE_NO_PERMISSION || /权限|积分/.test(msg)) return "permission";
  return "other";
}

/** `600519` → `600519.SH`, `000001` → `000001.SZ`, `920001` → `920001.BJ` */
export function tsCodeOf(code: string): string {
  if (!/^\d{6}$/.test(code)) throw new RangeError(`not a six-digit code: "${code}"`);
  return `${code}.${exchangeOf(code)}`;
}

/** `600519.SH` → { code: "600519", exchange: "SH" }; null for anything else. */
export function parseTsCode(raw: unknown): { code: string; exchange: Exchange } | null {
  if (typeof raw !== "string") return null;
  const m = /^(\d{6})\.(SH|SZ|BJ)$/.exec(raw.trim());
  return m ? { code: m[1]!, exchange: m[2] as Exchange } : null;
}

/** 手 → 股 */
const SHARES_PER_LOT = 100;
/** 千元 → 元 */
const YUAN_PER_THOUSAND = 1000;

/**
 * A `daily` / `index_daily` row as a DailyBar: volume 手 → 股, amount 千元 → 元, pre_close kept. `code` is the
 * six-digit code for stocks; pass `codeAs` to store it otherwise (the index as `000300.SH`).
 */
export function tushareBar(row: TushareRow, codeAs?: string): Parsed<DailyBar> {
  const parsedCode = parseTsCode(row.ts_code);
  if (!parsedCode) return reject(`ts_code is not a code: ${JSON.stringify(row.ts_code)}`);
  const date = isoFromCompact(row.trade_date);
  if (!date) return reject(`${row.ts_code}: trade_date is not a YYYYMMDD day: ${JSON.stringify(row.trade_date)}`);
  const prices = checkedPrices({ open: row.open, high: row.high, low: row.low, close: row.close });
  if (!prices.ok) return reject(`${row.ts_code} ${date}: ${prices.reason}`);
  const vol = finiteNumber(row.vol);
  if (vol === null || vol < 0) return reject(`${row.ts_code} ${date}: vol is not a count of 手: ${JSON.stringify(row.vol)}`);
  const amount = row.amount === null || row.amount === undefined ? null : finiteNumber(row.amount);
  if (amount !== null && amount < 0) return reject(`${row.ts_code} ${date}: amount is negative: ${amount}`);
  if (amount === null && row.amount !== null && row.amount !== undefined) {
    return reject(`${row.ts_code} ${date}: amount is not a number: ${JSON.stringify(row.amount)}`);
  }
  const preClose = row.pre_close === null || row.pre_close === undefined ? null : finiteNumber(row.pre_close);
  if (preClose !== null && preClose <= 0) return reject(`${row.ts_code} ${date}: pre_close is not positive: ${preClose}`);
  if (preClose === null && row.pre_close !== null && row.pre_close !== undefined) {
    return reject(`${row.ts_code} ${date}: pre_close is not a number: ${JSON.stringify(row.pre_close)}`);
  }
  return accept({
    code: codeAs ?? parsedCode.code,
    date,
    ...prices.value,
    volume: Math.round(vol * SHARES_PER_LOT),
    amount: amount === null ? null : roundTo(amount * YUAN_PER_THOUSAND, 2),
    preClose,
  });
}

/** The open days of a `trade_cal` answer (rows with is_open 1), ascending; a row that is not a day is a reason. */
export function tushareOpenDays(rows: readonly TushareRow[]): Parsed<string[]> {
  const days: string[] = [];
  for (const row of rows) {
    const date = isoFromCompact(row.cal_date);
    if (!date) return reject(`cal_date is not a YYYYMMDD day: ${JSON.stringify(row.cal_date)}`);
    const open = finiteNumber(row.is_open);
    if (open !== 0 && open !== 1) return reject(`${date}: is_open is neither 0 nor 1: ${JSON.stringify(row.is_open)}`);
    if (open === 1) days.push(date);
  }
  return accept([...new Set(days)].sort());
}

export interface TushareListing {
  code: string;
  exchange: Exchange;
  name: string;
}

export interface TushareNameSpan extends TushareListing {
  from: string;
  to: string | null;
}

/** A `namechange` row (ts_code, name, start_date, end_date; end_date null for today's name) as a span of days. */
export function tushareNameSpan(row: TushareRow): Parsed<TushareNameSpan> {
  const listing = tushareListing(row);
  if (!listing.ok) return reject(listing.reason);
  const from = isoFromCompact(row.start_date);
  if (!from) return reject(`${row.ts_code}: start_date is not a date: ${JSON.stringify(row.start_date)}`);
  const to = row.end_date === null || row.end_date === undefined || row.end_date === "" ? null : isoFromCompact(row.end_date);
  if (to === null && row.end_date) return reject(`${row.ts_code}: end_date is not a date: ${JSON.stringify(row.end_date)}`);
  if (to !== null && to < from) return reject(`${row.ts_code}: end_date ${to} before start_date ${from}`);
  return accept({ ...listing.value, from, to });
}

/** A day a stock did not trade at all: Tushare `suspend_d` rows of type S without a time of day (日内停牌时间段). */
export interface TushareSuspension {
  code: string;
  date: string;
}

/**
 * A `suspend_d` row (ts_code, trade_date, suspend_timing, suspend_type) as a day without trading; null for a 复牌 (R)
 * row or a suspension for part of the day, which leaves the day's trading possible.
 */
export function tushareSuspension(row: TushareRow): Parsed<TushareSuspension | null> {
  const parsedCode = parseTsCode(row.ts_code);
  if (!parsedCode) return reject(`ts_code is not a code: ${JSON.stringify(row.ts_code)}`);
  const date = isoFromCompact(row.trade_date);
  if (!date) return reject(`${row.ts_code}: trade_date is not a date: ${JSON.stringify(row.trade_date)}`);
  if (row.suspend_type !== "S" && row.suspend_type !== "R") return reject(`${row.ts_code} ${date}: suspend_type is neither S nor R: ${JSON.stringify(row.suspend_type)}`);
  const timing = typeof row.suspend_timing === "string" ? row.suspend_timing.trim() : "";
  return accept(row.suspend_type === "S" && timing === "" ? { code: parsedCode.code, date } : null);
}

/** The exchange's limit prices of a day (Tushare `stk_limit`): 涨停价 and 跌停价. */
export interface TushareLimitPrices {
  code: string;
  date: string;
  up: number;
  down: number;
}

/** A `stk_limit` row (trade_date, ts_code, up_limit, down_limit) as the day's limit prices. */
export function tushareLimitPrices(row: TushareRow): Parsed<TushareLimitPrices> {
  const parsedCode = parseTsCode(row.ts_code);
  if (!parsedCode) return reject(`ts_code is not a code: ${JSON.stringify(row.ts_code)}`);
  const date = isoFromCompact(row.trade_date);
  if (!date) return reject(`${row.ts_code}: trade_date is not a date: ${JSON.stringify(row.trade_date)}`);
  const up = finiteNumber(row.up_limit);
  const down = finiteNumber(row.down_limit);
  if (up === null || down === null || up <= 0 || down <= 0 || down > up) {
    return reject(`${row.ts_code} ${date}: limit prices are not a range: ${JSON.stringify(row.down_limit)}–${JSON.stringify(row.up_limit)}`);
  }
  return accept({ code: parsedCode.code, date, up: roundTo(up, 3), down: roundTo(down, 3) });
}

/** A `stock_basic` row (ts_code, name) as a listing. */
export function tushareListing(row: TushareRow): Parsed<TushareListing> {
  const parsedCode = parseTsCode(row.ts_code);
  if (!parsedCode) return reject(`ts_code is not a code: ${JSON.stringify(row.ts_code)}`);
  const name = typeof row.name === "string" ? row.name.trim() : "";
  if (!name) return reject(`${row.ts_code}: name is empty`);
  return accept({ ...parsedCode, name });
}
