import "server-only";
import { isoDayNumber, isoDayText } from "@/lib/domain/iso-day";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { isFundCode } from "@/lib/domain/market/codes";
import { compactFromIso } from "@/lib/domain/market/providers/dates";
import {
  parseTushareReply, tsCodeOf, tushareBar, tushareDenial, tushareListing, tushareNameSpan, tushareSuspension, tushareLimitPrices, tushareOpenDays, type TushareRow,
} from "@/lib/domain/market/providers/tushare";
import type { DailyBar } from "@/lib/domain/market/types";
import { logger } from "@/lib/server/logger";
import { pacerFor, readJson, requireSixDigits, withRetries, type RequestPolicy } from "./http";
import { MarketDataError, type MarketDataProvider, type StockListing, type StockNameSpan, type StockSuspension, type StockLimitPrices } from "./types";

const LABEL = "Tushare Pro";

/**
 * Tushare's published limits (ADR 0040): `daily` answers at most 6000 rows a call and 500 calls a minute at the
 * basic tier; `index_daily` 8000 rows; `fund_daily` 2000 (the lowest its documentation has stated). We space calls
 * at 400 a minute to stay clear of the limit.
 */
export const TUSHARE_DEFAULT_POLICY: RequestPolicy = {
  timeoutMs: 30_000, minIntervalMs: 150, attempts: 5, baseDelayMs: 1_000, maxDelayMs: 60_000, rateLimitDelayMs: 20_000,
};
export const TUSHARE_ROW_LIMITS = { daily: 6000, fund_daily: 2000, index_daily: 8000, trade_cal: 6000, suspend_d: 5000, stk_limit: 5800 } as const;

export interface TushareOptions {
  token: string;
  apiUrl: string;
  policy?: Partial<RequestPolicy>;
  /** rows per call before a request is split (tests make it small) */
  rowLimits?: Partial<Record<keyof typeof TUSHARE_ROW_LIMITS, number>>;
  /** codes per `daily` request */
  maxCodesPerCall?: number;
}

const DAILY_FIELDS = "ts_code,trade_date,open,high,low,close,pre_close,vol,amount";

/** rows of `namechange` asked per call */
const NAME_PAGE = 5000;

export class TushareProvider implements MarketDataProvider {
  readonly name = "tushare" as const;
  readonly label = LABEL;
  readonly maxCodesPerCall: number;
  private requests = 0;
  private readonly policy: RequestPolicy;
  private readonly rowLimits: Record<keyof typeof TUSHARE_ROW_LIMITS, number>;

  constructor(private readonly options: TushareOptions) {
    this.policy = { ...TUSHARE_DEFAULT_POLICY, ...options.policy };
    this.rowLimits = { ...TUSHARE_ROW_LIMITS, ...options.rowLimits };
    this.maxCodesPerCall = options.maxCodesPerCall ?? 100;
  }

  get calls(): number {
    return this.requests;
  }

  /**
   * Stocks from `daily`, many codes a request; exchange-traded funds from `fund_daily` (same fields and units), one
   * code a request since its documentation takes a single ts_code. `daily` answers nothing for a fund.
   */
  async dailyBars(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]> {
    if (codes.length === 0 || to < from) return [];
    requireSixDigits(codes, `${LABEL} daily`);
    const stockCodes = codes.filter((code) => !isFundCode(code));
    const bars: DailyBar[] = [];
    for (let i = 0; i < stockCodes.length; i += this.maxCodesPerCall) {
      const chunk = stockCodes.slice(i, i + this.maxCodesPerCall);
      const tsCodes = chunk.map(tsCodeOf).join(",");
      const rows = await this.rowsOverDates("daily", { ts_code: tsCodes }, DAILY_FIELDS, from, to, chunk.length, signal);
      bars.push(...this.bars(rows, "daily", tsCodes));
    }
    for (const code of codes.filter(isFundCode)) {
      const tsCode = tsCodeOf(code);
      const rows = await this.rowsOverDates("fund_daily", { ts_code: tsCode }, DAILY_FIELDS, from, to, 1, signal);
      bars.push(...this.bars(rows, "fund_daily", tsCode));
    }
    return sortBars(bars);
  }

  async indexBars(index: string, from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]> {
    if (to < from) return [];
    const rows = await this.rowsOverDates("index_daily", { ts_code: index }, DAILY_FIELDS, from, to, 1, signal);
    return sortBars(this.bars(rows, "index_daily", index, index));
  }

