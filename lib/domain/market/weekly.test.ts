import fc from "fast-check";
import { defaultCalendar } from "./calendar";
import type { DailyBar } from "./types";
import { weeklyBars } from "./weekly";

const bar = (date: string, open: number, high: number, low: number, close: number, volume: number, amount: number | null = volume * close): DailyBar => ({
  code: "600519", date, open, high, low, close, volume, amount,
});

describe("weeklyBars", () => {
  it("folds Mon–Fri into one bar dated on the week's last trading day", () => {
    const weeks = weeklyBars([
      bar("2024-09-23", 10, 11, 9.5, 10.5, 100, 1000),
      bar("2024-09-24", 10.5, 12, 10, 11.5, 200, 2000),
      bar("2024-09-27", 11.5, 11.8, 9, 9.2, 300, 3000),
      bar("2024-09-30", 9.2, 10, 9.1, 9.9, 50, 500),
      bar("2024-10-08", 9.9, 10.9, 9.8, 10.1, 60, null),
    ]);
    expect(weeks).toEqual([
      bar("2024-09-27", 10, 12, 9, 9.2, 600, 6000),
      bar("2024-09-30", 9.2, 10, 9.1, 9.9, 50, 500),
      bar("2024-10-08", 9.9, 10.9, 9.8, 10.1, 60, null),
    ]);
  });

  it("skips the closed Spring Festival week of 2024 and keeps the week's first 昨收", () => {
    const withPreClose = (date: string, close: number, preClose: number): DailyBar => ({ ...bar(date, close, close, close, close, 100, null), preClose });
    const weeks = weeklyBars([
      withPreClose("2024-02-05", 10, 9.8),
      withPreClose("2024-02-08", 10.4, 10),
      withPreClose("2024-02-19", 10.6, 10.4),
      withPreClose("2024-02-23", 10.2, 10.6),
    ]);
    expect(weeks.map((w) => [w.date, w.open, w.close, w.preClose])).toEqual([
      ["2024-02-08", 10, 10.4, 9.8],
      ["2024-02-23", 10.6, 10.2, 10.4],
    ]);
  });

  it("keeps codes apart and does not change its input", () => {
    const input = [bar("2024-01-02", 1, 2, 1, 2, 1), { ...bar("2024-01-03", 5, 6, 4, 5, 1), code: "000001" }];
    const copy = structuredClone(input);
    expect(weeklyBars(input).map((b) => b.code)).toEqual(["000001", "600519"]);
    expect(input).toEqual(copy);
  });

  it("keeps totals and extremes for any daily series", () => {
    const days = defaultCalendar.tradingDays("2024-01-01", "2024-12-31");
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 100, max: 999 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })), { minLength: 1, maxLength: days.length }), (rows) => {
        const daily = rows.map(([p, up, down], i) => bar(days[i] ?? "", p / 100, (p + up) / 100, (p - down) / 100, p / 100, up + down));
        const weeks = weeklyBars(daily);
        expect(weeks.reduce((s, w) => s + w.volume, 0)).toBe(daily.reduce((s, d) => s + d.volume, 0));
        expect(Math.max(...weeks.map((w) => w.high))).toBe(Math.max(...daily.map((d) => d.high)));
        expect(weeks.at(-1)?.close).toBe(daily.at(-1)?.close);
        expect(weeks[0]?.open).toBe(daily[0]?.open);
        for (let i = 1; i < weeks.length; i++) expect((weeks[i]?.date ?? "") > (weeks[i - 1]?.date ?? "")).toBe(true);
      }),
    );
  });
});
