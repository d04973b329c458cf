import { answerExcerpt, backoffDelay, requireSixDigits, type RequestPolicy } from "./http";
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

describe("answerExcerpt", () => {
  it("names an HTML error page by its title instead of quoting its markup", () => {
    const page = '<!DOCTYPE html><html lang="zh-CN"><head><meta charSet="utf-8"/><title>404: 页面不存在</title></head><body>…</body></html>';
    expect(answerExcerpt(page, "text/html; charset=utf-8")).toBe("(an HTML page “404: 页面不存在”, not the API: check the URL)");
    expect(answerExcerpt("<html><body>Bad Gateway</body></html>", null)).toBe("(an HTML page, not the API: check the URL)");
  });

  it("keeps a short text answer whole and cuts a long one", () => {
    expect(answerExcerpt("upstream  timed\nout", "text/plain")).toBe("upstream timed out");
    const long = "x".repeat(500);
    expect(answerExcerpt(long, "text/plain")).toBe(`${"x".repeat(160)}…`);
  });
});
