import fc from "fast-check";
import { dailyWalk } from "./bars.test-support";
import { buildKLineModel } from "./kline-data";
import { TAP_SLOP_PX, barDetailAt, tappedIndex } from "./kline-tap";

// 2024-03-07 trades 3.5 million shares
const bars = dailyWalk("2024-03-04", 10, [10.5, 10.2, 11.22, 11.0, 11.1], { code: "601012" }).map((b) => (b.date === "2024-03-07" ? { ...b, volume: 3_500_000 } : b));

const model = buildKLineModel({
  period: "day",
  bars,
  markers: [
    { date: "2024-03-06", time: "14:50:00", side: "sell", price: 11.2, quantity: 500 },
    { date: "2024-03-06", time: "09:31:00", side: "buy", price: 10.3, quantity: 1000, play: "首板接力 · 半路" },
    { date: "2024-03-08", side: "buy", price: 11.05, quantity: 200 },
  ],
  limitMarks: [{ date: "2024-03-06", kind: "limit_up" }],
});

describe("tappedIndex", () => {
  it("picks the bar under the finger, or a bar with fills within a fingertip", () => {
    expect(tappedIndex(model, 0.2, 20)).toBe(0);
    expect(tappedIndex(model, 1.4, 20)).toBe(2); // 12 px from 2024-03-06's fills
    expect(tappedIndex(model, 1.3, 20)).toBe(1); // 14 px: the bar under the finger
    expect(tappedIndex(model, 3.5, 6)).toBe(4); // at 6 px a bar, two bars' reach; 03-06 and 03-08 both reachable, 03-08 nearer
    expect(tappedIndex(model, 3.4, 100)).toBe(3);
  });

  it("says nothing off the bars or without a position", () => {
    expect(tappedIndex(model, -0.6, 10)).toBeNull();
    expect(tappedIndex(model, 4.6, 10)).toBeNull();
    expect(tappedIndex(model, undefined, 10)).toBeNull();
    expect(tappedIndex(model, NaN, 10)).toBeNull();
    expect(tappedIndex(buildKLineModel({ period: "day", bars: [], markers: [] }), 0, 10)).toBeNull();
  });

  it("always lands on a bar, within a fingertip of the finger when it snaps (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -0.49, max: 4.49, noNaN: true }), fc.double({ min: 0.5, max: 80, noNaN: true }), (logical, spacing) => {
        const i = tappedIndex(model, logical, spacing)!;
        expect(Number.isInteger(i) && i >= 0 && i < bars.length).toBe(true);
        if (i !== Math.round(logical)) {
          expect(model.fillsByIndex.has(i)).toBe(true);
          expect(Math.abs(i - logical) * spacing).toBeLessThanOrEqual(TAP_SLOP_PX);
        }
      }),
    );
  });
});

describe("barDetailAt", () => {
  it("gives the bar's date, prices, change, volume, limit status and each fill in time order, with its 打法", () => {
    expect(barDetailAt(model, 2)).toEqual({
      index: 2,
      time: "2024-03-06",
      open: "10.20",
      high: "11.32",
      low: "10.10",
      close: "11.22",
      change: "+10.00%",
      tone: "up",
      volume: "1.20万",
      limit: "涨停",
      fills: [
        { side: "buy", sideText: "买入", time: "09:31", price: "10.30", quantity: "1,000股", play: "首板接力 · 半路" },
        { side: "sell", sideText: "卖出", time: "14:50", price: "11.20", quantity: "500股", play: null },
      ],
    });
  });

  it("writes a bar without fills, a fill without a time, the first bar's missing change and large volumes", () => {
    expect(barDetailAt(model, 3)).toMatchObject({ change: "-1.96%", tone: "down", volume: "350.00万", limit: null, fills: [] });
    expect(barDetailAt(model, 4)!.fills).toEqual([{ side: "buy", sideText: "买入", time: null, price: "11.05", quantity: "200股", play: null }]);
    expect(barDetailAt(model, 0)).toMatchObject({ change: "—", tone: "up" });
    expect(barDetailAt(model, 5)).toBeNull();
    expect(barDetailAt(model, null)).toBeNull();
  });
});
