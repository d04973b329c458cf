import { act, render, screen } from "@testing-library/react";
import type { IChartApi } from "lightweight-charts";
import { indexByDate, useLightweightChart } from "./use-lightweight-chart";

const mockState = {
  created: [] as { options: Record<string, unknown>; crosshair: ((p: unknown) => void)[]; removed: boolean; applied: unknown[]; sizeListeners: number }[],
};

jest.mock("lightweight-charts", () => ({
  createChart: (_el: HTMLElement, options: Record<string, unknown>) => {
    const chart = { options, crosshair: [] as ((p: unknown) => void)[], removed: false, applied: [] as unknown[], sizeListeners: 0 };
    mockState.created.push(chart);
    return {
      applyOptions: (o: unknown) => chart.applied.push(o),
      timeScale: () => ({
        fitContent() {},
        subscribeSizeChange: () => { chart.sizeListeners++; },
        unsubscribeSizeChange: () => { chart.sizeListeners--; },
      }),
      subscribeCrosshairMove: (h: (p: unknown) => void) => chart.crosshair.push(h),
      unsubscribeCrosshairMove: (h: (p: unknown) => void) => { chart.crosshair = chart.crosshair.filter((x) => x !== h); },
      remove: () => { chart.removed = true; },
    };
  },
}), { virtual: true });

beforeEach(() => {
  mockState.created.length = 0;
});

function Probe({ dates, height = 200, withClock, wholeHistory, draw }: {
  dates: string[];
  height?: number;
  withClock?: boolean;
  wholeHistory?: boolean;
  draw: (chart: IChartApi, model: string[], container: HTMLElement) => (() => void) | void;
}) {
  const { canvasRef, drawn, hover } = useLightweightChart({
    model: dates, drawable: dates.length > 0, height, withClock, wholeHistory, indexAt: indexByDate(dates), draw,
  });
  return (
    <div data-testid="probe" data-ready={drawn === dates} data-hover={hover ?? "none"}>
      <div ref={canvasRef} />
    </div>
  );
}

const DATES = ["2024-01-02", "2024-01-03"];

describe("useLightweightChart", () => {
  it("makes one themed chart, draws the model into it, follows the crosshair and removes it all on unmount", () => {
    const undraw = jest.fn();
    const draw = jest.fn(() => undraw);
    const { unmount } = render(<Probe dates={DATES} draw={draw} />);
    expect(mockState.created).toHaveLength(1);
    const chart = mockState.created[0]!;
    expect(chart.options).toMatchObject({ autoSize: true, timeScale: { timeVisible: false }, layout: { attributionLogo: false } });
    expect(draw).toHaveBeenCalledWith(expect.anything(), DATES, expect.any(HTMLElement));
    const probe = screen.getByTestId("probe");
    expect(probe).toHaveAttribute("data-ready", "true");

    act(() => chart.crosshair[0]!({ time: { year: 2024, month: 1, day: 3 } }));
    expect(probe).toHaveAttribute("data-hover", "1");
    act(() => chart.crosshair[0]!({ time: "2023-12-29" }));
    expect(probe).toHaveAttribute("data-hover", "none");
    act(() => chart.crosshair[0]!({ time: "2024-01-02" }));
    act(() => chart.crosshair[0]!({ time: undefined }));
    expect(probe).toHaveAttribute("data-hover", "none");

    unmount();
    expect(undraw).toHaveBeenCalledTimes(1);
    expect(chart.removed).toBe(true);
    expect(chart.crosshair).toHaveLength(0);
  });

  it("draws again on a new height, with the clock for minutes, and fits a whole history until removed", () => {
    const draw = jest.fn();
    const { rerender, unmount } = render(<Probe dates={DATES} draw={draw} withClock wholeHistory />);
    const first = mockState.created[0]!;
    expect(first.options).toMatchObject({ timeScale: { timeVisible: true } });
    expect(first.applied).toContainEqual({ timeScale: { fixLeftEdge: true, fixRightEdge: true, rightOffset: 0 } });
    expect(first.sizeListeners).toBe(1);
    rerender(<Probe dates={DATES} draw={draw} withClock wholeHistory height={300} />);
    expect(first.removed).toBe(true);
    expect(first.sizeListeners).toBe(0);
    expect(mockState.created).toHaveLength(2);
    unmount();
    expect(mockState.created[1]!.removed).toBe(true);
  });

  it("makes no chart when there is nothing to draw", () => {
    const draw = jest.fn();
    render(<Probe dates={[]} draw={draw} />);
    expect(mockState.created).toHaveLength(0);
    expect(draw).not.toHaveBeenCalled();
    expect(screen.getByTestId("probe")).toHaveAttribute("data-ready", "false");
  });
});
