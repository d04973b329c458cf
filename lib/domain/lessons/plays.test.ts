import fc from "fast-check";
import type { DailyBar } from "@/lib/domain/market/types";
import { playRecord, type LabelledBuy } from "./play-record";
import { dayContexts, LIMIT_UP_CAVEAT, playOf, type PlayFill } from "./plays";

// 招商银行 (600036, main board: ±10%) over a week drawn by hand: a first board, a second, a 炸板, a fall.
const bar = (date: string, preClose: number, open: number, high: number, low: number, close: number): DailyBar => ({
  code: "600036", date, open, high, low, close, volume: 10_000_000, amount: null, preClose,
});
const BARS = [
  bar("2024-03-04", 10.0, 10.1, 10.5, 9.9, 10.2),
  bar("2024-03-05", 10.2, 10.5, 11.22, 10.4, 11.22), // 首板: 10.20 × 1.1 = 11.22
  bar("2024-03-06", 11.22, 11.5, 12.34, 11.3, 12.34), // 2连板
  bar("2024-03-07", 12.34, 12.6, 13.57, 12.5, 13.0), // touched 13.57, closed below: 炸板
  bar("2024-03-08", 13.0, 12.8, 13.2, 12.5, 12.6),
];
const days = dayContexts("600036", BARS);
const label = (date: string, time: string | null, side: "buy" | "sell", price: number, cost?: number) => {
  const fill: PlayFill = { date, time, side, price };
  const l = playOf(fill, days.get(date), "600036", cost);
  return l.play === null ? `? ${l.reason}` : l.text;
};

describe("打法 of each fill from the day's bar, its limit-up price and the fill's price and time", () => {
  it("counts limit-up closes in a row (连板) and the day before's", () => {
    expect([...days.values()].map((d) => [d.bar.date, d.limitUp, d.streak, d.priorStreak])).toEqual([
      ["2024-03-04", 11, 0, 0],
      ["2024-03-05", 11.22, 1, 0],
      ["2024-03-06", 12.34, 2, 1],
      ["2024-03-07", 13.57, 0, 2],
      ["2024-03-08", 14.3, 0, 0],
    ]);
  });

  it("labels each kind of buy, with 接力 the day after a limit-up close", () => {
    expect(label("2024-03-05", "09:20:00", "buy", 10.5)).toBe("竞价");
    expect(label("2024-03-05", "10:00:00", "buy", 11.22)).toBe("首板打板");
    expect(label("2024-03-06", "10:00:00", "buy", 12.34)).toBe("2连板打板");
    // 11.22 × 1.05 = 11.781 < 11.90 < 12.34
    expect(label("2024-03-06", "10:30:00", "buy", 11.9)).toBe("首板接力 · 半路");
    expect(label("2024-03-07", "10:00:00", "buy", 13.57)).toBe("炸板日打板");
    expect(label("2024-03-07", "13:30:00", "buy", 12.55)).toBe("2连板接力 · 低吸");
    expect(label("2024-03-08", "10:00:00", "buy", 12.95)).toBe("低吸");
    // above 昨收, not 5% above, far from the day's low: no named play
    expect(label("2024-03-04", "10:00:00", "buy", 10.3)).toBe("其他买入");
  });

  it("labels each kind of sell", () => {
    expect(label("2024-03-07", "14:00:00", "sell", 13.2)).toBe("炸板卖出");
    expect(label("2024-03-08", "14:00:00", "sell", 12.6, 13.57)).toBe("止损");
    expect(label("2024-03-08", "14:00:00", "sell", 12.6, 12.7)).toBe("其他卖出");
    // 10.00 × 1.03 = 10.30 ≤ 10.45, and within a fifth of the range below the high (10.38)
    expect(label("2024-03-04", "14:50:00", "sell", 10.45)).toBe("冲高");
    const ended = dayContexts("600036", [bar("2024-03-05", 10.2, 10.5, 11.22, 10.4, 11.22), bar("2024-03-06", 11.22, 11.0, 11.5, 10.8, 11.1)]);
    const sell = playOf({ date: "2024-03-06", time: "10:00:00", side: "sell", price: 11.3 }, ended.get("2024-03-06"), "600036");
    expect(sell.play === null ? null : sell.text).toBe("首板后断板卖出");
  });

  it("says what it cannot tell instead of guessing", () => {
    const board = playOf({ date: "2024-03-05", time: null, side: "buy", price: 11.22 }, days.get("2024-03-05"), "600036");
    expect(board).toMatchObject({ play: "limit-up", sealed: true, caveat: LIMIT_UP_CAVEAT });
    expect(label("2024-03-11", "10:00:00", "buy", 12)).toBe("? 当天没有行情数据，无法判断打法");
    // the first bar without 昨收 has no limit to judge by
    expect(dayContexts("600036", [{ ...BARS[0]!, preClose: null }]).size).toBe(0);
  });
});

