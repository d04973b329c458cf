import fc from "fast-check";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, attemptsLeft, codeState, formatCode, isCodeFormat } from "./login-code";

const issued = new Date("2026-11-21T10:00:00Z");
const record = (over: Partial<{ expiresAt: Date; consumedAt: Date | null; attempts: number }> = {}) => ({
  expiresAt: new Date(issued.getTime() + CODE_TTL_MS), consumedAt: null, attempts: 0, ...over,
});

describe("one-time codes", () => {
  it("live 10 minutes: active one millisecond before, expired at the minute", () => {
    expect(codeState(record(), new Date(issued.getTime() + CODE_TTL_MS - 1))).toBe("active");
    expect(codeState(record(), new Date(issued.getTime() + CODE_TTL_MS))).toBe("expired");
  });

  it("are single use and ended by the fifth wrong try", () => {
    expect(codeState(record({ consumedAt: issued }), issued)).toBe("used");
    expect(codeState(record({ attempts: CODE_MAX_ATTEMPTS - 1 }), issued)).toBe("active");
    expect(codeState(record({ attempts: CODE_MAX_ATTEMPTS }), issued)).toBe("exhausted");
    expect(attemptsLeft(4)).toBe(1);
    expect(attemptsLeft(5)).toBe(0);
  });

  it("are always six digits", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => expect(isCodeFormat(formatCode(n))).toBe(true)));
    expect(isCodeFormat("12345")).toBe(false);
    expect(isCodeFormat("12345a")).toBe(false);
  });
});
