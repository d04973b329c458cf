import fc from "fast-check";
import { isEligibleToRank, weekOf } from "./ranking-rules";

describe("ranking rules", () => {
  it("finds the Monday–Friday week of any day", () => {
    expect(weekOf("2026-11-20")).toEqual(["2026-11-16", "2026-11-20"]);
    expect(weekOf("2026-11-16")).toEqual(["2026-11-16", "2026-11-20"]);
    expect(weekOf("2026-11-22")).toEqual(["2026-11-16", "2026-11-20"]);
  });

  it("puts every day inside its own week", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const [monday, friday] = weekOf(day);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(monday <= day).toBe(true);
        expect(day <= new Date(new Date(`${friday}T00:00:00Z`).getTime() + 2 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
      }),
    );
  });

  it("ranks only with 20 closed round trips and 20 trading days", () => {
    expect(isEligibleToRank(20, 20)).toBe(true);
    expect(isEligibleToRank(19, 200)).toBe(false);
    expect(isEligibleToRank(200, 19)).toBe(false);
  });
});
