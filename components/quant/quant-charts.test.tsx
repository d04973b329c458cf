import { act, render, screen, waitFor } from "@testing-library/react";
import { DrawdownChart } from "./DrawdownChart";
import { DrawdownChartLazy } from "./DrawdownChartLazy";
import { drawdownFromNav, maxDrawdownSpan } from "./drawdown-data";
import { NavChart } from "./NavChart";
import { NavChartLazy } from "./NavChartLazy";
import { navSummary, rebaseNav } from "./nav-data";

const mockState = {
  series: [] as { type: string; options: Record<string, unknown>; data: unknown[]; priceLines: unknown[] }[],
  markers: [] as unknown[][],
  crosshair: [] as ((p: unknown) => void)[],
  remove: jest.fn(),
};

jest.mock("lightweight-charts", () => {
  const addSeries = (def: { type: string }, options: Record<string, unknown>) => {
    const s = {
      type: def.type, options, data: [] as unknown[], priceLines: [] as unknown[],
      setData: (d: unknown[]) => { s.data = d; },
      createPriceLine: (o: unknown) => { s.priceLines.push(o); return o; },
      priceScale: () => ({ applyOptions() {} }),
      attachPrimitive() {},
    };
    mockState.series.push(s);
    return s;
  };
  return {
    ...require("@/components/charts/series-definitions.test-support").SERIES_DEFINITIONS,
    createChart: () => ({
      addSeries,
      panes: () => [],
      applyOptions() {},
      timeScale: () => ({ fitContent() {}, setVisibleLogicalRange() {}, subscribeSizeChange() {}, unsubscribeSizeChange() {} }),
      subscribeCrosshairMove: (h: (p: unknown) => void) => mockState.crosshair.push(h),
      unsubscribeCrosshairMove() {},
      remove: mockState.remove,
    }),
    createSeriesMarkers: (_s: unknown, markers: unknown[]) => {
      mockState.markers.push(markers);
      return { detach() {}, markers: () => markers };
    },
  };
}, { virtual: true });

beforeEach(() => {
  mockState.series.length = 0;
  mockState.markers.length = 0;
  mockState.crosshair.length = 0;
  mockState.remove.mockClear();
});

const navPoints = (rows: [string, number][]) => rows.map(([date, nav]) => ({ date, nav }));
const nav = navPoints([["2024-01-02", 1], ["2024-01-03", 1.05], ["2024-01-04", 1.26], ["2024-01-05", 1.134], ["2024-01-08", 1.323]]);
const benchmark = navPoints([["2024-01-03", 3500], ["2024-01-04", 3570], ["2024-01-05", 3430], ["2024-01-08", 3465], ["2024-01-09", 3600]]);

describe("nav data", () => {
  it("rebases both series to 1 at the first common date", () => {
    const model = rebaseNav(nav, benchmark);
    expect(model.baseDate).toBe("2024-01-03");
    expect(model.strategy.map((p) => [p.date, Number(p.value.toFixed(4))])).toEqual([
      ["2024-01-03", 1], ["2024-01-04", 1.2], ["2024-01-05", 1.08], ["2024-01-08", 1.26],
    ]);
    // cut at the strategy's last date
    expect(model.benchmark.map((p) => [p.date, Number(p.value.toFixed(4))])).toEqual([
      ["2024-01-03", 1], ["2024-01-04", 1.02], ["2024-01-05", 0.98], ["2024-01-08", 0.99],
    ]);
    expect(navSummary(model)).toBe("策略净值走势：2024-01-03 至 2024-01-08，策略累计 +26.00%，同期沪深300 -1.00%。");
  });

  it("rebases the strategy alone without a common date, and drops bad points", () => {
    const model = rebaseNav([{ date: "2024-01-03", nav: 2 }, { date: "2024-01-02", nav: 0 }, { date: "2024-01-04", nav: 2.2 }], [{ date: "2023-01-01", nav: 1 }]);
    expect(model.baseDate).toBe("2024-01-03");
    expect(model.strategy.map((p) => p.value)).toEqual([1, expect.closeTo(1.1)]);
    expect(model.benchmark).toEqual([]);
    expect(navSummary(rebaseNav([]))).toBe("策略净值走势：暂无净值数据。");
  });
});

