import { act, render, screen } from "@testing-library/react";
import { dailyBar, dailyWalk } from "./bars.test-support";
import { KLineChart } from "./KLineChart";

interface MockSeries {
  type: string;
  options: Record<string, unknown>;
  pane: number;
  data: unknown[];
  setData: jest.Mock;
  priceScale: () => { applyOptions: jest.Mock };
  primitives: unknown[];
  attachPrimitive: (p: unknown) => void;
}

const mockState = {
  charts: [] as {
    options: Record<string, unknown>; series: MockSeries[]; remove: jest.Mock; crosshair: ((p: unknown) => void)[]; range: unknown;
    click: ((p: unknown) => void)[]; rangeChange: (() => void)[]; visible: { from: number; to: number } | null; width: number;
  }[],
  markerCalls: [] as { series: MockSeries; markers: { time: unknown; text: string; position: string; color: string }[] }[],
  detach: jest.fn(),
};

jest.mock("lightweight-charts", () => ({
  ...require("@/components/charts/series-definitions.test-support").SERIES_DEFINITIONS,
  createChart: (_el: HTMLElement, options: Record<string, unknown>) => {
    const chart = {
      options, series: [] as MockSeries[], remove: jest.fn(), crosshair: [] as ((p: unknown) => void)[], range: null as unknown,
      click: [] as ((p: unknown) => void)[], rangeChange: [] as (() => void)[], visible: null as { from: number; to: number } | null, width: 0,
    };
    mockState.charts.push(chart);
    const panes = [0, 1, 2].map(() => ({ setStretchFactor: jest.fn() }));
    return {
      addSeries: (def: { type: string }, opts: Record<string, unknown>, pane = 0) => {
        const s: MockSeries = {
          type: def.type, options: opts, pane, data: [],
          setData: jest.fn((d: unknown[]) => { s.data = d; }),
          priceScale: () => ({ applyOptions: jest.fn() }),
          primitives: [],
          attachPrimitive: (p: unknown) => { s.primitives.push(p); },
        };
        chart.series.push(s);
        return s;
      },
      panes: () => panes,
      timeScale: () => ({
        setVisibleLogicalRange: (r: unknown) => { chart.range = r; },
        fitContent: () => { chart.range = "fit"; },
        getVisibleLogicalRange: () => chart.visible,
        width: () => chart.width,
        subscribeVisibleLogicalRangeChange: (h: () => void) => chart.rangeChange.push(h),
        unsubscribeVisibleLogicalRangeChange: jest.fn(),
      }),
      subscribeCrosshairMove: (h: (p: unknown) => void) => chart.crosshair.push(h),
      unsubscribeCrosshairMove: jest.fn(),
      subscribeClick: (h: (p: unknown) => void) => chart.click.push(h),
      unsubscribeClick: jest.fn(),
      remove: chart.remove,
    };
  },
  createSeriesMarkers: (series: MockSeries, markers: never[]) => {
    mockState.markerCalls.push({ series, markers });
    return { detach: mockState.detach, setMarkers: (next: never[]) => mockState.markerCalls.push({ series, markers: next }), markers: () => markers };
  },
  // The package exports ESM under the "import" condition only, which Jest's CommonJS resolver does not see.
}), { virtual: true });

const bars = dailyWalk("2024-03-04", 10, [10.5, 10.2, 10.3, 11.33, 11.0]);

beforeEach(() => {
  mockState.charts.length = 0;
  mockState.markerCalls.length = 0;
  mockState.detach.mockClear();
});

