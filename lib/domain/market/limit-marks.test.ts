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

  it("marks a fund's limits at its 0.001 tick, not rounded to the fen", () => {
    const fund = (date: string, high: number, close: number, preClose: number): DailyBar => ({
      code: "518850", date, open: preClose, high, low: Math.min(preClose, close), close, volume: 1000, amount: null, preClose,
    });
    const bars = [
      fund("2024-03-04", 1.357, 1.357, 1.234), // 1.234 × 1.1 = 1.3574 → 1.357 涨停 (as a stock it would be 1.36)
      fund("2024-03-05", 1.492, 1.49, 1.357), // 1.357 × 1.1 = 1.4927 → 1.493: 1.492 is a tick short, no mark
      fund("2024-03-06", 1.5, 1.341, 1.49), // 1.49 × 0.9 = 1.341 跌停
    ];
    expect(limitMarks(bars, "518850", "黄金9999")).toEqual([
      { date: "2024-03-04", kind: "limit_up", streak: 1 },
      { date: "2024-03-06", kind: "limit_down", streak: 0 },
    ]);
  });

  describe("counted from the exchange's 昨收 (pre_close)", () => {
    const withPreClose = (code: string, date: string, open: number, high: number, low: number, close: number, preClose: number): DailyBar => ({
      code, date, open, high, low, close, volume: 1000, amount: null, preClose,
    });

    it("marks nothing on ordinary days of the Tushare daily documentation sample", () => {
      // 000001.SZ, 2018-07-16..18, from the `daily` sample at https://tushare.pro/document/2?doc_id=27: pre_close is
      // the previous close; the 10% limits of the 18th are 9.59 / 7.85 and the day closed at 8.70.
      const bars = [
        withPreClose("000001", "2018-07-16", 8.85, 8.9, 8.69, 8.73, 8.88),
        withPreClose("000001", "2018-07-17", 8.74, 8.75, 8.66, 8.72, 8.73),
        withPreClose("000001", "2018-07-18", 8.75, 8.85, 8.69, 8.7, 8.72),
      ];
      expect(limitMarks(bars, "000001", "平安银行")).toEqual([]);
      expect(limitMarks([withPreClose("000001", "2018-07-18", 8.75, 9.59, 8.69, 9.59, 8.72)], "000001")).toEqual([
        { date: "2018-07-18", kind: "limit_up", streak: 1 },
      ]);
    });

    // Real limit-up closes of 2022-06-15 from the `limit_list_d` sample (https://tushare.pro/document/2?doc_id=298):
    // close and pct_chg as published; 昨收 = close / (1 + pct_chg), which the limit price checks back to the fen
    // (3.32 × 1.1 = 3.652 → 3.65; 26.85 × 1.1 = 29.535 → 29.54; 9.46 × 1.1 = 10.406 → 10.41). The sample's
    // open_times > 0 rows touched the limit more than once but closed on it: still 涨停, not 炸板.
    it.each([
      ["000017", "深中华A", 3.65, 9.94, 3.32],
      ["000025", "特力A", 29.54, 10.02, 26.85],
      ["000498", "山东路桥", 10.41, 10.04, 9.46],
    ])("marks %s %s's documented 涨停 close of 2022-06-15 (%f, +%f%%) from its 昨收 %f", (code, name, close, pctChg, preClose) => {
      expect(Math.round((close / (1 + pctChg / 100)) * 100) / 100).toBe(preClose);
      expect(limitMarks([withPreClose(code, "2022-06-15", preClose, close, preClose, close, preClose)], code, name)).toEqual([
        { date: "2022-06-15", kind: "limit_up", streak: 1 },
      ]);
    });

    it("puts 2019-06-25's limits where Tushare's `stk_limit` sample publishes them (000001.SZ: 15.06 / 12.32)", () => {
      // https://tushare.pro/document/2?doc_id=183: up_limit 15.06, down_limit 12.32, so 昨收 13.69 (13.69 × 1.1 =
      // 15.059; 13.69 × 0.9 = 12.321). A close at either price is marked; 15.05 is not.
      const day = (close: number, high = close, low = close) => withPreClose("000001", "2019-06-25", 13.69, high, low, close, 13.69);
      expect(limitMarks([day(15.06)], "000001", "平安银行")).toEqual([{ date: "2019-06-25", kind: "limit_up", streak: 1 }]);
      expect(limitMarks([day(12.32)], "000001", "平安银行")).toEqual([{ date: "2019-06-25", kind: "limit_down", streak: 0 }]);
      expect(limitMarks([day(15.05, 15.05, 13.5)], "000001", "平安银行")).toEqual([]);
      expect(limitMarks([day(14.2, 15.06, 13.5)], "000001", "平安银行")).toEqual([{ date: "2019-06-25", kind: "broken", streak: 0 }]);
    });

    // The textbook ex-dividend day: 10派10元 (1.00 a share) on a stock that closed at 10.00. The exchange's reference
    // 昨收 is 10.00 − 1.00 = 9.00, so the day's limits are 9.90 and 8.10, not 11.00 and 9.00.
    it("marks a 涨停 at 9.90 on an ex-dividend day that the previous close would miss", () => {
      const bars = [withPreClose("600000", "2024-06-27", 10, 10, 10, 10, 10), withPreClose("600000", "2024-06-28", 9.2, 9.9, 9.1, 9.9, 9)];
      expect(limitMarks(bars, "600000", "浦发银行")).toEqual([{ date: "2024-06-28", kind: "limit_up", streak: 1 }]);
      const withoutPreClose = bars.map((bar) => ({ ...bar, preClose: null }));
      expect(limitMarks(withoutPreClose, "600000", "浦发银行")).toEqual([]);
    });

    it("does not mark a 跌停 at 9.00 on an ex-dividend day, which the previous close would wrongly mark", () => {
      // 10派1元 (0.10 a share): 昨收 9.90, limits 10.89 / 8.91; a close at 9.00 is −9.1%, not the limit
      const bars = [withPreClose("600000", "2024-06-27", 10, 10, 10, 10, 10), withPreClose("600000", "2024-06-28", 9.8, 9.85, 9, 9, 9.9)];
      expect(limitMarks(bars, "600000", "浦发银行")).toEqual([]);
      const withoutPreClose = bars.map((bar) => ({ ...bar, preClose: null }));
      expect(limitMarks(withoutPreClose, "600000", "浦发银行")).toEqual([{ date: "2024-06-28", kind: "limit_down", streak: 0 }]);
    });

    it("uses the board's rule on that date: ChiNext at 10% before the 2020-08-24 reform, 20% after", () => {
      const day = (date: string, close: number) => withPreClose("300750", date, 100, close, 100, close, 100);
      expect(limitMarks([day("2020-08-21", 110)], "300750")).toEqual([{ date: "2020-08-21", kind: "limit_up", streak: 1 }]);
      expect(limitMarks([day("2020-08-24", 110)], "300750")).toEqual([]);
      expect(limitMarks([day("2020-08-24", 120)], "300750")).toEqual([{ date: "2020-08-24", kind: "limit_up", streak: 1 }]);
    });
  });
});