describe("NavChart", () => {
  it("draws the rebased strategy and benchmark lines with a percent axis and a legend", () => {
    render(<NavChart nav={nav} benchmark={benchmark} benchmarkName="沪深300" />);
    expect(mockState.series).toHaveLength(2);
    const [bench, strategy] = mockState.series;
    expect(strategy!.type).toBe("Line");
    expect((strategy!.data as { time: string; value: number }[]).map((d) => [d.time, Number(d.value.toFixed(4))])).toEqual([
      ["2024-01-03", 1], ["2024-01-04", 1.2], ["2024-01-05", 1.08], ["2024-01-08", 1.26],
    ]);
    expect((bench!.data as { time: string; value: number }[])[0]).toEqual({ time: "2024-01-03", value: 1 });
    const formatter = (strategy!.options.priceFormat as { formatter: (v: number) => string }).formatter;
    expect(formatter(1.2)).toBe("+20.0%");
    expect(formatter(0.95)).toBe("-5.0%");
    expect(strategy!.priceLines).toEqual([expect.objectContaining({ price: 1 })]);
    const figure = screen.getByTestId("nav-chart");
    expect(figure).toHaveAttribute("data-ready", "true");
    expect(figure).toHaveAccessibleName("策略净值走势");
    const legend = screen.getByTestId("nav-legend");
    expect(legend).toHaveTextContent("2024-01-08策略+26.00%沪深300-1.00%");
    act(() => mockState.crosshair[0]!({ time: { year: 2024, month: 1, day: 4 } }));
    expect(legend).toHaveTextContent("2024-01-04策略+20.00%沪深300+2.00%");
  });

  it("draws one line without a benchmark and says so without data", () => {
    const { unmount } = render(<NavChart nav={nav} />);
    expect(mockState.series).toHaveLength(1);
    expect((mockState.series[0]!.data as { value: number }[])[0]!.value).toBe(1);
    expect(screen.getByTestId("nav-legend")).not.toHaveTextContent("沪深300");
    unmount();
    expect(mockState.remove).toHaveBeenCalled();
    render(<NavChart nav={[]} />);
    expect(screen.getByText("暂无净值数据")).toBeInTheDocument();
    expect(screen.getByTestId("nav-chart")).toHaveAttribute("data-ready", "false");
  });

  it("NavChartLazy renders the summary at once and the chart after loading", async () => {
    const { container } = render(<NavChartLazy nav={nav} benchmark={benchmark} height={200} />);
    expect(screen.getByText(/策略累计 \+26.00%/)).toHaveClass("sr-only");
    expect((container.firstChild as HTMLElement).style.minHeight).toBe("228px");
    const figure = await screen.findByTestId("nav-chart");
    expect(figure).toHaveAccessibleDescription(/同期沪深300 -1.00%/);
    // the figure appears with the loaded module; the library draws in the effect after that render (a later commit)
    await waitFor(() => expect(figure).toHaveAttribute("data-ready", "true"));
  });
});

describe("drawdown", () => {
  const dd = drawdownFromNav(nav);

  it("computes the underwater series and the max drawdown's peak and trough", () => {
    expect(dd.map((p) => Number(p.drawdown.toFixed(4)))).toEqual([0, 0, 0, -0.1, 0]);
    expect(maxDrawdownSpan(dd)).toEqual({ peak: "2024-01-04", trough: "2024-01-05", depth: expect.closeTo(-0.1) });
    expect(maxDrawdownSpan([{ date: "2024-01-02", drawdown: 0 }])).toBeNull();
  });

  it("draws a green area under 0 with the peak and trough marked", () => {
    render(<DrawdownChart points={dd} />);
    const s = mockState.series[0]!;
    expect(s.type).toBe("Baseline");
    expect(s.options).toMatchObject({ baseValue: { type: "price", price: 0 }, bottomLineColor: "#16a34a" });
    expect(s.data).toHaveLength(5);
    expect(mockState.markers[0]).toEqual([
      expect.objectContaining({ time: "2024-01-04", text: "高点" }),
      expect.objectContaining({ time: "2024-01-05", text: "最大回撤 -10.0%" }),
    ]);
    expect(screen.getByTestId("drawdown-chart")).toHaveAttribute("data-ready", "true");
  });

  it("DrawdownChartLazy summarises for crawlers", async () => {
    render(<DrawdownChartLazy points={dd} />);
    expect(screen.getByText(/最大回撤 -10.00%（2024-01-04 高点至 2024-01-05 低点），目前处于净值新高/)).toHaveClass("sr-only");
    const figure = await screen.findByTestId("drawdown-chart");
    await waitFor(() => expect(figure).toHaveAttribute("data-ready", "true"));
  });
});
