import fc from "fast-check";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { limitDownPrice, limitRatio, limitUpPrice } from "@/lib/domain/market/limits";
import type { DailyBar } from "@/lib/domain/market/types";
import { syntheticBars } from "./synthetic-bars";

const onTick = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** every broken rule, as text, so one assertion reports them all */
function violations(bars: DailyBar[], code: string, name: string): string[] {
  const found: string[] = [];
  bars.forEach((bar, i) => {
    const at = `${bar.date}`;
    if (bar.code !== code) found.push(`${at} code ${bar.code}`);
    for (const price of [bar.open, bar.high, bar.low, bar.close]) {
      if (!(price > 0) || !onTick(price)) found.push(`${at} price ${price}`);
    }
    if (bar.high < Math.max(bar.open, bar.close) || bar.low > Math.min(bar.open, bar.close)) found.push(`${at} OHLC`);
    if (!(bar.volume > 0) || bar.volume % 100 !== 0 || !(bar.amount !== null && bar.amount > 0)) found.push(`${at} volume`);
    const prev = bars[i - 1];
    const ratio = limitRatio(code, bar.date, { name });
    if (prev && ratio !== null) {
      if (bar.high > limitUpPrice(prev.close, ratio)) found.push(`${at} above limit-up`);
      if (bar.low < limitDownPrice(prev.close, ratio)) found.push(`${at} below limit-down`);
    }
  });
  return found;
}

function checkSeries(bars: DailyBar[], code: string, name: string, from: string, to: string): void {
  expect(bars.map((b) => b.date)).toEqual(defaultCalendar.tradingDays(from, to));
  expect(violations(bars, code, name)).toEqual([]);
}

describe("syntheticBars", () => {
  it("is deterministic: the same arguments give the same series", () => {
    const a = syntheticBars("600519", "贵州茅台", "2025-01-02", "2026-11-20", 11, 1480);
    const b = syntheticBars("600519", "贵州茅台", "2025-01-02", "2026-11-20", 11, 1480);
    expect(b).toEqual(a);
    expect(syntheticBars("600519", "贵州茅台", "2025-01-02", "2026-11-20", 12, 1480)).not.toEqual(a);
  });

  it("keeps earlier days when the range grows", () => {
    const short = syntheticBars("300750", "宁德时代", "2025-01-02", "2025-06-30", 7, 262);
    const long = syntheticBars("300750", "宁德时代", "2025-01-02", "2026-06-30", 7, 262);
    expect(long.slice(0, short.length)).toEqual(short);
  });

  it("trades on the exchange calendar, on ticks, inside each day's price limit", () => {
    for (const [code, name, price] of [["600519", "贵州茅台", 1480], ["300750", "宁德时代", 262], ["688256", "寒武纪", 612], ["920163", "某北交所股", 12]] as const) {
      checkSeries(syntheticBars(code, name, "2025-01-02", "2026-11-20", 5, price), code, name, "2025-01-02", "2026-11-20");
    }
  });

  it("uses the ST limit of ±5% for an ST name", () => {
    const bars = syntheticBars("600001", "*ST演示", "2025-01-02", "2025-12-31", 3, 4.5);
    for (let i = 1; i < bars.length; i++) {
      const prev = bars[i - 1] as DailyBar;
      expect((bars[i] as DailyBar).high).toBeLessThanOrEqual(limitUpPrice(prev.close, 0.05));
    }
  });

  it("has 涨停, 一字 and 炸板 days", () => {
    const bars = syntheticBars("002594", "比亚迪", "2025-01-02", "2026-11-20", 13, 98.5);
    let limitUp = 0;
    let yizi = 0;
    let broken = 0;
    for (let i = 1; i < bars.length; i++) {
      const bar = bars[i] as DailyBar;
      const up = limitUpPrice((bars[i - 1] as DailyBar).close, 0.1);
      if (bar.close === up && bar.low === up) yizi++;
      else if (bar.close === up) limitUp++;
      else if (bar.high === up) broken++;
    }
    expect(limitUp).toBeGreaterThanOrEqual(5);
    expect(yizi).toBeGreaterThanOrEqual(1);
    expect(broken).toBeGreaterThanOrEqual(3);
  });

  it("stays in a plausible range of its start price", () => {
    const bars = syntheticBars("601318", "中国平安", "2025-01-02", "2026-11-20", 14, 51.2);
    for (const bar of bars) {
      expect(bar.close).toBeGreaterThan(51.2 / 4);
      expect(bar.close).toBeLessThan(51.2 * 4);
    }
  });

  it("holds its invariants for any seed, board and start price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom(["600000", "演示"], ["000001", "ST演示"], ["300001", "演示"], ["688001", "演示"], ["920001", "演示"]),
        fc.integer({ min: 150, max: 300_000 }).map((fen) => fen / 100),
        (seed, [code, name], price) => {
          checkSeries(syntheticBars(code, name, "2025-03-03", "2025-07-31", seed, price), code, name, "2025-03-03", "2025-07-31");
        },
      ),
      { numRuns: 40 },
    );
  });
});
