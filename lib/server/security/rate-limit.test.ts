import { AsyncLocalStorage } from "node:async_hooks";
import { once } from "node:events";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { describeOnEachEngine, openTestDatabase } from "@/lib/db/test-support";
import { rememberStartupContext } from "@/lib/server/startup-context";
import { storesOfTimersMade } from "@/lib/server/timer-contexts.test-support";
import { blockedFor, failuresOf, limitsOn, recordFailure, takeToken, withFailureLimits } from "./rate-limit";
import { postgresStore, redisClient, redisStore, type LimitStore } from "./rate-limit-store";

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

  it("withFailureLimits checks no more parallel tries than the limit allows, and only failures spend it", async () => {
    class Wrong extends Error {}
    class Refused extends Error {
      constructor(readonly waitSec: number) {
        super("refused");
      }
    }
    const limits = [["t-guard-acct", "acct", 5, 60], ["t-guard-ip", "ip", 20, 60]] as const;
    const right = () => withFailureLimits(limits, async () => "ok", (err) => err instanceof Wrong, (wait) => new Refused(wait));
    // right tries take their count back: any number of them pass
    for (let i = 0; i < 8; i++) expect(await right()).toBe("ok");
    let checked = 0;
    const wrong = () =>
      withFailureLimits(limits, async () => {
        checked += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Wrong();
      }, (err) => err instanceof Wrong, (wait) => new Refused(wait));
    // twenty wrong guesses sent together: five are checked, fifteen refused with the wait
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, wrong));
    expect(checked).toBe(5);
    const reasons = outcomes.map((o) => (o.status === "rejected" ? o.reason : null));
    expect(reasons.filter((r) => r instanceof Wrong)).toHaveLength(5);
    const refused = reasons.filter((r): r is Refused => r instanceof Refused);
    expect(refused).toHaveLength(15);
    expect(refused.every((r) => r.waitSec > 0 && r.waitSec <= 60)).toBe(true);
    // refused tries did not count: the key is exactly at its limit, and the right password is refused too until the window ends
    expect(await failuresOf("t-guard-acct", "acct", 5, 60)).toBe(5);
    await expect(right()).rejects.toBeInstanceOf(Refused);
    // another key is untouched
    expect(await withFailureLimits([["t-guard-acct", "other", 5, 60]], async () => 1, () => true, (wait) => new Refused(wait))).toBe(1);
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

/** Two servers' limiters: each its own connection to the shared store, as two instances have. */
function twoInstances(open: () => Promise<{ store: LimitStore; close: () => Promise<void> }>) {
  return async () => {
    const [a, b] = [await open(), await open()];
    try {
      const [one, two] = [limitsOn(a.store), limitsOn(b.store)];
      // wrong passwords counted on both add up: the third, on either, blocks the key on both
      await one.recordFailure("t-shared", "acct", 3, 60);
      await two.recordFailure("t-shared", "acct", 3, 60);
      expect(await one.blockedFor("t-shared", "acct", 3, 60)).toBe(0);
      expect(await two.failuresOf("t-shared", "acct", 3, 60)).toBe(2);
      await one.recordFailure("t-shared", "acct", 3, 60);
      expect(await two.blockedFor("t-shared", "acct", 3, 60)).toBeGreaterThan(0);
      expect(await one.blockedFor("t-shared", "other", 3, 60)).toBe(0);
      // tokens taken on either are taken from one budget
      expect(await one.takeToken("t-shared-take", "ip", 2, 60)).toBe(0);
      expect(await two.takeToken("t-shared-take", "ip", 2, 60)).toBe(0);
      expect(await one.takeToken("t-shared-take", "ip", 2, 60)).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  };
}

const onPostgres = config().testDatabaseUrl ? it : it.skip;
const onRedis = config().testRedisUrl ? it : it.skip;

describe("rate limits shared by instances", () => {
  onPostgres(
    "on PostgreSQL (rate_limits table): two pools to one database count as one",
    async () => {
      const database = await openTestDatabase("postgres");
      const url = new URL(config().testDatabaseUrl!);
      const { rows } = await database.pool!.query<{ name: string }>("select current_database() as name");
      url.pathname = `/${rows[0]!.name}`;
      const { Pool } = await import("pg");
      try {
        await twoInstances(async () => {
          const pool = new Pool({ connectionString: url.toString(), max: 2 });
          return { store: postgresStore(pool), close: () => pool.end() };
        })();
      } finally {
        await database.close();
      }
    },
    30_000,
  );

  onRedis(
    "on Redis (REDIS_URL): two clients count as one",
    async () => {
      // A database of its own on the test server, emptied before and after.
      const url = new URL(config().testRedisUrl!);
      url.pathname = "/9";
      const { default: Redis } = await import("ioredis");
      const admin = new Redis(url.toString());
      await admin.flushdb();
      try {
        await twoInstances(async () => {
          const client = redisClient(url.toString());
          if (client.status !== "ready") await once(client, "ready");
          return { store: redisStore(client), close: () => client.quit().then(() => undefined) };
        })();
      } finally {
        await admin.flushdb();
        await admin.quit();
      }
    },
    30_000,
  );
});

describeOnEachEngine("the configured store", (engine) => {
  it(engine === "postgres" ? "counts in the rate_limits table, which every instance reads" : "counts in this process's memory (PGlite is one process)", async () => {
    await recordFailure("t-where", "acct", 3, 60);
    const rows = await (await db()).select().from(rateLimits);
    expect(rows.map((r) => r.key)).toEqual(engine === "postgres" ? ["t-where:3:60:acct"] : []);
    expect(await failuresOf("t-where", "acct", 3, 60)).toBe(1);
  });
});