describe("KLineChart", () => {
  const markers = [
    { date: "2024-03-05", time: "09:35:00", side: "buy" as const, price: 10.3, quantity: 1000 },
    { date: "2024-03-05", time: "10:01:00", side: "buy" as const, price: 10.5, quantity: 1000, play: "低吸" },
    { date: "2024-03-08", time: "14:50:00", side: "sell" as const, price: 11.1, quantity: 2000 },
  ];

  it("draws candles, volume, MAs and MACD in three panes and one marker per day and side", () => {
    render(
      <KLineChart bars={bars} markers={markers} limitMarks={[{ date: "2024-03-07", kind: "limit_up" }]}
        highlight={{ from: "2024-03-05", to: "2024-03-08" }} period="day" caption="贵州茅台(600519)" />,
    );
    const chart = mockState.charts[0]!;
    const byType = (type: string, pane: number) => chart.series.filter((s) => s.type === type && s.pane === pane);

    const candles = byType("Candlestick", 0)[0]!;
    expect(candles.options).toMatchObject({ upColor: "#e0282e", downColor: "#16a34a" });
    expect(candles.data[0]).toEqual({ time: "2024-03-04", open: 10, high: 10.6, low: 9.9, close: 10.5 });
    expect(byType("Line", 0)).toHaveLength(3); // MA5/10/20
    // the round trip: a band primitive on the candles from its first to its last bar
    expect(candles.primitives).toHaveLength(1);
    expect(candles.primitives[0]).toMatchObject({ start: 1, end: 4, openEnded: false });
    expect(byType("Histogram", 0)).toHaveLength(0);
    const volume = byType("Histogram", 1)[0]!;
    expect(volume.data).toHaveLength(5);
    expect(byType("Histogram", 2)).toHaveLength(1);
    expect(byType("Line", 2)).toHaveLength(2); // DIF, DEA

    expect(mockState.markerCalls).toHaveLength(1);
    const call = mockState.markerCalls[0]!;
    expect(call.series).toBe(candles);
    expect(call.markers.map((m) => [m.time, m.text, m.position])).toEqual([
      ["2024-03-05", "B", "belowBar"],
      ["2024-03-07", "涨停", "aboveBar"],
      ["2024-03-08", "S", "aboveBar"],
    ]);

    const figure = screen.getByTestId("kline-chart");
    expect(figure).toHaveAttribute("data-ready", "true");
    expect(figure).toHaveAttribute("data-markers", "2");
    expect(figure).toHaveAttribute("data-limit-marks", "1");
    expect(figure).toHaveAccessibleName("贵州茅台(600519) K线图（日K）");
    expect(figure).toHaveAccessibleDescription(/2024-03-04 至 2024-03-08，共 5 根，最新收盘 11.00，买入标记 1 个、卖出标记 1 个/);
    expect(chart.options).toMatchObject({ autoSize: true, localization: { locale: "zh-CN", dateFormat: "yyyy-MM-dd" } });
  });

  it("shows the hovered bar's trades in the legend, summed", () => {
    render(<KLineChart bars={bars} markers={markers} period="day" />);
    const chart = mockState.charts[0]!;
    // not hovering: the last bar
    expect(screen.getByTestId("kline-trade")).toHaveTextContent("S 2,000股 @11.10");
    act(() => chart.crosshair[0]!({ time: "2024-03-06" }));
    expect(screen.queryByTestId("kline-trade")).toBeNull();
    act(() => chart.crosshair[0]!({ time: "2024-03-05" }));
    expect(screen.getByTestId("kline-trade")).toHaveTextContent("B 2,000股 @10.40（2笔）");
    expect(screen.getByTestId("kline-legend")).toHaveTextContent("2024-03-05");
    act(() => chart.crosshair[0]!({ time: undefined }));
    expect(screen.getByTestId("kline-trade")).toHaveTextContent("S 2,000股 @11.10");
  });

  it("disposes the chart and the markers on unmount", () => {
    const { unmount } = render(<KLineChart bars={bars} markers={markers} period="day" />);
    unmount();
    expect(mockState.charts[0]!.remove).toHaveBeenCalledTimes(1);
    expect(mockState.detach).toHaveBeenCalledTimes(1);
  });

  it("draws a price line and 均价 for minutes", () => {
    const minutes = ["09:30", "09:31"].map((t) => ({ ...dailyBar(`2024-03-07 ${t}`, 10, 10), amount: 120_000 }));
    render(<KLineChart bars={minutes} markers={[{ date: "2024-03-07", time: "09:31:20", side: "sell", price: 10, quantity: 100 }]} period="min" />);
    const chart = mockState.charts[0]!;
    expect(chart.series.some((s) => s.type === "Candlestick")).toBe(false);
    expect(chart.series.filter((s) => s.type === "Line" && s.pane === 0)).toHaveLength(2);
    expect(mockState.markerCalls[0]!.markers).toHaveLength(1);
    expect(screen.getByTestId("kline-chart")).toHaveAccessibleName("K线图（分时）");
  });

  it("opens the tapped bar with its date, prices, change, volume and each fill with its 打法, snapping to a fill within a fingertip", () => {
    render(<KLineChart bars={bars} markers={markers} period="day" />);
    const chart = mockState.charts[0]!;
    expect(screen.queryByTestId("kline-bar-panel")).toBeNull();
    chart.visible = { from: -0.5, to: 4.5 };
    chart.width = 50; // 10 px a bar: a tap 0.6 bar (6 px) from 2024-03-05 still means that day
    act(() => chart.click[0]!({ logical: 1.6 }));
    const panel = screen.getByTestId("kline-bar-panel");
    expect(panel).toHaveAccessibleName("2024-03-05 K线明细");
    expect(panel).toHaveTextContent("2024-03-05-2.86%");
    expect(panel).toHaveTextContent("开10.50高10.60低10.10收10.20量1.20万");
    expect(screen.getAllByTestId("kline-bar-fill").map((li) => li.textContent)).toEqual(["买入09:351,000股@10.30", "买入10:011,000股@10.50低吸"]);
    expect(screen.getByTestId("kline-fill-play")).toHaveTextContent("低吸");
    act(() => chart.click[0]!({ logical: 2.4 })); // 2024-03-06: no fill within 12 px
    expect(screen.getByTestId("kline-bar-panel")).toHaveTextContent("当日无成交");
    act(() => chart.click[0]!({ logical: 9 })); // past the last bar: the panel stays
    expect(screen.getByTestId("kline-bar-panel")).toHaveTextContent("2024-03-06");
    act(() => screen.getByRole("button", { name: "关闭K线明细" }).click());
    expect(screen.queryByTestId("kline-bar-panel")).toBeNull();
  });

  it("writes fewer marker labels when zoomed out, so neighbouring 涨停 never overlap", () => {
    const limitMarks = bars.map((b) => ({ date: b.date, kind: "limit_up" as const })).filter((_, i) => i !== 2);
    render(<KLineChart bars={bars} markers={[]} limitMarks={limitMarks} period="day" />);
    const chart = mockState.charts[0]!;
    // drawn wide: each run of two 涨停 days is one "2连板" on its last day
    expect(mockState.markerCalls.at(-1)!.markers.map((m) => m.text)).toEqual(["", "2连板", "", "2连板"]);
    chart.visible = { from: 0, to: 50 };
    chart.width = 300; // zoomed out to 6 px a bar: only the newest label fits
    act(() => chart.rangeChange.forEach((h) => h()));
    expect(mockState.markerCalls.at(-1)!.markers.map((m) => m.text)).toEqual(["", "", "", "2连板"]);
    expect(mockState.markerCalls.at(-1)!.markers).toHaveLength(4); // every day keeps its dot
  });

  it("says so when there are no bars and draws nothing", () => {
    render(<KLineChart bars={[]} markers={markers} period="week" />);
    expect(mockState.charts).toHaveLength(0);
    expect(screen.getByText("暂无行情数据")).toBeInTheDocument();
    expect(screen.getByTestId("kline-chart")).toHaveAttribute("data-ready", "false");
  });
});
