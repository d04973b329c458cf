import fc from "fast-check";
import { chargeOn, estimateFees, rateOn, STAMP_DUTY_SCHEDULE, TRANSFER_FEE_SCHEDULE } from "./fees";

describe("estimateFees", () => {
  it("matches the worked check: sell 1000 × 10.00 in 2024", () => {
    expect(estimateFees("sell", 10_000, "2024-06-03")).toEqual({
      commission: 5,
      stampDuty: 5,
      transferFee: 0.1,
      other: 0,
    });
  });

  it("charges no stamp duty on buys since 2008-09-19", () => {
    expect(estimateFees("buy", 10_000, "2024-06-03").stampDuty).toBe(0);
    expect(estimateFees("buy", 10_000, "2008-09-19").stampDuty).toBe(0);
    expect(estimateFees("buy", 10_000, "2008-09-18").stampDuty).toBe(10);
  });

  it("looks the stamp duty up by trade date", () => {
    expect(estimateFees("sell", 100_000, "2008-04-23").stampDuty).toBe(300);
    expect(estimateFees("sell", 100_000, "2008-04-24").stampDuty).toBe(100);
    expect(estimateFees("sell", 100_000, "2023-08-25").stampDuty).toBe(100);
    expect(estimateFees("sell", 100_000, "2023-08-28").stampDuty).toBe(50);
  });

  it("halves the transfer fee on 2022-04-29", () => {
    expect(estimateFees("buy", 100_000, "2022-04-28").transferFee).toBe(2);
    expect(estimateFees("buy", 100_000, "2022-04-29").transferFee).toBe(1);
  });

  it("applies the ¥5 minimum commission per fill and 万2.5 above it", () => {
    expect(estimateFees("buy", 1_000, "2024-01-02").commission).toBe(5);
    expect(estimateFees("buy", 100_000, "2024-01-02").commission).toBe(25);
    expect(estimateFees("buy", 123_456.78, "2024-01-02").commission).toBe(30.86);
  });

  it("rounds each component half-up to the fen without float drift", () => {
    expect(chargeOn(1_500, 0.00001)).toBe(0.02); // 0.015
    expect(chargeOn(500, 0.00001)).toBe(0.01); // 0.005
    expect(chargeOn(499, 0.00001)).toBe(0); // 0.00499
    expect(chargeOn(10_010, 0.0005)).toBe(5.01); // 5.005
    expect(chargeOn(1e13, 0.001)).toBe(1e10);
  });

  it("gives fen-exact, non-negative components for any fill", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("buy" as const, "sell" as const),
        fc.integer({ min: 1, max: 10_000_000_000 }).map((fen) => fen / 100),
        fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10)),
        (side, amount, date) => {
          const fees = estimateFees(side, amount, date);
          for (const value of Object.values(fees)) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(Math.abs(value * 100 - Math.round(value * 100))).toBeLessThan(1e-6);
          }
          expect(fees.commission).toBeGreaterThanOrEqual(5);
          const exactStamp = amount * rateOn(STAMP_DUTY_SCHEDULE, side, date);
          expect(Math.abs(fees.stampDuty - exactStamp)).toBeLessThanOrEqual(0.005 + 1e-6);
          const exactTransfer = amount * rateOn(TRANSFER_FEE_SCHEDULE, side, date);
          expect(Math.abs(fees.transferFee - exactTransfer)).toBeLessThanOrEqual(0.005 + 1e-6);
        },
      ),
    );
  });

  it("refuses amounts that are not positive", () => {
    expect(() => estimateFees("buy", 0, "2024-01-02")).toThrow(RangeError);
    expect(() => estimateFees("buy", Number.NaN, "2024-01-02")).toThrow(RangeError);
  });
});
