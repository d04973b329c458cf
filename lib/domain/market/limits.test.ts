import fc from "fast-check";
import { isLimitDown, isLimitUp, limitDownPrice, limitRatio, limitUpPrice, priceDecimals } from "./limits";

describe("limitRatio", () => {
  it("gives each board its limit", () => {
    expect(limitRatio("600519", "2024-06-03")).toBe(0.1);
    expect(limitRatio("000001", "2024-06-03")).toBe(0.1);
    expect(limitRatio("300750", "2024-06-03")).toBe(0.2);
    expect(limitRatio("688981", "2024-06-03")).toBe(0.2);
    expect(limitRatio("920163", "2024-06-03")).toBe(0.3);
    expect(limitRatio("838163", "2024-06-03")).toBe(0.3);
    expect(limitRatio("204001", "2024-06-03")).toBeNull();
    expect(limitRatio("113070", "2024-06-03")).toBeNull();
  });

  it("gives exchange-traded funds ±10% every day, their listing day included, and REITs ±30% (±60% when listed)", () => {
    for (const code of ["510300", "159659", "518850", "588200", "161725", "513030"]) {
      expect(limitRatio(code, "2024-06-03")).toBe(0.1);
      expect(limitRatio(code, "2024-06-03", { tradingDayOfListing: 1 })).toBe(0.1);
    }
    expect(limitRatio("508000", "2024-06-03")).toBe(0.3);
    expect(limitRatio("180101", "2024-06-03", { tradingDayOfListing: 1 })).toBe(0.6);
  });

  it("widens 创业板 on 2020-08-24", () => {
    expect(limitRatio("300059", "2020-08-21")).toBe(0.1);
    expect(limitRatio("300059", "2020-08-24")).toBe(0.2);
    expect(limitRatio("300059", "2020-08-21", { name: "*ST某某" })).toBe(0.05);
    expect(limitRatio("300059", "2020-08-24", { name: "*ST某某" })).toBe(0.2);
  });

  it("gives main-board ST ±5% until 2026-07-03 and ±10% from 2026-07-06", () => {
    expect(limitRatio("600001", "2026-07-03", { name: "*ST某某" })).toBe(0.05);
    expect(limitRatio("000002", "2026-07-03", { name: "ST某某" })).toBe(0.05);
    expect(limitRatio("600001", "2026-07-06", { name: "*ST某某" })).toBe(0.1);
    expect(limitRatio("688001", "2024-01-02", { name: "*ST某某" })).toBe(0.2);
  });

  it("has no limit in the first 5 trading days on the registration-based boards", () => {
    // 2024-01-02 listing: days 1–5 are 01-02 … 01-08
    for (const [date, day] of [["2024-01-02", 1], ["2024-01-05", 4], ["2024-01-08", 5]] as const) {
      expect(limitRatio("688001", date, { tradingDayOfListing: day })).toBeNull();
      expect(limitRatio("301001", date, { tradingDayOfListing: day })).toBeNull();
      expect(limitRatio("603001", date, { tradingDayOfListing: day })).toBeNull();
    }
    expect(limitRatio("688001", "2024-01-09", { tradingDayOfListing: 6 })).toBe(0.2);
    expect(limitRatio("603001", "2024-01-09", { tradingDayOfListing: 6 })).toBe(0.1);
  });

  it("limits older main-board and 创业板 listings from day 2, and Beijing from day 2", () => {
    expect(limitRatio("603001", "2023-04-07", { tradingDayOfListing: 1 })).toBeNull();
    expect(limitRatio("603001", "2023-04-07", { tradingDayOfListing: 2 })).toBe(0.1); // listed 04-06
    expect(limitRatio("603001", "2023-04-11", { tradingDayOfListing: 2 })).toBeNull(); // listed 04-10
    expect(limitRatio("300001", "2020-08-21", { tradingDayOfListing: 2 })).toBe(0.1);
    expect(limitRatio("920001", "2024-01-02", { tradingDayOfListing: 1 })).toBeNull();
    expect(limitRatio("920001", "2024-01-03", { tradingDayOfListing: 2 })).toBe(0.3);
  });

  it("reads N and C names as new listings when the listing day is unknown", () => {
    expect(limitRatio("603001", "2024-01-02", { name: "N某某" })).toBeNull();
    expect(limitRatio("688001", "2024-01-03", { name: "C某某" })).toBeNull();
    expect(limitRatio("920001", "2024-01-03", { name: "C某某" })).toBe(0.3);
    expect(limitRatio("000100", "2024-01-03", { name: "TCL科技" })).toBe(0.1);
  });
});

