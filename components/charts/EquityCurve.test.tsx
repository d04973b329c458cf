import { act, render, screen, waitFor } from "@testing-library/react";
import { EquityCurve } from "./EquityCurve";
import { EquityCurveLazy } from "./EquityCurveLazy";
import { equitySeries, equitySummary } from "./equity-data";
import { KLineChartLazy } from "./KLineChartLazy";
import { packBars } from "@/lib/domain/market/packed-bars";
import { buildKLineModel, klineSummary } from "./kline-data";

const mockState = {
  series: [] as { type: string; options: Record<string, unknown>; data: unknown[] }[],
  crosshair: [] as ((p: unknown) => void)[],
  remove: jest.fn(),
  options: [] as Record<string, unknown>[],
  fits: 0,
  sizeChange: [] as (() => void)[],
};

jest.mock("lightweight-charts", () => {
  const addSeries = (def: { type: string }, options: Record<string, unknown>) => {
    const s = { type: def.type, options, data: [] as unknown[], setData: (d: unknown[]) => { s.data = d; }, priceScale: () => ({ applyOptions() {} }), attachPrimitive() {} };
    mockState.series.push(s);
    return s;
  };
  return {
    ...require("@/components/charts/series-definitions.test-support").SERIES_DEFINITIONS,
    createChart: (_el: unknown, options: Record<string, unknown>) => (mockState.options.push(options), {
      addSeries,
      panes: () => [],
      applyOptions: (o: Record<string, unknown>) => mockState.options.push(o),
      timeScale: () => ({
        fitContent: () => { mockState.fits++; },
        setVisibleLogicalRange() {},
        getVisibleLogicalRange: () => null,
        width: () => 0,
        subscribeVisibleLogicalRangeChange() {},
        unsubscribeVisibleLogicalRangeChange() {},
        subscribeSizeChange: (h: () => void) => mockState.sizeChange.push(h),
        unsubscribeSizeChange() {},
      }),
      subscribeClick() {},
      unsubscribeClick() {},
      subscribeCrosshairMove: (h: (p: unknown) => void) => mockState.crosshair.push(h),
      unsubscribeCrosshairMove() {},
      remove: mockState.remove,
    }),
    createSeriesMarkers: (_s: unknown, markers: unknown[]) => ({ detach() {}, setMarkers() {}, markers: () => markers }),
  };
}, { virtual: true });

beforeEach(() => {
  mockState.series.length = 0;
  mockState.crosshair.length = 0;
  mockState.remove.mockClear();
  mockState.options.length = 0;
  mockState.fits = 0;
  mockState.sizeChange.length = 0;
});

const points = [
  { date: "2024-01-03", value: -1200 },
  { date: "2024-01-02", value: 500 },
  { date: "2024-01-03", value: -800 },
  { date: "2024-01-05", value: 35_200 },
];

describe("equity data", () => {
  it("sorts by date, keeps the last value of a day and summarises", () => {
    expect(equitySeries(points)).toEqual([
      { date: "2024-01-02", value: 500 },
      { date: "2024-01-03", value: -800 },
      { date: "2024-01-05", value: 35_200 },
    ]);
    expect(equitySummary(equitySeries(points))).toBe(
      "累计盈亏曲线：2024-01-02 至 2024-01-05，期末 +¥3.52万，最高 +¥3.52万（2024-01-05），最低 -¥800.00（2024-01-03）。",
    );
    expect(equitySummary([])).toBe("累计盈亏曲线：暂无已平仓的交易。");
  });
});

describe("EquityCurve", () => {
  it("draws a baseline at 0, red above and green below, and shows the hovered value", () => {
    render(<EquityCurve points={points} />);
    const s = mockState.series[0]!;
    expect(s.type).toBe("Baseline");
    expect(s.options).toMatchObject({ baseValue: { type: "price", price: 0 }, topLineColor: "#e0282e", bottomLineColor: "#16a34a" });
    expect(s.data).toEqual([
      { time: "2024-01-02", value: 500 },
      { time: "2024-01-03", value: -800 },
      { time: "2024-01-05", value: 35_200 },
    ]);
    const figure = screen.getByTestId("equity-curve");
    expect(figure).toHaveAttribute("data-ready", "true");
    expect(figure).toHaveAccessibleName("累计盈亏曲线");
    expect(figure).toHaveTextContent("+¥3.52万");
    act(() => mockState.crosshair[0]!({ time: { year: 2024, month: 1, day: 3 } }));
    expect(figure).toHaveTextContent("-¥800.00");
  });

  it("shows the whole history from the first day, fitted again when its box is resized, without the library's logo", () => {
    render(<EquityCurve points={points} />);
    expect(mockState.options).toContainEqual(expect.objectContaining({ layout: expect.objectContaining({ attributionLogo: false }) }));
    expect(mockState.options).toContainEqual({ timeScale: { fixLeftEdge: true, fixRightEdge: true, rightOffset: 0 } });
    expect(mockState.fits).toBe(1);
    act(() => mockState.sizeChange.forEach((h) => h()));
    expect(mockState.fits).toBe(2);
  });

  it("says so without points", () => {
    render(<EquityCurve points={[]} />);
    expect(screen.getByText("暂无已平仓的交易")).toBeInTheDocument();
    expect(mockState.series).toHaveLength(0);
  });
});

describe("lazy wrappers", () => {
  it("render the summary at once and the chart after loading, described by that summary", async () => {
    render(<EquityCurveLazy points={points} />);
    expect(screen.getByText(/期末 \+¥3.52万/)).toHaveClass("sr-only");
    const figure = await screen.findByTestId("equity-curve");
    expect(figure).toHaveAccessibleDescription(/期末 \+¥3.52万/);
    expect(figure.querySelector("figcaption")).toBeNull();
    // the library's logo is off: the credit its licence asks for is written under the chart, with the link
    expect(screen.getByTestId("chart-credit")).toHaveTextContent("图表由 TradingView Lightweight Charts 提供");
    expect(screen.getByRole("link", { name: "TradingView Lightweight Charts" })).toHaveAttribute("href", "https://www.tradingview.com/");
  });

  it("KLineChartLazy loads the chart on the client behind a skeleton of the same size", async () => {
    const bars = [{ code: "600519", date: "2024-03-04", open: 10, high: 10.6, low: 9.9, close: 10.5, volume: 100, amount: null }];
    const summary = klineSummary(buildKLineModel({ bars, markers: [], period: "day" }));
    const { container } = render(<KLineChartLazy bars={packBars(bars)} summary={summary} markers={[]} period="day" height={300} />);
    expect((container.firstChild as HTMLElement).style.minHeight).toBe("352px");
    const figure = await screen.findByTestId("kline-chart");
    expect(figure).toHaveAccessibleDescription(/日K：2024-03-04 至 2024-03-04，共 1 根，最新收盘 10.50/);
    // the library draws in the effect after the render that shows the figure (a later commit)
    await waitFor(() => expect(figure).toHaveAttribute("data-ready", "true"));
  });
});