  async tradingDays(from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    if (to < from) return [];
    const rows = await this.rowsOverDates("trade_cal", { exchange: "SSE" }, "exchange,cal_date,is_open", from, to, 1, signal, true);
    const days = tushareOpenDays(rows);
    if (!days.ok) throw new MarketDataError("bad_response", `${LABEL} trade_cal: ${days.reason}`, false);
    return days.value;
  }

  /** `namechange`, paged by offset: every name of every stock with its days (2,000 points on Tushare). */
  async nameHistory(signal?: AbortSignal): Promise<StockNameSpan[]> {
    const spans: StockNameSpan[] = [];
    for (let offset = 0; ; ) {
      const { rows, hasMore } = await this.call("namechange", { offset: String(offset), limit: String(NAME_PAGE) }, "ts_code,name,start_date,end_date", signal);
      for (const row of rows) {
        const span = tushareNameSpan(row);
        if (span.ok) spans.push(span.value);
        else logger().warn({ provider: this.name, api: "namechange" }, `market data: skipped a name: ${span.reason}`);
      }
      offset += rows.length;
      if (!hasMore || rows.length === 0) return spans;
    }
  }

  /** `suspend_d` of type S, many codes a request: the days each stock did not trade at all. */
  async suspensions(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<{ told: boolean; days: StockSuspension[] }> {
    const days = await this.stockDays("suspend_d", { suspend_type: "S" }, "ts_code,trade_date,suspend_timing,suspend_type", codes, from, to, tushareSuspension, signal);
    return { told: true, days: days.filter((d): d is StockSuspension => d !== null) };
  }

  /** `stk_limit`, many codes a request: each day's 涨停价 and 跌停价 as the exchange set them. */
  async limitPrices(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<{ told: boolean; days: StockLimitPrices[] }> {
    return { told: true, days: await this.stockDays("stk_limit", {}, "trade_date,ts_code,up_limit,down_limit", codes, from, to, tushareLimitPrices, signal) };
  }

  /** A per-day API of stocks (not funds) over [from, to], as many codes a request as `daily` takes, each row parsed. */
  private async stockDays<T>(
    api: "suspend_d" | "stk_limit", params: Record<string, string>, fields: string, codes: readonly string[], from: string, to: string,
    parse: (row: TushareRow) => { ok: true; value: T } | { ok: false; reason: string }, signal?: AbortSignal,
  ): Promise<T[]> {
    const stockCodes = codes.filter((code) => /^\d{6}$/.test(code) && !isFundCode(code));
    const out: T[] = [];
    if (stockCodes.length === 0 || to < from) return out;
    for (let i = 0; i < stockCodes.length; i += this.maxCodesPerCall) {
      const chunk = stockCodes.slice(i, i + this.maxCodesPerCall);
      const tsCodes = chunk.map(tsCodeOf).join(",");
      for (const row of await this.rowsOverDates(api, { ...params, ts_code: tsCodes }, fields, from, to, chunk.length, signal)) {
        const parsed = parse(row);
        if (parsed.ok) out.push(parsed.value);
        else logger().warn({ provider: this.name, api, asked: tsCodes }, `market data: skipped a row: ${parsed.reason}`);
      }
    }
    return out;
  }

  async stockNames(signal?: AbortSignal): Promise<StockListing[]> {
    const { rows } = await this.call("stock_basic", { list_status: "L" }, "ts_code,symbol,name", signal);
    const listings: StockListing[] = [];
    for (const row of rows) {
      const listing = tushareListing(row);
      if (listing.ok) listings.push(listing.value);
      else logger().warn({ provider: this.name, api: "stock_basic" }, `market data: skipped a listing: ${listing.reason}`);
    }
    return listings;
  }

  private bars(rows: readonly TushareRow[], api: string, asked: string, codeAs?: string): DailyBar[] {
    const bars: DailyBar[] = [];
    for (const row of rows) {
      const bar = tushareBar(row, codeAs);
      if (bar.ok) bars.push(bar.value);
      else logger().warn({ provider: this.name, api, asked }, `market data: skipped a row: ${bar.reason}`);
    }
    return bars;
  }

  /**
   * Every row of [from, to], in as few calls as the row limit allows: back-to-back windows sized by the trading days
   * they span (`perDay` rows each), and a window whose answer was cut at the limit is asked again in halves.
   */
  private async rowsOverDates(
    api: keyof typeof TUSHARE_ROW_LIMITS, params: Record<string, string>, fields: string,
    from: string, to: string, perDay: number, signal?: AbortSignal, everyDay = false,
  ): Promise<TushareRow[]> {
    const limit = this.rowLimits[api];
    // trade_cal has a row for every calendar day, the bar APIs one per trading day (an upper bound beyond the known years)
    const days = everyDay ? calendarDays(from, to) : defaultCalendar.tradingDays(from, to);
    if (days.length === 0) return [];
    // one row short of the limit: an answer of exactly `limit` rows may have been cut
    const daysPerWindow = Math.max(1, Math.floor((limit - 1) / Math.max(1, perDay)));
    const rows: TushareRow[] = [];
    let start = from;
    for (let i = daysPerWindow - 1; start <= to; i += daysPerWindow) {
      const end = i < days.length - 1 ? days[i]! : to;
      rows.push(...(await this.window(api, params, fields, start, end, limit, signal)));
      start = dayAfter(end);
    }
    return rows;
  }

  private async window(
    api: string, params: Record<string, string>, fields: string, from: string, to: string, limit: number, signal?: AbortSignal,
  ): Promise<TushareRow[]> {
    const answer = await this.call(api, { ...params, start_date: compactFromIso(from), end_date: compactFromIso(to) }, fields, signal);
    if (!answer.hasMore && answer.rows.length < limit) return answer.rows;
    if (from === to) {
      throw new MarketDataError("bad_response", `${LABEL} ${api} ${params.ts_code ?? ""} ${from}: more than ${limit} rows for one day`, false);
    }
    const middle = calendarDays(from, to);
    const firstHalfEnd = middle[Math.floor((middle.length - 1) / 2)]!;
    const earlier = await this.window(api, params, fields, from, firstHalfEnd, limit, signal);
    const later = await this.window(api, params, fields, dayAfter(firstHalfEnd), to, limit, signal);
    return [...earlier, ...later];
  }

  private async call(api: string, params: Record<string, string>, fields: string, signal?: AbortSignal): Promise<{ rows: TushareRow[]; hasMore: boolean }> {
    const subject = params.ts_code ? `${api} ${abbreviate(params.ts_code)}` : api;
    const what = { provider: LABEL, call: subject, pacer: pacerFor(`tushare ${this.options.apiUrl}`) };
    return withRetries(what, this.policy, async (attemptSignal) => {
      this.requests++;
      const response = await fetch(this.options.apiUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_name: api, token: this.options.token, params, fields }),
        signal: attemptSignal,
      });
      const reply = parseTushareReply(await readJson(response, what));
      if (!reply.ok) throw new MarketDataError("bad_response", `${LABEL} ${subject}: ${reply.reason}`, false);
      if (reply.value.ok) return { rows: reply.value.rows, hasMore: reply.value.hasMore };
      throw tushareError(subject, reply.value.code, reply.value.msg);
    }, signal);
  }
}

