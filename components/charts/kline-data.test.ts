import { dailyBar, dailyWalk } from "./bars.test-support";
import {
  buildKLineModel, formatChartTime, formatTick, indexOfTime, initialRange, klineSummary, legendAt, minuteTimestamp, weekKey,
} from "./kline-data";

const bar = (date: string, open: number, close: number) => dailyBar(date, open, close, { volume: 1000 });
const days = dailyWalk("2024-03-04", 10, [10.5, 10.2, 10.2, 11.22, 11.0], { volume: 1000 });

describe("buildKLineModel", () => {
  it("sums fills of the same bar and side into one marker, B below in red, S above in green", () => {
    const model = buildKLineModel({
      period: "day",
      bars: days,
      markers: [
        { date: "2024-03-05", side: "buy", price: 10.3, quantity: 1000 },
        { date: "2024-03-05", side: "buy", price: 10.4, quantity: 1000 },
        { date: "2024-03-07", side: "sell", price: 11.2, quantity: 2000 },
        { date: "2024-02-01", side: "buy", price: 9, quantity: 100 },
      ],
    });
    expect(model.markers).toEqual([
      { time: "2024-03-05", position: "belowBar", shape: "arrowUp", color: "#e0282e", text: "B", id: "buy-2024-03-05" },
      { time: "2024-03-07", position: "aboveBar", shape: "arrowDown", color: "#16a34a", text: "S", id: "sell-2024-03-07" },
    ]);
    expect(model.tradeMarkerCount).toBe(2);
    expect(model.unplacedFills).toBe(1);
    expect(model.tradesByIndex.get(1)?.[0]?.label).toBe("B 2,000股 @10.35（2笔）");
    expect(model.tradesByIndex.get(3)?.[0]?.label).toBe("S 2,000股 @11.20");
  });

  it("adds 涨停/炸板 marks after the trade markers, once per bar and kind", () => {
    const model = buildKLineModel({
      period: "day",
      bars: days,
      markers: [{ date: "2024-03-07", side: "buy", price: 11.22, quantity: 100 }],
      limitMarks: [
        { date: "2024-03-07", kind: "limit_up" },
        { date: "2024-03-07", kind: "limit_up" },
        { date: "2024-03-08", kind: "broken" },
        { date: "2024-01-01", kind: "limit_down" },
      ],
    });
    expect(model.markers.map((m) => `${m.time} ${m.text}`)).toEqual(["2024-03-07 B", "2024-03-07 涨停", "2024-03-08 炸板"]);
    expect(model.tradeMarkerCount).toBe(1);
  });

  it("colours volume by direction and computes MA and MACD per bar", () => {
    const model = buildKLineModel({ period: "day", bars: days, markers: [] });
    // a doji (open = close) takes the direction of the move from the previous close; unchanged counts as up
    expect(model.volumes.map((v) => v.color.startsWith("rgba(224"))).toEqual([true, false, true, true, false]);
    const doji = buildKLineModel({ period: "day", bars: [bar("2024-03-04", 10, 10.5), bar("2024-03-05", 10.3, 10.3)], markers: [] });
    expect(doji.volumes[1]?.color.startsWith("rgba(22,")).toBe(true);
    expect(model.maValues[5][4]).toBeCloseTo((10.5 + 10.2 + 10.2 + 11.22 + 11.0) / 5, 10);
    expect(model.maValues[5][3]).toBeNull();
    expect(model.ma[5][0]).toEqual({ time: "2024-03-04" });
    expect(model.macd).toHaveLength(5);
    expect(model.pricePrecision).toBe(2);
  });

  it("sorts bars, keeps one bar a date and drops bars that are not numbers", () => {
    const model = buildKLineModel({
      period: "day",
      bars: [days[2]!, days[0]!, { ...days[0]!, close: 10.4 }, { ...days[1]!, high: NaN }],
      markers: [],
    });
    expect(model.times).toEqual(["2024-03-04", "2024-03-06"]);
    expect(model.bars[0]!.close).toBe(10.4);
  });

  it("shades the round trip, to the last bar while open", () => {
    const closed = buildKLineModel({ period: "day", bars: days, markers: [], highlight: { from: "2024-03-05", to: "2024-03-07" } });
    expect(closed.highlightRange).toEqual({ start: 1, end: 3 });
    expect(closed.highlightOpen).toBe(false);
    const open = buildKLineModel({ period: "day", bars: days, markers: [], highlight: { from: "2024-03-06", to: null } });
    expect(open.highlightRange).toEqual({ start: 2, end: 4 });
    expect(open.highlightOpen).toBe(true);
    const outside = buildKLineModel({ period: "day", bars: days, markers: [], highlight: { from: "2023-01-01", to: "2023-02-01" } });
    expect(outside.highlightRange).toBeNull();
  });

  it("places fills on week bars by ISO week whatever date the bar carries", () => {
    const weeks = [bar("2024-03-08", 10, 11), bar("2024-03-15", 11, 12)];
    const model = buildKLineModel({
      period: "week",
      bars: weeks,
      markers: [{ date: "2024-03-11", side: "buy", price: 11, quantity: 100 }],
      highlight: { from: "2024-03-12", to: null },
    });
    expect(model.markers[0]?.time).toBe("2024-03-15");
    expect(model.highlightRange).toEqual({ start: 1, end: 1 });
    expect(weekKey("2024-03-17")).toBe("2024-03-11");
  });

  it("places timed fills on minute bars; untimed ones have no place", () => {
    const minutes = ["09:30", "09:31", "09:32"].map((t, i) => bar(`2024-03-07 ${t}`, 10 + i * 0.01, 10 + i * 0.01));
    const model = buildKLineModel({
      period: "min",
      bars: minutes,
      markers: [
        { date: "2024-03-07", time: "09:31:45", side: "buy", price: 10.01, quantity: 500 },
        { date: "2024-03-07", time: "09:25:00", side: "buy", price: 10, quantity: 100 },
        { date: "2024-03-07", time: null, side: "sell", price: 10, quantity: 100 },
      ],
    });
    const t0 = minuteTimestamp("2024-03-07 09:30")!;
    expect(model.times[0]).toBe(t0);
    expect(model.markers.map((m) => m.time)).toEqual([t0, t0 + 60]);
    expect(model.unplacedFills).toBe(1);
    expect(formatChartTime(t0)).toBe("2024-03-07 09:30");
    expect(indexOfTime(model, t0 + 60)).toBe(1);
  });
});

