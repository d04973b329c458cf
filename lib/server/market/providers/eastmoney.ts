import "server-only";
import { compactFromIso } from "@/lib/domain/market/providers/dates";
import {
  EASTMONEY_DAILY, EASTMONEY_FIELDS1, EASTMONEY_FIELDS2, EASTMONEY_UNADJUSTED, eastmoneyBar, indexSecidOf, parseEastmoneyReply, secidOf,
} from "@/lib/domain/market/providers/eastmoney";
import type { DailyBar } from "@/lib/domain/market/types";
import { logger } from "@/lib/server/logger";
import { pacerFor, readJson, requireSixDigits, withRetries, type RequestPolicy } from "./http";
import { MarketDataError, type MarketDataProvider, type StockListing, type StockNameSpan, type StockSuspension, type StockLimitPrices } from "./types";

const LABEL = "东方财富";
const KLINE_PATH = "/api/qt/stock/kline/get";
/** the `ut` AkShare and efinance send with every K-line request */
const UT = "7eea3edcaed734bea9cbfc24409ed989";
/** 上证指数 has bars for every Shanghai trading day since 1990: the calendar is the days it has a bar */
const CALENDAR_INDEX = "000001.SH";

/** No published limit; the endpoint blocks bursts, so we stay at about four requests a second. */
export const EASTMONEY_DEFAULT_POLICY: RequestPolicy = {
  timeoutMs: 20_000, minIntervalMs: 250, attempts: 4, baseDelayMs: 1_000, maxDelayMs: 30_000, rateLimitDelayMs: 10_000,
};

export interface EastmoneyOptions {
  apiUrl: string;
  policy?: Partial<RequestPolicy>;
}

/**
 * 东方财富's public K-line endpoint: one security per request, the whole range in one answer (AkShare asks for
 * 1970–2050 in one call). It has no list of names here: `stockNames` is empty.
 */
export class EastmoneyProvider implements MarketDataProvider {
  readonly name = "eastmoney" as const;
  readonly label = LABEL;
  readonly maxCodesPerCall = 1;
  private requests = 0;
  private readonly policy: RequestPolicy;

  constructor(private readonly options: EastmoneyOptions) {
    this.policy = { ...EASTMONEY_DEFAULT_POLICY, ...options.policy };
  }

  get calls(): number {
    return this.requests;
  }

  async dailyBars(codes: readonly string[], from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]> {
    requireSixDigits(codes, `${LABEL} K线`);
    const bars: DailyBar[] = [];
    for (const code of codes) bars.push(...(await this.klines(secidOf(code), code, from, to, signal)));
    return bars;
  }

  indexBars(index: string, from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]> {
    return this.klines(indexSecidOf(index), index, from, to, signal);
  }

  async tradingDays(from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    const bars = await this.klines(indexSecidOf(CALENDAR_INDEX), CALENDAR_INDEX, from, to, signal);
    return bars.map((bar) => bar.date);
  }

  async stockNames(): Promise<StockListing[]> {
    return [];
  }

  /** 东方财富's K-line endpoint has no history of names */
  async nameHistory(): Promise<StockNameSpan[]> {
    return [];
  }

  /** nor a list of suspensions: a suspended day is only a day without a K-line */
  async suspensions(): Promise<{ told: boolean; days: StockSuspension[] }> {
    return { told: false, days: [] };
  }

  /** nor the exchange's limit prices: the 交割单体检 computes them from the rules (docs/adr/0079) */
  async limitPrices(): Promise<{ told: boolean; days: StockLimitPrices[] }> {
    return { told: false, days: [] };
  }

  private async klines(secid: string, code: string, from: string, to: string, signal?: AbortSignal): Promise<DailyBar[]> {
    if (to < from) return [];
    const query = new URLSearchParams({
      secid, ut: UT, fields1: EASTMONEY_FIELDS1, fields2: EASTMONEY_FIELDS2, klt: EASTMONEY_DAILY, fqt: EASTMONEY_UNADJUSTED,
      beg: compactFromIso(from), end: compactFromIso(to),
    });
    const url = `${this.options.apiUrl}${KLINE_PATH}?${query}`;
    const what = { provider: LABEL, call: `K线 ${secid}`, pacer: pacerFor(`eastmoney ${this.options.apiUrl}`) };
    const answer = await withRetries(what, this.policy, async (attemptSignal) => {
      this.requests++;
      const response = await fetch(url, { headers: { referer: "https://quote.eastmoney.com/" }, signal: attemptSignal });
      return parseEastmoneyReply(await readJson(response, what));
    }, signal);
    if (!answer.ok) throw new MarketDataError("bad_response", `${LABEL} K线 ${secid}: ${answer.reason}`, false);
    if (answer.value === null) {
      logger().info({ provider: this.name, secid }, "market data: 东方财富 does not know this security (data null)");
      return [];
    }
    const expected = secid.slice(secid.indexOf(".") + 1);
    if (answer.value.code !== expected) {
      throw new MarketDataError("bad_response", `${LABEL} K线 ${secid}: answered for ${answer.value.code}`, false);
    }
    const bars: DailyBar[] = [];
    for (const line of answer.value.klines) {
      const bar = eastmoneyBar(line, code, answer.value.decimal);
      if (bar.ok && bar.value.date >= from && bar.value.date <= to) bars.push(bar.value);
      else if (!bar.ok) logger().warn({ provider: this.name, secid }, `market data: skipped a kline: ${bar.reason}`);
    }
    return bars.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
}
