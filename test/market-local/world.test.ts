import { defaultCalendar } from "@/lib/domain/market/calendar";
import { limitMarks } from "@/lib/domain/market/limit-marks";
import { limitDownPrice, limitRatio, limitUpPrice } from "@/lib/domain/market/limits";
import { PINNED_ROWS, exDividendDay, worldBars, worldFundBars, worldIndexBars, worldStockBars } from "./world";

const CODES = ["600519", "000001", "300750", "688981", "920047", "601872"];

describe("the stand-ins' market world", () => {
  it("has a bar on every real trading day and none on Spring Festival 2024", () => {
    const dates = worldStockBars("600519", "2024-01-01", "2024-12-31").map((b) => b.date);
    expect(dates).toEqual(defaultCalendar.tradingDays("2024-01-01", "2024-12-31"));
    expect(dates).toHaveLength(242);
    expect(dates.filter((d) => d >= "2024-02-08" && d <= "2024-02-19")).toEqual(["2024-02-08", "2024-02-19"]);
  });

  it.each(CODES)("keeps %s within the board's limit on 昨收, with 昨收 the previous close except on 除权除息 days", (code) => {
    const bars = worldStockBars(code, "2019-01-02", "2025-12-31");
    const wrong: string[] = [];
    for (let i = 1; i < bars.length; i++) {
      const [before, bar] = [bars[i - 1]!, bars[i]!];
      const ratio = limitRatio(code, bar.date)!;
      const [up, down] = [limitUpPrice(bar.preClose, ratio), limitDownPrice(bar.preClose, ratio)];
      if (bar.high > up || bar.low < down) wrong.push(`${bar.date}: ${bar.low}–${bar.high} outside ${down}–${up}`);
      if (bar.low > Math.min(bar.open, bar.close) || bar.high < Math.max(bar.open, bar.close)) wrong.push(`${bar.date}: inconsistent`);
      const exDividend = bar.date === exDividendDay(Number(bar.date.slice(0, 4)));
      if (exDividend ? bar.preClose >= before.close : bar.preClose !== before.close) wrong.push(`${bar.date}: 昨收 ${bar.preClose} after ${before.close}`);
    }
    expect(wrong).toEqual([]);
    expect(bars.filter((b) => b.date === exDividendDay(2024))).toHaveLength(1);
  });

  it("has limit-up, 炸板 and limit-down days", () => {
    const bars = worldStockBars("600519", "2023-01-03", "2024-12-31").map((b) => ({ ...b, code: "600519" }));
    const kinds = new Set(limitMarks(bars, "600519").map((m) => m.kind));
    expect(kinds).toEqual(new Set(["limit_up", "broken", "limit_down"]));
  });

  it("gives a day the same bar whatever range is asked", () => {
    const wide = worldStockBars("300750", "2020-01-02", "2024-06-28");
    const narrow = worldStockBars("300750", "2024-06-03", "2024-06-07");
    expect(narrow).toEqual(wide.filter((b) => b.date >= "2024-06-03" && b.date <= "2024-06-07"));
  });

  it("serves the documented real rows as published", () => {
    for (const [code, rows] of Object.entries(PINNED_ROWS)) {
      expect(worldBars(code, rows[0]!.date, rows[rows.length - 1]!.date)).toEqual(rows);
    }
  });

  it("has no bars for codes that are not stocks, and indexes only for the ones it knows", () => {
    expect(worldStockBars("699999", "2024-01-02", "2024-01-31")).toEqual([]);
    expect(worldStockBars("518850", "2024-01-02", "2024-01-31")).toEqual([]);
    expect(worldFundBars("600519", "2024-01-02", "2024-01-31")).toEqual([]);
    expect(worldBars("113070", "2024-01-02", "2024-01-31")).toEqual([]);
    expect(worldIndexBars("000300.SH", "2024-01-02", "2024-01-31")).toHaveLength(22);
    expect(worldIndexBars("399006.SZ", "2024-01-02", "2024-01-31")).toEqual([]);
  });

  it.each(["159659", "518850", "510330", "588200"])("trades fund %s to the 0.001 yuan within ±10%% of 昨收, at a fund's price level", (code) => {
    const bars = worldFundBars(code, "2019-01-02", "2025-12-31");
    expect(bars).toHaveLength(defaultCalendar.tradingDays("2019-01-02", "2025-12-31").length);
    const wrong: string[] = [];
    for (const bar of bars) {
      const [up, down] = [limitUpPrice(bar.preClose, 0.1, 3), limitDownPrice(bar.preClose, 0.1, 3)];
      if (bar.high > up || bar.low < down) wrong.push(`${bar.date}: ${bar.low}–${bar.high} outside ${down}–${up}`);
      for (const price of [bar.open, bar.high, bar.low, bar.close]) {
        if (Math.abs(price * 1000 - Math.round(price * 1000)) > 1e-6) wrong.push(`${bar.date}: ${price} is not to the 0.001`);
      }
    }
    expect(wrong).toEqual([]);
    expect(bars.some((b) => Math.round(b.close * 1000) % 10 !== 0)).toBe(true);
    expect(Math.max(...bars.map((b) => b.close))).toBeLessThan(20);
    const marks = limitMarks(bars.map((b) => ({ ...b, code })), code);
    expect(new Set(marks.map((m) => m.kind))).toEqual(new Set(["limit_up", "broken", "limit_down"]));
  });
});