describe("chart text", () => {
  it("formats axis ticks and crosshair times", () => {
    expect(formatTick("2024-03-07", 0)).toBe("2024");
    expect(formatTick({ year: 2024, month: 3, day: 7 }, 1)).toBe("2024-03");
    expect(formatTick("2024-03-07", 2)).toBe("03-07");
    expect(formatTick(minuteTimestamp("2024-03-07 10:30"), 3)).toBe("10:30");
    expect(formatChartTime({ year: 2024, month: 3, day: 7 })).toBe("2024-03-07");
  });

  it("builds the legend of a bar with change, MAs and trades", () => {
    const model = buildKLineModel({ period: "day", bars: days, markers: [{ date: "2024-03-07", side: "buy", price: 11.22, quantity: 300 }] });
    const legend = legendAt(model, 3)!;
    expect(legend.changeText).toBe("+10.00%");
    expect(legend.tone).toBe("up");
    expect(legend.trades.map((t) => t.label)).toEqual(["B 300股 @11.22"]);
    expect(legendAt(model, 9)).toBeNull();
  });

  it("measures a day's change against its 昨收 when the bar has one (an ex-dividend day)", () => {
    const bars = [
      { code: "600000", date: "2024-06-27", open: 10, high: 10, low: 10, close: 10, volume: 100, amount: null },
      // 10派1元: 昨收 9.90, so a close at 9.90 is unchanged, not −1%
      { code: "600000", date: "2024-06-28", open: 9.9, high: 9.95, low: 9.85, close: 9.9, volume: 100, amount: null, preClose: 9.9 },
    ];
    const model = buildKLineModel({ period: "day", bars, markers: [] });
    expect(legendAt(model, 1)!.changeText).toBe("0.00%");
    expect(legendAt(model, 0)!.changeText).toBe("");
  });

  it("summarises the chart in one sentence", () => {
    const model = buildKLineModel({
      period: "day", bars: days,
      markers: [{ date: "2024-03-05", side: "buy", price: 10.3, quantity: 100 }, { date: "2024-03-07", side: "sell", price: 11, quantity: 100 }],
      highlight: { from: "2024-03-05", to: "2024-03-07" },
    });
    expect(klineSummary(model, "贵州茅台(600519)")).toBe(
      "贵州茅台(600519) 日K：2024-03-04 至 2024-03-08，共 5 根，最新收盘 11.00，买入标记 1 个、卖出标记 1 个，持仓区间 2024-03-05 至 2024-03-07。",
    );
    expect(klineSummary(buildKLineModel({ period: "week", bars: [], markers: [] }))).toBe("周K：暂无行情数据。");
  });

  it("opens on the latest bars or centred on the round trip", () => {
    expect(initialRange(20, 375, null)).toBeNull();
    expect(initialRange(300, 375, null)).toEqual({ from: 300 - 53 + 2, to: 301 });
    const r = initialRange(300, 375, { start: 100, end: 110 })!;
    expect(r.from).toBeLessThan(100);
    expect(r.to).toBeGreaterThan(110);
    expect(r.to - r.from).toBe(53);
    const long = initialRange(300, 375, { start: 10, end: 200 })!;
    expect(long.to - long.from).toBe(201);
    const atEnd = initialRange(300, 375, { start: 290, end: 299 })!;
    expect(atEnd.to).toBe(301);
  });
});

