import fc from "fast-check";
import { isoDayNumber, isoDayText } from "./iso-day";

describe("isoDayNumber / isoDayText", () => {
  it("counts days from 1970-01-01 and writes them back, for every real day of 0000–9999", () => {
    const any = fc.integer({ min: isoDayNumber("0000-01-01")!, max: isoDayNumber("9999-12-31")! });
    fc.assert(fc.property(any, (n) => {
      expect(isoDayNumber(isoDayText(n))).toBe(n);
    }));
    expect(isoDayNumber("1970-01-01")).toBe(0);
    expect(isoDayNumber("2026-11-25")).toBe(20_782);
    expect(isoDayText(-1)).toBe("1969-12-31");
    expect(isoDayText(isoDayNumber("0050-03-01")!)).toBe("0050-03-01");
  });

  it("has no number for what is not a real YYYY-MM-DD day", () => {
    for (const text of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-2-3", "20261125", "2026-11-25 ", ""]) {
      expect(isoDayNumber(text)).toBeNull();
    }
    expect(isoDayNumber("2024-02-29")).not.toBeNull();
  });

  it("refuses a day number outside 0000–9999 or between days", () => {
    expect(() => isoDayText(isoDayNumber("9999-12-31")! + 1)).toThrow(RangeError);
    expect(() => isoDayText(1.5)).toThrow("day 1.5 is not a day");
  });
});
