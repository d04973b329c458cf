import fc from "fast-check";
import { packDays, unpackDays } from "./packed-days";

const day = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("packDays / unpackDays", () => {
  it("gives back the same days in the same order, for any list of days", () => {
    fc.assert(fc.property(fc.array(day, { maxLength: 300 }), (days) => {
      expect(unpackDays(packDays(days))).toEqual(days);
    }));
  });

  it("reads every real day of 0001–9999 as the calendar does, and refuses the days that do not exist", () => {
    const anyDay = fc.record({ y: fc.integer({ min: 1, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) });
    fc.assert(fc.property(anyDay, ({ y, m, d }) => {
      const text = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d);
      const real = date.getUTCDate() === d;
      if (real) expect(unpackDays(packDays(["1970-01-01", text]))).toEqual(["1970-01-01", text]);
      else expect(() => packDays([text])).toThrow("is not a YYYY-MM-DD day");
      if (real) expect(packDays(["1970-01-01", text])).toBe(`1970-01-01,${Math.round(date.getTime() / 86_400_000)}`);
    }));
  });

  it("writes the first day in full and the rest as distances, newest first included", () => {
    expect(packDays(["2026-10-29", "2026-10-27", "2026-10-26", "2026-11-02"])).toBe("2026-10-29,-2,-1,7");
    expect(unpackDays("2026-02-27,1,1")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(packDays([])).toBe("");
    expect(unpackDays("")).toEqual([]);
  });

  it("is about a quarter of the size of the days' JSON for a master's trading days", () => {
    const days = Array.from({ length: 150 }, (_, i) => new Date(Date.UTC(2026, 9, 29) - i * 2 * 86_400_000).toISOString().slice(0, 10));
    expect(packDays(days).length).toBeLessThan(JSON.stringify(days).length * 0.3);
  });

  it("refuses what is not a real day, naming it", () => {
    expect(() => packDays(["2026-02-30"])).toThrow("“2026-02-30” is not a YYYY-MM-DD day");
    expect(() => packDays(["2026-10-29", "29/10/2026"])).toThrow("“29/10/2026”");
    expect(() => unpackDays("2026-10-29,x")).toThrow("cannot read “x”");
    expect(() => unpackDays("-2")).toThrow("cannot read “-2”");
  });
});
