import { isStockCode } from "@/lib/domain/market/codes";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { isLimitUp, limitRatio } from "@/lib/domain/market/limits";
import { DEMO_MARKET_START, DEMO_STOCKS, DEMO_TODAY, demoBars, demoStockBars } from "./demo-market";

describe("demo market", () => {
  it("lists about twelve real stock codes, each once, with names and seeds", () => {
    expect(DEMO_STOCKS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_STOCKS.map((s) => s.code)).size).toBe(DEMO_STOCKS.length);
    expect(new Set(DEMO_STOCKS.map((s) => s.seed)).size).toBe(DEMO_STOCKS.length);
    for (const stock of DEMO_STOCKS) {
      expect(isStockCode(stock.code)).toBe(true);
      expect(stock.name).toMatch(/^[\u4e00-\u9fa5]{2,6}$/);
      expect(stock.startPrice).toBeGreaterThan(1);
    }
    expect(DEMO_STOCKS.find((s) => s.code === "600519")?.name).toBe("贵州茅台");
  });

  it("has large caps that rarely close at 涨停 and small caps that do several times a year, never every few days", () => {
    const record = defaultCalendar.tradingDays(DEMO_MARKET_START, DEMO_TODAY).length;
    for (const stock of DEMO_STOCKS) {
      const bars = demoStockBars(stock, DEMO_MARKET_START, DEMO_TODAY);
      const ratio = (date: string) => limitRatio(stock.code, date, { name: stock.name }) ?? 0.1;
      const limitUps = bars.filter((bar, i) => i > 0 && isLimitUp(bar.close, bars[i - 1]!.close, ratio(bar.date))).length;
      const perYear = (limitUps / record) * 243;
      if (stock.cap === "large") expect([stock.name, perYear < 4]).toEqual([stock.name, true]);
      else expect([stock.name, perYear >= 2 && perYear <= 20]).toEqual([stock.name, true]);
    }
    expect(DEMO_STOCKS.filter((s) => s.cap === "small").length).toBeGreaterThanOrEqual(12);
  });

  it("returns every stock over the trading days asked for", () => {
    const bars = demoBars("2026-11-02", "2026-11-20");
    const days = defaultCalendar.tradingDays("2026-11-02", "2026-11-20");
    expect(bars).toHaveLength(DEMO_STOCKS.length * days.length);
    for (const stock of DEMO_STOCKS) {
      expect(bars.filter((b) => b.code === stock.code).map((b) => b.date)).toEqual(days);
    }
  });

  it("gives the same price for a date whatever range is asked for", () => {
    const stock = DEMO_STOCKS[0]!;
    const wide = demoStockBars(stock, DEMO_MARKET_START, "2026-11-20");
    const narrow = demoStockBars(stock, "2026-03-02", "2026-03-31");
    expect(narrow).toEqual(wide.filter((b) => b.date >= "2026-03-02" && b.date <= "2026-03-31"));
  });

  it("has nothing before the demo market starts or for an inverted range", () => {
    expect(demoBars("2020-01-01", "2024-12-31")).toEqual([]);
    expect(demoBars("2026-01-05", "2026-01-02")).toEqual([]);
    expect(demoBars("2020-01-01", "2025-01-03").every((b) => b.date >= DEMO_MARKET_START)).toBe(true);
  });
});
