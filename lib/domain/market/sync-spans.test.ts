import fc from "fast-check";
import { isoDayText } from "@/lib/domain/iso-day";
import { defaultCalendar } from "./calendar";
import { clampSpan, EVERY_DAY, hullOf, mergeSpans, missingSpans, type DateSpan } from "./sync-spans";

const BASE = Date.UTC(2024, 0, 1) / 86_400_000;
const dayArb = fc.integer({ min: 0, max: 120 }).map((n) => isoDayText(BASE + n));
const spanArb = fc.tuple(dayArb, dayArb).map(([a, b]): DateSpan => (a <= b ? { from: a, to: b } : { from: b, to: a }));

function tradingDaysOf(spans: readonly DateSpan[]): Set<string> {
  return new Set(spans.flatMap((s) => defaultCalendar.tradingDays(s.from, s.to)));
}

describe("missingSpans", () => {
  it("asks for the whole wanted span when nothing was fetched, trimmed to trading days", () => {
    // 2024-02-10 is a Saturday of the Spring Festival closure; 2024-02-08 the last day open before it
    expect(missingSpans([], { from: "2024-02-06", to: "2024-02-18" }, defaultCalendar)).toEqual([{ from: "2024-02-06", to: "2024-02-08" }]);
  });

  it("does not count the Spring Festival closure between two fetched spans as missing", () => {
    const fetched = [{ from: "2024-01-02", to: "2024-02-08" }, { from: "2024-02-19", to: "2024-03-29" }];
    expect(missingSpans(fetched, { from: "2024-01-02", to: "2024-03-29" }, defaultCalendar)).toEqual([]);
  });

  it("asks only for the tail past the last fetched day", () => {
    const fetched = [{ from: "2024-01-02", to: "2024-03-29" }];
    expect(missingSpans(fetched, { from: "2024-01-02", to: "2024-04-10" }, defaultCalendar)).toEqual([{ from: "2024-04-01", to: "2024-04-10" }]);
  });

  it("finds the holes between fetched spans and at both ends", () => {
    const fetched = [{ from: "2024-03-04", to: "2024-03-08" }, { from: "2024-03-18", to: "2024-03-22" }];
    expect(missingSpans(fetched, { from: "2024-03-01", to: "2024-03-26" }, defaultCalendar)).toEqual([
      { from: "2024-03-01", to: "2024-03-01" },
      { from: "2024-03-11", to: "2024-03-15" },
      { from: "2024-03-25", to: "2024-03-26" },
    ]);
  });

  it("counts every day for the calendar itself", () => {
    expect(missingSpans([{ from: "2024-01-01", to: "2024-01-05" }], { from: "2024-01-01", to: "2024-01-07" }, EVERY_DAY)).toEqual([
      { from: "2024-01-06", to: "2024-01-07" },
    ]);
  });

  it("together with what was fetched covers every trading day wanted", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 6 }), spanArb, (fetched, wanted) => {
        const covered = tradingDaysOf([...fetched, ...missingSpans(fetched, wanted, defaultCalendar)]);
        for (const day of defaultCalendar.tradingDays(wanted.from, wanted.to)) expect(covered.has(day)).toBe(true);
      }),
    );
  });

  it("never asks again for a trading day already fetched, nor outside the wanted span", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 6 }), spanArb, (fetched, wanted) => {
        const have = tradingDaysOf(fetched);
        const wantedDays = new Set(defaultCalendar.tradingDays(wanted.from, wanted.to));
        for (const day of tradingDaysOf(missingSpans(fetched, wanted, defaultCalendar))) {
          expect(have.has(day)).toBe(false);
          expect(wantedDays.has(day)).toBe(true);
        }
      }),
    );
  });

  it("finds nothing missing once the missing spans are fetched", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 6 }), spanArb, (fetched, wanted) => {
        const after = [...fetched, ...missingSpans(fetched, wanted, defaultCalendar)];
        expect(missingSpans(after, wanted, defaultCalendar)).toEqual([]);
      }),
    );
  });

  it("gives spans that start and end on trading days, ascending and apart", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 6 }), spanArb, (fetched, wanted) => {
        const missing = missingSpans(fetched, wanted, defaultCalendar);
        for (const span of missing) {
          expect(defaultCalendar.isTradingDay(span.from)).toBe(true);
          expect(defaultCalendar.isTradingDay(span.to)).toBe(true);
        }
        for (let i = 1; i < missing.length; i++) expect(missing[i]!.from > missing[i - 1]!.to).toBe(true);
      }),
    );
  });
});

describe("mergeSpans", () => {
  it("joins overlapping and touching spans, and with a calendar those apart by a holiday only", () => {
    const spans = [{ from: "2024-02-19", to: "2024-02-29" }, { from: "2024-01-02", to: "2024-02-08" }, { from: "2024-03-01", to: "2024-03-05" }];
    expect(mergeSpans(spans)).toEqual([{ from: "2024-01-02", to: "2024-02-08" }, { from: "2024-02-19", to: "2024-03-05" }]);
    expect(mergeSpans(spans, defaultCalendar)).toEqual([{ from: "2024-01-02", to: "2024-03-05" }]);
  });

  it("covers the same days, in fewer or as many spans, and is idempotent", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 8 }), (spans) => {
        const merged = mergeSpans(spans);
        expect(tradingDaysOf(merged)).toEqual(tradingDaysOf(spans));
        expect(new Set(merged.flatMap((s) => EVERY_DAY.tradingDays(s.from, s.to)))).toEqual(new Set(spans.flatMap((s) => EVERY_DAY.tradingDays(s.from, s.to))));
        expect(merged.length).toBeLessThanOrEqual(spans.length);
        expect(mergeSpans(merged)).toEqual(merged);
      }),
    );
  });
});

describe("hullOf and clampSpan", () => {
  it("spans all, and cuts to a window", () => {
    expect(hullOf([{ from: "2024-03-01", to: "2024-03-05" }, { from: "2023-12-01", to: "2024-01-05" }])).toEqual({ from: "2023-12-01", to: "2024-03-05" });
    expect(hullOf([])).toBeNull();
    expect(clampSpan({ from: "2024-01-01", to: "2024-12-31" }, "2024-06-01")).toEqual({ from: "2024-06-01", to: "2024-12-31" });
    expect(clampSpan({ from: "2024-01-01", to: "2024-12-31" }, undefined, "2024-02-01")).toEqual({ from: "2024-01-01", to: "2024-02-01" });
    expect(clampSpan({ from: "2024-01-01", to: "2024-01-31" }, "2024-02-01")).toBeNull();
  });
});
