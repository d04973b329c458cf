import fc from "fast-check";
import { compactFromIso, isoFromCompact } from "./dates";
import { finiteNumber, roundTo } from "./parsed";

describe("numbers and dates from outside answers", () => {
  it("reads numbers and numeric strings, nothing else", () => {
    expect(finiteNumber("8.61")).toBe(8.61);
    expect(finiteNumber(711153.37)).toBe(711153.37);
    for (const raw of ["", "-", "abc", "1,000", "Infinity", "NaN", null, undefined, NaN, Infinity, {}]) expect(finiteNumber(raw)).toBeNull();
  });

  it("rounds half away from zero at the decimal", () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(6.18 - 0.1, 2)).toBe(6.08);
    expect(roundTo(-2.675, 2)).toBe(-2.68);
    expect(roundTo(1e-7, 2)).toBe(0);
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (fen) => expect(roundTo(fen / 100, 2)).toBe(fen / 100)));
  });

  it("converts YYYYMMDD and YYYY-MM-DD both ways, refusing days that do not exist", () => {
    expect(isoFromCompact("20240208")).toBe("2024-02-08");
    expect(isoFromCompact(20240208)).toBe("2024-02-08");
    expect(isoFromCompact("20240230")).toBeNull();
    expect(compactFromIso("2024-02-19")).toBe("20240219");
    fc.assert(fc.property(fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }), (d) => {
      const iso = d.toISOString().slice(0, 10);
      expect(isoFromCompact(compactFromIso(iso))).toBe(iso);
    }));
  });
});
