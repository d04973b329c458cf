import { defaultCalendar } from "@/lib/domain/market/calendar";
import { exchangeOf } from "@/lib/domain/market/codes";
import type { DailyBar } from "@/lib/domain/market/types";
import { MarketDataError, type MarketDataProvider, type StockListing, type StockNameSpan, type StockSuspension, type StockLimitPrices } from "@/lib/server/market/providers/types";

export interface MemoryRequest {
  kind: "daily" | "index" | "calendar" | "names";
  codes: string[];
  from: string;
  to: string;
}

/** Deterministic bars on the published exchange calendar: each code has its own price level, moving a little daily. */
export function memoryBar(code: string, date: string, previousClose: number | null): DailyBar {
  const level = 5 + (Number(code.replace(/\D/g, "").slice(-3)) % 90);
  const step = Number(date.slice(8, 10)) % 7;
  const close = Math.round((level + step * 0.11) * 100) / 100;
  return { code, date, open: close, high: close + 0.2, low: close - 0.2, close, volume: 100_000 + step, amount: close * (100_000 + step), preClose: previousClose };
}

/**
 * A market data provider in memory for the sync's tests: it logs every request, counts calls like the real clients,
 * and can answer with a chosen MarketDataError for chosen codes (or for everything, as a bad token would).
 */
export class MemoryProvider implements MarketDataProvider {
  readonly name = "tushare" as const;
  readonly label = "内存行情（测试）";
  readonly requests: MemoryRequest[] = [];
  calls = 0;
  /** codes whose requests fail, with the error they fail with */
  readonly failing = new Map<string, MarketDataError>();
  /** every request fails with this */
  failAll: MarketDataError | null = null;
  /** codes absent from the listing (stockNames) */
  readonly unlisted = new Set<string>();

  constructor(readonly maxCodesPerCall = 3) {}

  private ask(request: MemoryRequest): void {
    this.calls++;
    this.requests.push(request);
    if (this.failAll) throw this.failAll;
    for (const code of request.codes) {
      const error = this.failing.get(code);
      if (error) throw error;
    }
  }

  private barsOf(code: string, from: string, to: string): DailyBar[] {
    let previous: number | null = null;
    return defaultCalendar.tradingDays(from, to).map((date) => {
      const bar = memoryBar(code, date, previous);
      previous = bar.close;
      return bar;
    });
  }

  async dailyBars(codes: readonly string[], from: string, to: string): Promise<DailyBar[]> {
    if (codes.length > this.maxCodesPerCall) throw new MarketDataError("bad_request", `asked for ${codes.length} codes at once`, false);
    this.ask({ kind: "daily", codes: [...codes], from, to });
    return codes.flatMap((code) => this.barsOf(code, from, to));
  }

  async indexBars(index: string, from: string, to: string): Promise<DailyBar[]> {
    this.ask({ kind: "index", codes: [index], from, to });
    return this.barsOf(index, from, to);
  }

  async tradingDays(from: string, to: string): Promise<string[]> {
    this.ask({ kind: "calendar", codes: [], from, to });
    return defaultCalendar.tradingDays(from, to);
  }

  async nameHistory(): Promise<StockNameSpan[]> {
    return [];
  }

  /** a provider that does not tell (as 东方财富) */
  async suspensions(): Promise<{ told: boolean; days: StockSuspension[] }> {
    return { told: false, days: [] };
  }

  async limitPrices(): Promise<{ told: boolean; days: StockLimitPrices[] }> {
    return { told: false, days: [] };
  }

  async stockNames(): Promise<StockListing[]> {
    this.ask({ kind: "names", codes: [], from: "", to: "" });
    const codes = ["600519", "000001", "300750", "688981", "601318", "000858", "002594"];
    return codes.filter((c) => !this.unlisted.has(c)).map((code) => ({ code, exchange: exchangeOf(code), name: `股票${code}` }));
  }

  barRequests(): MemoryRequest[] {
    return this.requests.filter((r) => r.kind === "daily" || r.kind === "index");
  }
}
