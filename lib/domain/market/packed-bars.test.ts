import fc from "fast-check";
import { packBars, unpackBars } from "./packed-bars";
import type { DailyBar } from "./types";

const day = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// any number a bar could hold, NaN and ±Infinity included; -0 reads back as 0
const value = fc.double().map((n) => (Object.is(n, -0) ? 0 : n));
const bar = fc.record({
  code: fc.constant("600519"),
  date: day,
  open: value,
  high: value,
  low: value,
  close: value,
  volume: value,
  amount: fc.option(value, { nil: null }),
  preClose: fc.option(value, { nil: undefined }),
}, { requiredKeys: ["code", "date", "open", "high", "low", "close", "volume", "amount"] });

describe("packBars / unpackBars", () => {
  it("gives back the same bars, to the last digit, in the same order, for any bars", () => {
    fc.assert(fc.property(fc.array(bar, { maxLength: 200 }), (bars) => {
      expect(unpackBars(packBars(bars), "600519")).toEqual(bars);
    }));
  });

  it("writes a bar as its date and six numbers, an unknown amount left empty", () => {
    const bars: DailyBar[] = [
      { code: "300308", date: "2026-04-30", open: 166.39, high: 175.45, low: 165.76, close: 175.02, volume: 11227900, amount: 1916097275 },
      { code: "300308", date: "2026-05-06", open: 179.57, high: 184.12, low: 176.71, close: 182.73, volume: 11317800, amount: null },
    ];
    expect(packBars(bars)).toBe("2026-04-30,166.39,175.45,165.76,175.02,11227900,1916097275;6,179.57,184.12,176.71,182.73,11317800,");
    expect(packBars([])).toBe("");
    expect(packBars([{ ...bars[0]!, preClose: 168.01 }])).toBe("2026-04-30,166.39,175.45,165.76,175.02,11227900,1916097275,168.01");
    expect(unpackBars("")).toEqual([]);
  });

  it("is well under half the size of the bars' JSON", () => {
    const bars: DailyBar[] = Array.from({ length: 140 }, (_, i) => ({
      code: "600519", date: new Date(Date.UTC(2026, 4, 1) + i * 86_400_000).toISOString().slice(0, 10),
      open: 1590.5, high: 1602.88, low: 1581.2, close: 1599.01, volume: 3_456_789, amount: 5_512_345_678.5,
    }));
    expect(packBars(bars).length).toBeLessThan(JSON.stringify(bars).length * 0.45);
  });

  it("refuses a bar whose date is not a day, naming it", () => {
    const broken = { code: "", date: "2026/04/30", open: 1, high: 1, low: 1, close: 1, volume: 1, amount: null };
    expect(() => packBars([broken])).toThrow("“2026/04/30” is not a YYYY-MM-DD day");
  });
});