/** Tushare's non-zero code as a MarketDataError whose message is Tushare's own words. */
function tushareError(subject: string, code: number, msg: string): MarketDataError {
  const message = `${LABEL} ${subject}: ${msg} (code ${code})`;
  switch (tushareDenial(code, msg)) {
    case "auth":
      return new MarketDataError("auth", message, false);
    case "rate_limit":
      return new MarketDataError("rate_limit", message, true);
    case "quota":
      return new MarketDataError("rate_limit", message, false);
    case "permission":
      return new MarketDataError("permission", message, false);
    case "other":
      return new MarketDataError("bad_request", message, false);
  }
}

function abbreviate(tsCodes: string): string {
  const list = tsCodes.split(",");
  return list.length <= 3 ? tsCodes : `${list.slice(0, 3).join(",")} and ${list.length - 3} more`;
}

function dayAfter(date: string): string {
  return isoDayText(isoDayNumber(date)! + 1);
}

function calendarDays(from: string, to: string): string[] {
  const [first, last] = [isoDayNumber(from)!, isoDayNumber(to)!];
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => isoDayText(first + i));
}

function sortBars(bars: DailyBar[]): DailyBar[] {
  return bars.sort((a, b) => (a.code === b.code ? (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) : a.code < b.code ? -1 : 1));
}
