import { DISCLAIMER_SUPPRESS_MS } from "./constants";
import { parseClosedAt, shouldShowDisclaimer } from "./disclaimer";

const now = Date.UTC(2026, 10, 21, 4, 0, 0);

describe("shouldShowDisclaimer", () => {
  it("shows when nothing was stored", () => {
    expect(shouldShowDisclaimer(null, now)).toBe(true);
  });

  it("stays hidden right after closing and one millisecond before 7 days", () => {
    expect(shouldShowDisclaimer(now, now)).toBe(false);
    expect(shouldShowDisclaimer(now - 3 * 24 * 3600 * 1000, now)).toBe(false);
    expect(shouldShowDisclaimer(now - DISCLAIMER_SUPPRESS_MS + 1, now)).toBe(false);
  });

  it("shows again at exactly 7 days and after", () => {
    expect(DISCLAIMER_SUPPRESS_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(shouldShowDisclaimer(now - DISCLAIMER_SUPPRESS_MS, now)).toBe(true);
    expect(shouldShowDisclaimer(now - DISCLAIMER_SUPPRESS_MS - 1, now)).toBe(true);
    expect(shouldShowDisclaimer(0, now)).toBe(true);
  });

  it("treats a timestamp in the future or not a number as absent", () => {
    expect(shouldShowDisclaimer(now + 60_000, now)).toBe(true);
    expect(shouldShowDisclaimer(Number.NaN, now)).toBe(true);
    expect(shouldShowDisclaimer(Number.POSITIVE_INFINITY, now)).toBe(true);
  });
});

describe("parseClosedAt", () => {
  it("reads a millisecond timestamp", () => {
    expect(parseClosedAt(String(now))).toBe(now);
    expect(parseClosedAt(` ${now} `)).toBe(now);
  });

  it("returns null for anything else", () => {
    for (const raw of [null, undefined, "", "abc", "1.5", "-3", "1e12", "99999999999999999"]) {
      expect(parseClosedAt(raw)).toBeNull();
    }
  });
});
