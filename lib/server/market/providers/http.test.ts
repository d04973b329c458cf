import { backoffDelay, requireSixDigits, type RequestPolicy } from "./http";
import { MarketDataError } from "./types";

const POLICY: RequestPolicy = { timeoutMs: 1000, minIntervalMs: 0, attempts: 5, baseDelayMs: 1000, maxDelayMs: 8000, rateLimitDelayMs: 20_000 };
const server = new MarketDataError("server", "HTTP 502", true);

describe("retry backoff", () => {
  it("doubles from the base up to the cap, keeping between half and all of it", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(POLICY, n, server, () => 0))).toEqual([500, 1000, 2000, 4000, 4000]);
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(POLICY, n, server, () => 1))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it("waits at least the rate-limit pause after a rate-limit answer", () => {
    expect(backoffDelay(POLICY, 1, new MarketDataError("rate_limit", "每分钟最多访问", true), () => 0)).toBe(20_000);
  });
});

describe("codes a provider can be asked for", () => {
  it("refuses anything but six digits with a reason naming the codes", () => {
    expect(() => requireSixDigits(["600519", "000001"], "Tushare Pro daily")).not.toThrow();
    expect(() => requireSixDigits(["600519", "00700", "abc"], "Tushare Pro daily")).toThrow(new MarketDataError("bad_request", "Tushare Pro daily: not A-share codes: 00700, abc", false));
  });
});
