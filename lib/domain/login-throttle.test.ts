import fc from "fast-check";
import { LOGIN_LIMITS, accountSpacingMs } from "./login-throttle";

describe("accountSpacingMs", () => {
  it("is free for the first failures, then doubles from one second up to ten", () => {
    expect([0, 4, 5, 6, 7, 8, 9, 50].map(accountSpacingMs)).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it("never decreases as failures grow and never exceeds its bound, whatever the count", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(accountSpacingMs(low)).toBeLessThanOrEqual(accountSpacingMs(high));
        expect(accountSpacingMs(high)).toBeLessThanOrEqual(LOGIN_LIMITS.account.maxDelayMs);
      }),
    );
    expect(accountSpacingMs(Number.MAX_SAFE_INTEGER)).toBe(LOGIN_LIMITS.account.maxDelayMs);
    expect(accountSpacingMs(Number.NaN)).toBe(0);
  });
});
