import fc from "fast-check";
import { divRound, lineMills, millsToFen, roundMoney, roundTo, toFen } from "./money";

describe("money", () => {
  it("rounds half away from zero to the fen without float drift", () => {
    expect(roundMoney(1.005)).toBe(1.01); // 1.005 × 100 is 100.49999999999999 in floats
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1.004999)).toBe(1);
    expect(roundMoney(-0.001)).toBe(0);
    expect(Object.is(roundMoney(-0.001), -0)).toBe(false);
    expect(roundMoney(NaN)).toBeNaN();
    expect(roundMoney(Infinity)).toBe(Infinity);
  });

  it("rounds integer ratios half away from zero", () => {
    expect(divRound(500 * 100, 300)).toBe(167); // 166.67
    expect(divRound(5, 10)).toBe(1);
    expect(divRound(-5, 10)).toBe(-1);
    expect(divRound(4, 10)).toBe(0);
    expect(millsToFen(2011005)).toBe(201101);
    expect(millsToFen(-15)).toBe(-2);
  });

  it("reads prices with three decimals exactly", () => {
    expect(lineMills(10.235, 100)).toBe(1023500);
    expect(lineMills(0.1 + 0.2, 3)).toBe(900);
    expect(toFen(19.99)).toBe(1999);
    expect(toFen(-0.07)).toBe(-7);
    expect(roundTo(2 / 3, 4)).toBe(0.6667);
  });

  it("is the nearest fen for any two-decimal amount plus a sub-fen part", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 9 }), (fen, mill) => {
        const x = (fen * 10 + (fen < 0 ? -mill : mill)) / 1000;
        const expected = (fen + (mill >= 5 ? (fen < 0 ? -1 : 1) : 0)) / 100;
        expect(roundMoney(x)).toBe(expected === 0 ? 0 : expected);
      }),
    );
  });
});
