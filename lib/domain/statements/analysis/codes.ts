import { boardOf, canonicalCode } from "@/lib/domain/market/codes";
import type { Board, DailyBar, Exchange, Market } from "@/lib/domain/market/types";

/** Per-code answers asked once per fill, cached for the analysis of one statement. */

/** the market of a row: as the reader said, else 港股通 by exchange (rows stored before issue 21) */
export function marketOf(row: { market?: Market | null; exchange?: Exchange | null }): Market {
  return row.market ?? (row.exchange === "HK" ? "HK" : "A");
}

export function canonicalCodes(): (code: string, market: Market) => string {
  const cache = new Map<string, string>();
  return (code, market) => {
    if (market === "HK") return code;
    let c = cache.get(code);
    if (c === undefined) {
      c = canonicalCode(code);
      cache.set(code, c);
    }
    return c;
  };
}

export function boards(): (code: string, market: Market) => Board {
  const cache = new Map<string, Board>();
  return (code, market) => {
    if (market === "HK") return "other";
    let b = cache.get(code);
    if (b === undefined) {
      b = boardOf(code);
      cache.set(code, b);
    }
    return b;
  };
}

interface BarIndex {
  dates: string[];
  closes: number[];
}

function barIndexOf(bars: readonly DailyBar[] | undefined): BarIndex | null {
  if (!bars || bars.length === 0) return null;
  const sorted = bars.every((b, i) => i === 0 || bars[i - 1]!.date < b.date)
    ? bars
    : [...bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { dates: sorted.map((b) => b.date), closes: sorted.map((b) => b.close) };
}

/** The close of the last bar strictly before a date, from the caller's bars; null without bars. */
export function previousCloses(barsOf: ((code: string) => readonly DailyBar[] | undefined) | undefined): (code: string, date: string) => number | null {
  const cache = new Map<string, BarIndex | null>();
  return (code, date) => {
    if (!barsOf) return null;
    let index = cache.get(code);
    if (index === undefined) {
      index = barIndexOf(barsOf(code));
      cache.set(code, index);
    }
    if (index === null) return null;
    let lo = 0;
    let hi = index.dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (index.dates[mid]! < date) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? null : (index.closes[lo - 1] ?? null);
  };
}
