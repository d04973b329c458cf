import fc from "fast-check";
import { MAX_PAGE_PARAM, pageParam } from "./route-params";

describe("pageParam (?page=N of /rank and /loss-tracker)", () => {
  it("reads a whole page number written in plain digits", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_PAGE_PARAM }), (n) => pageParam(String(n)) === n && pageParam([String(n), "7"]) === n));
  });

  it("reads anything else as page 1, and never answers outside 1..MAX_PAGE_PARAM", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.string()), fc.constant(undefined)), (value) => {
        const page = pageParam(value);
        const first = Array.isArray(value) ? value[0] : value;
        expect(Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE_PARAM).toBe(true);
        if (page !== 1) expect(first).toBe(String(page));
      }),
    );
    for (const bad of ["0", "-2", "01", "1.5", "1e3", " 2", "2 ", "abc", "", String(MAX_PAGE_PARAM + 1), "99999999999"]) expect(pageParam(bad)).toBe(1);
  });
});
