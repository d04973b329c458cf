import type { DailyBar } from "@/lib/domain/market/types";
import { unpackBars } from "@/lib/domain/market/packed-bars";
import { klineChartProps, type ChartSource } from "./kline-props";

function chart(days: number): ChartSource {
  const bars: DailyBar[] = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 5) + i * 86_400_000).toISOString().slice(0, 10);
    return { code: "300308", date, open: 100 + i, high: 102 + i, low: 99 + i, close: 101 + i, volume: 1000 * (i + 1), amount: null };
  });
  return {
    bars,
    markers: [
      { date: bars[1]!.date, time: "09:35:00", side: "buy", price: 101.5, quantity: 500 },
      { date: bars[3]!.date, time: "14:50:00", side: "sell", price: 104.2, quantity: 500 },
    ],
    limitMarks: [{ date: bars[2]!.date, kind: "limit_up" }],
  };
}

describe("klineChartProps", () => {
  const view = { period: "day" as const, highlight: { from: "2026-10-06", to: "2026-10-08" }, caption: "中际旭创(300308)" };

  it("hands the chart its bars packed, the fills and the summary that crawlers and screen readers read", () => {
    const source = chart(5);
    const props = klineChartProps(source, view);
    expect(unpackBars(props.bars, "300308")).toEqual(source.bars);
    expect(props.markers).toBe(source.markers);
    expect(props.limitMarks).toEqual(source.limitMarks);
    expect(props.summary).toBe("中际旭创(300308) 日K：2026-10-05 至 2026-10-09，共 5 根，最新收盘 105.00，买入标记 1 个、卖出标记 1 个，持仓区间 2026-10-06 至 2026-10-08。");
  });

  it("names where the bars came from for the line under the chart", () => {
    expect(klineChartProps({ ...chart(5), sources: ["tushare"] }, view).dataSource).toBe("Tushare Pro");
    expect(klineChartProps({ ...chart(5), sources: ["import", "eastmoney"] }, view).dataSource).toBe("东方财富、导入的日线文件");
    expect(klineChartProps(chart(5), view).dataSource).toBeNull();
  });

  it("computes a chart's props once per view, and again for another chart or view", () => {
    const source = chart(5);
    const first = klineChartProps(source, view);
    expect(klineChartProps(source, { ...view })).toBe(first);
    expect(klineChartProps(chart(5), view)).not.toBe(first);
    const week = klineChartProps(chart(8), { ...view, period: "week" }); // 2026-10-05 … 10-12: two weeks
    expect(klineChartProps(source, { ...view, period: "week" })).not.toBe(first);
    expect(week.period).toBe("week");
    expect(week.limitMarks).toEqual([]);
    expect(unpackBars(week.bars)).toHaveLength(2);
  });

  it("draws a minute view it has no minutes for as daily bars", () => {
    expect(klineChartProps(chart(5), { ...view, period: "min" }).period).toBe("day");
  });
});