describe("limit prices", () => {
  it("rounds half-up to the fen without float drift", () => {
    expect(limitUpPrice(10.05, 0.1)).toBe(11.06);
    expect(limitUpPrice(3.35, 0.1)).toBe(3.69);
    expect(limitDownPrice(3.35, 0.1)).toBe(3.02); // 3.015
    expect(limitUpPrice(10, 0.2)).toBe(12);
    expect(limitDownPrice(10, 0.3)).toBe(7);
    expect(limitUpPrice(1.15, 0.05)).toBe(1.21); // 1.2075
  });

  it("matches exact decimal arithmetic for any price on the tick", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.constantFrom(0.05, 0.1, 0.2, 0.3),
        (fen, ratio) => {
          const bp = Math.round(ratio * 10_000);
          // fen × (10000 ± bp) / 10000, half-up, all in integers
          const up = Math.floor((fen * (10_000 + bp) + 5_000) / 10_000);
          const down = Math.floor((fen * (10_000 - bp) + 5_000) / 10_000);
          expect(Math.round(limitUpPrice(fen / 100, ratio) * 100)).toBe(up);
          expect(Math.round(limitDownPrice(fen / 100, ratio) * 100)).toBe(down);
          expect(isLimitUp(up / 100, fen / 100, ratio)).toBe(true);
          expect(isLimitDown(down / 100, fen / 100, ratio)).toBe(true);
          if (up - 1 > fen) expect(isLimitUp((up - 1) / 100, fen / 100, ratio)).toBe(false);
        },
      ),
    );
  });

  it("accepts a price within 0.005 of the limit", () => {
    expect(isLimitUp(3.685, 3.35, 0.1)).toBe(true);
    expect(isLimitUp(3.68, 3.35, 0.1)).toBe(false);
  });
});

describe("fund limit prices, to the 0.001 tick", () => {
  it("rounds half-up to the tenth of a fen", () => {
    expect(priceDecimals("518850")).toBe(3);
    expect(priceDecimals("600519")).toBe(2);
    // 1.234 × 1.1 = 1.3574 → 1.357; 1.234 × 0.9 = 1.1106 → 1.111
    expect([limitUpPrice(1.234, 0.1, 3), limitDownPrice(1.234, 0.1, 3)]).toEqual([1.357, 1.111]);
    // 0.955 × 1.1 = 1.0505 → 1.051 (half-up); 0.955 × 0.9 = 0.8595 → 0.860
    expect([limitUpPrice(0.955, 0.1, 3), limitDownPrice(0.955, 0.1, 3)]).toEqual([1.051, 0.86]);
    // the same close as a stock rounds to the fen
    expect(limitUpPrice(1.234, 0.1)).toBe(1.36);
  });

  it("tells a fund's limit from a price one tick below it", () => {
    expect(isLimitUp(1.357, 1.234, 0.1, 3)).toBe(true);
    expect(isLimitUp(1.356, 1.234, 0.1, 3)).toBe(false);
    expect(isLimitDown(1.111, 1.234, 0.1, 3)).toBe(true);
    expect(isLimitDown(1.112, 1.234, 0.1, 3)).toBe(false);
  });

  it("keeps a fund's limits within the ratio of the previous close, to half a tick", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 200_000 }), (milli) => {
        const prevClose = milli / 1000;
        const up = limitUpPrice(prevClose, 0.1, 3);
        const down = limitDownPrice(prevClose, 0.1, 3);
        expect(Math.abs(up - prevClose * 1.1)).toBeLessThanOrEqual(0.0005 + 1e-9);
        expect(Math.abs(down - prevClose * 0.9)).toBeLessThanOrEqual(0.0005 + 1e-9);
        expect(Math.round(up * 1000)).toBeCloseTo(up * 1000, 6);
      }),
    );
  });
});
