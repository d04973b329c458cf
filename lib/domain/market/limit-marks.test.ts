import { limitMarks } from "./limit-marks";
import type { DailyBar } from "./types";

const bar = (date: string, open: number, high: number, low: number, close: number): DailyBar => ({
  code: "600519", date, open, high, low, close, volume: 1000, amount: null,
});

describe("limitMarks", () => {
  it("marks 涨停 with the board streak, 炸板 and 跌停 by the main-board 10% limit", () => {
    const bars = [
      bar("2024-03-01", 10, 10, 10, 10),
      bar("2024-03-04", 10.5, 11, 10.4, 11), // 10 × 1.1 = 11.00 涨停
      bar("2024-03-05", 12.1, 12.1, 12.1, 12.1), // 11 × 1.1 = 12.10 一字, 2 连板
      bar("2024-03-06", 12.5, 13.31, 12.4, 12.9), // 12.1 × 1.1 = 13.31 touched, closed below: 炸板
      bar("2024-03-07", 12, 12.2, 11.61, 11.61), // 12.9 × 0.9 = 11.61 跌停
    ];
    expect(limitMarks(bars, "600519", "贵州茅台")).toEqual([
      { date: "2024-03-04", kind: "limit_up", streak: 1 },
      { date: "2024-03-05", kind: "limit_up", streak: 2 },
      { date: "2024-03-06", kind: "broken", streak: 0 },
      { date: "2024-03-07", kind: "limit_down", streak: 0 },
    ]);
  });

  it("uses the 20% limit on ChiNext after the 2020-08-24 reform", () => {
    const bars = [bar("2024-03-01", 10, 10, 10, 10), bar("2024-03-04", 10, 11, 10, 11), bar("2024-03-05", 11, 13.2, 11, 13.2)];
    expect(limitMarks(bars.map((b) => ({ ...b, code: "300750" })), "300750")).toEqual([{ date: "2024-03-05", kind: "limit_up", streak: 1 }]);
  });
});
