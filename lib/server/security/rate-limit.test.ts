import { AsyncLocalStorage } from "node:async_hooks";
import { rememberStartupContext } from "@/lib/server/startup-context";
import { storesOfTimersMade } from "@/lib/server/timer-contexts.test-support";
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

  it("the window's timers are made outside the request that used the limiter (they last the whole window)", async () => {
    rememberStartupContext();
    const request = new AsyncLocalStorage<string>();
    const madeIn = await storesOfTimersMade(request, "POST /api/auth/login", async () => {
      await takeToken("t-context", "ip", 5, 3600);
      await recordFailure("t-context", "acct", 5, 3600);
    });
    expect(madeIn.length).toBeGreaterThan(0); // the limiter did make its timers
    expect(madeIn.every((store) => store === undefined)).toBe(true);
  });
});
