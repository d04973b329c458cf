import fc from "fast-check";
import { isValidBuyQuantity, minBuyQuantity } from "./lots";

describe("buy lots", () => {
  it("knows the minimum per board", () => {
    expect(minBuyQuantity("600519")).toBe(100);
    expect(minBuyQuantity("300750")).toBe(100);
    expect(minBuyQuantity("688981")).toBe(200);
    expect(minBuyQuantity("920163")).toBe(100);
  });

  it("takes main board and 创业板 buys in multiples of 100", () => {
    expect(isValidBuyQuantity("600519", 100)).toBe(true);
    expect(isValidBuyQuantity("300750", 1_200)).toBe(true);
    expect(isValidBuyQuantity("600519", 150)).toBe(false);
    expect(isValidBuyQuantity("600519", 0)).toBe(false);
    expect(isValidBuyQuantity("600519", 100.5)).toBe(false);
  });

  it("takes 科创板 from 200 and 北交所 from 100 in steps of 1", () => {
    expect(isValidBuyQuantity("688981", 199)).toBe(false);
    expect(isValidBuyQuantity("688981", 200)).toBe(true);
    expect(isValidBuyQuantity("688981", 201)).toBe(true);
    expect(isValidBuyQuantity("920163", 99)).toBe(false);
    expect(isValidBuyQuantity("920163", 101)).toBe(true);
  });

  it("never accepts less than the minimum on any board", () => {
    fc.assert(
      fc.property(fc.constantFrom("600519", "300750", "688981", "920163", "002594"), fc.integer({ min: -1000, max: 100_000 }), (code, qty) => {
        if (isValidBuyQuantity(code, qty)) expect(qty).toBeGreaterThanOrEqual(minBuyQuantity(code));
      }),
    );
  });
});
