import fc from "fast-check";
import { isContinuousTradingTime, secondsOfDay, timeOfDay, tradingTime } from "@/lib/domain/demo/trading-time";

describe("demo trading times", () => {
  it("writes seconds since midnight as HH:mm:ss and reads them back", () => {
    expect(timeOfDay(9 * 3600 + 5 * 60 + 7)).toBe("09:05:07");
    expect(secondsOfDay("15:30:00")).toBe(55_800);
    expect(secondsOfDay("09:15")).toBe(33_300);
    fc.assert(fc.property(fc.integer({ min: 0, max: 86_399 }), (s) => secondsOfDay(timeOfDay(s)) === s));
  });

  it("draws times inside continuous trading for every window", () => {
    fc.assert(
      fc.property(fc.constantFrom("open", "session", "close" as const), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (window, u) =>
        isContinuousTradingTime(tradingTime(window, u)),
      ),
    );
  });
});
