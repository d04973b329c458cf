import { blockedFor, recordFailure, takeToken } from "./rate-limit";

describe("rate limits", () => {
  it("blocks a key once its failures reach the limit, with the wait in seconds", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await blockedFor("t-fail", "acct", 3, 60)).toBe(0);
      await recordFailure("t-fail", "acct", 3, 60);
    }
    const wait = await blockedFor("t-fail", "acct", 3, 60);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await blockedFor("t-fail", "other", 3, 60)).toBe(0);
  });

  it("takeToken answers 0 until the points are used up", async () => {
    expect(await takeToken("t-take", "ip", 2, 60)).toBe(0);
    expect(await takeToken("t-take", "ip", 2, 60)).toBe(0);
    expect(await takeToken("t-take", "ip", 2, 60)).toBeGreaterThan(0);
  });
});