describe("打法 over any fill (property)", () => {
  it("every fill of a day with a bar gets one label; a buy at the limit-up price outside the auction is always 打板", () => {
    const day = fc.constantFrom(...BARS.map((b) => b.date));
    const time = fc.option(fc.constantFrom("09:15:00", "09:25:00", "09:30:00", "11:29:59", "13:00:00", "14:57:00"), { nil: null });
    fc.assert(
      fc.property(day, time, fc.constantFrom("buy" as const, "sell" as const), fc.integer({ min: 800, max: 1500 }), fc.option(fc.integer({ min: 800, max: 1500 }), { nil: undefined }), (date, t, side, cents, cost) => {
        const l = playOf({ date, time: t, side, price: cents / 100 }, days.get(date), "600036", cost === undefined ? undefined : cost / 100);
        expect(l.play).not.toBeNull();
        const atLimit = playOf({ date, time: t, side: "buy", price: days.get(date)!.limitUp }, days.get(date), "600036");
        if (!(t && t <= "09:25:59")) expect(atLimit.play).toBe("limit-up");
      }),
    );
  });
});

describe("a master's record per 打法", () => {
  const buy = (date: string, time: string, price: number): LabelledBuy => ({ code: "600036", date, time, price, label: playOf({ date, time, side: "buy", price }, days.get(date), "600036") });
  const buys = [
    buy("2024-03-05", "10:00:00", 11.22),
    buy("2024-03-05", "09:20:00", 10.5),
    buy("2024-03-06", "10:00:00", 12.34),
    buy("2024-03-07", "10:00:00", 13.57),
    buy("2024-03-08", "10:00:00", 12.95),
    buy("2024-03-11", "10:00:00", 12.0),
  ];
  const trips = [
    { code: "600036", openDate: "2024-03-05", realized: true, pnl: 500 },
    { code: "600036", openDate: "2024-03-06", realized: true, pnl: 300 },
    { code: "600036", openDate: "2024-03-07", realized: true, pnl: -200 },
    { code: "600036", openDate: "2024-03-08", realized: true, pnl: 100 },
    { code: "600036", openDate: "2024-03-08", realized: false, pnl: 0 },
  ];
  const opens = new Map(BARS.map((b, i) => [b.date, BARS[i + 1]?.open]));
  const record = playRecord(buys, trips, (_code, date) => opens.get(date));

  it("counts each realised trip for the play of the buy that opened it, as a hand count gives", () => {
    const by = Object.fromEntries(record.plays.map((p) => [p.play, [p.buys, p.trips, p.wins, p.totalPnl, p.averagePnl]]));
    // 03-05 opened by the 09:20 auction buy; 03-06 and 03-07 by 打板; 03-08 by 低吸
    expect(by).toEqual({ auction: [1, 1, 1, 500, 500], "limit-up": [3, 2, 1, 100, 50], halfway: [0, 0, 0, 0, null], dip: [1, 1, 1, 100, 100], other: [0, 0, 0, 0, null] });
    expect(record.plays.find((p) => p.play === "limit-up")).toMatchObject({ winRate: 0.5, smallSample: true });
    expect(record.unlabelled).toBe(1);
  });

  it("gives the 打板 buys' next-day premium and 炸板 rate with their samples", () => {
    const premium = (11.5 / 11.22 - 1 + (12.6 / 12.34 - 1) + (12.8 / 13.57 - 1)) / 3;
    expect(record.limitUp.buys).toBe(3);
    expect(record.limitUp.nextDaySamples).toBe(3);
    expect(record.limitUp.nextDayPremium).toBeCloseTo(premium, 10);
    expect(record.limitUp.brokenRate).toBeCloseTo(1 / 3, 10);
  });
});
