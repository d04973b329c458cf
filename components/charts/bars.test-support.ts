import type { DailyBar } from "@/lib/domain/market/types";

export interface BarOptions {
  code?: string;
  volume?: number;
}

/** One bar whose high and low lie 0.1 beyond its open and close. */
export function dailyBar(date: string, open: number, close: number, { code = "600519", volume = 12_000 }: BarOptions = {}): DailyBar {
  return { code, date, open, high: Math.max(open, close) + 0.1, low: Math.min(open, close) - 0.1, close, volume, amount: null };
}

/** Bars on consecutive calendar days from `first`, each opening at the close before it (the first at `open`). */
export function dailyWalk(first: string, open: number, closes: number[], options: BarOptions = {}): DailyBar[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return closes.map((close, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return dailyBar(date, i === 0 ? open : closes[i - 1]!, close, options);
  });
}
