import fc from "fast-check";
import type { DailyBar } from "@/lib/domain/market/types";
import { buildKLineModel, type KLineLimitMark, type KLineTradeMarker } from "./kline-data";
import { labelWidth, labelsOverlap, layoutMarkers, writtenLabels } from "./kline-markers";

function days(count: number): DailyBar[] {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { code: "601012", date, open: 10, high: 11, low: 9.5, close: 10.5, volume: 1000, amount: null };
  });
}

function model(bars: DailyBar[], limits: [number, KLineLimitMark["kind"]][], trades: [number, "buy" | "sell"][] = []) {
  return buildKLineModel({
    period: "day",
    bars,
    markers: trades.map(([i, side]): KLineTradeMarker => ({ date: bars[i]!.date, side, price: 10, quantity: 100 })),
    limitMarks: limits.map(([i, kind]) => ({ date: bars[i]!.date, kind })),
  });
}

const texts = (m: ReturnType<typeof model>, spacing: number) => layoutMarkers(m, spacing).map((x) => `${x.time.toString().slice(5)} ${x.text}`);

describe("layoutMarkers", () => {
  it("writes every label in full when there is room, a run of 涨停 as one N连板 on its last day", () => {
    const m = model(days(10), [[1, "limit_up"], [2, "limit_up"], [3, "limit_up"], [6, "broken"], [8, "limit_down"]]);
    expect(texts(m, 40)).toEqual(["01-02 ", "01-03 ", "01-04 3连板", "01-07 炸板", "01-09 跌停"]);
  });

  it("shortens, then drops, the older label where two would touch; the newest is written in full", () => {
    const m = model(days(10), [[4, "limit_up"], [6, "broken"], [8, "limit_up"]]);
    // 12 px a bar: 24 px between labels, 涨停/炸板 are 22 px wide plus the gap
    expect(texts(m, 12)).toEqual(["01-05 涨停", "01-07 炸", "01-09 涨停"]);
    // 6 px a bar: only every other label fits, and only in short form
    expect(texts(m, 6)).toEqual(["01-05 板", "01-07 ", "01-09 涨停"]);
  });

  it("places B/S letters first and drops a letter that would touch another, keeping its arrow", () => {
    const m = model(days(6), [[2, "limit_up"]], [[1, "buy"], [2, "buy"], [2, "sell"], [3, "sell"]]);
    const laid = layoutMarkers(m, 5);
    expect(laid.map((x) => [x.time.toString().slice(5), x.shape, x.text])).toEqual([
      ["01-02", "arrowUp", "B"],
      ["01-03", "arrowUp", ""],
      ["01-03", "arrowDown", "S"],
      ["01-03", "circle", "涨停"], // same bar as the S: the library stacks them
      ["01-04", "arrowDown", ""],
    ]);
    expect(laid).toHaveLength(m.markers.length);
  });

  it("never leaves two written labels of one lane overlapping, at any zoom (property)", () => {
    const kinds: KLineLimitMark["kind"][] = ["limit_up", "broken", "limit_down"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.constantFrom(...kinds)), { maxLength: 40 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.constantFrom("buy" as const, "sell" as const)), { maxLength: 30 }),
        fc.double({ min: 1.5, max: 60, noNaN: true }),
        (limits, trades, spacing) => {
          const m = model(days(60), limits, trades);
          const laid = layoutMarkers(m, spacing);
          expect(laid).toHaveLength(m.markers.length); // every shape stays
          expect(laid.map((x) => x.id)).toEqual(m.markers.map((x) => x.id));
          expect(labelsOverlap(writtenLabels(laid, m.indexByTime), spacing)).toBe(false);
        },
      ),
    );
  });
});

describe("labelsOverlap", () => {
  it("compares drawn widths of one lane on different bars", () => {
    expect(labelWidth("涨停")).toBe(22);
    const pair = (gapBars: number, lane: "aboveBar" | "belowBar" = "aboveBar") =>
      labelsOverlap([{ index: 0, lane: "aboveBar", text: "涨停" }, { index: gapBars, lane, text: "涨停" }], 10);
    expect(pair(2)).toBe(true); // 20 px apart, 22 px wide
    expect(pair(3)).toBe(false);
    expect(pair(2, "belowBar")).toBe(false);
    expect(pair(0)).toBe(false); // the library stacks labels of one bar
  });
});
