import "server-only";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { databaseEngine, databaseHandle } from "@/lib/db";
import { outsideRequest } from "@/lib/server/startup-context";
import { limitStoreFor, type LimitStore } from "./rate-limit-store";

/**
 * The rate limits (rate-limiter-flexible), in the store every instance shares (ADR 0063): Redis when REDIS_URL is set,
 * else PostgreSQL's rate_limits table, else (PGlite, one process by construction) this process's memory. A limiter on
 * a shared store falls back to memory while that store does not answer, so limits still hold per instance then.
 * A limiter's calls run outside the request (startup-context.ts): the memory limiter keeps a timer per key for its whole
 * window (up to hours), and each timer would otherwise keep the request that made it alive that long.
 */
const limitersByStore = new WeakMap<object, Map<string, RateLimiterAbstract>>();

function limiterOn(store: LimitStore, name: string, points: number, durationSec: number): RateLimiterAbstract {
  let limiters = limitersByStore.get(store.identity);
  if (!limiters) limitersByStore.set(store.identity, (limiters = new Map()));
  // One counter per limiter as the memory store always had: the same name with other bounds is another limiter.
  const keyPrefix = `${name}:${points}:${durationSec}`;
  let limiter = limiters.get(keyPrefix);
  if (!limiter) {
    limiter = store.create({ keyPrefix, points, duration: durationSec });
    limiters.set(keyPrefix, limiter);
  }
  return limiter;
}

/** The operations on one store; the exported functions use the configured store, tests use two of them. */
export function limitsOn(store: LimitStore) {
  const run = <T>(name: string, points: number, durationSec: number, use: (limiter: RateLimiterAbstract) => Promise<T>) =>
    outsideRequest(() => use(limiterOn(store, name, points, durationSec)));
  return {
    /** Consumes one point; returns the seconds to wait when the limit is exhausted, else 0. */
    async takeToken(name: string, key: string, points: number, durationSec: number): Promise<number> {
      try {
        await run(name, points, durationSec, (limiter) => limiter.consume(key));
        return 0;
      } catch (err) {
        if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw err;
      }
    },
    /** Seconds until `key` may try again when it has used up `points` within the window; 0 when it may. */
    async blockedFor(name: string, key: string, points: number, durationSec: number): Promise<number> {
      const res = await run(name, points, durationSec, (limiter) => limiter.get(key));
      return res && res.consumedPoints >= points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
    },
    /** Counts one failure (a wrong password, a wrong code) against `key`. */
    async recordFailure(name: string, key: string, points: number, durationSec: number): Promise<void> {
      await run(name, points, durationSec, (limiter) => limiter.penalty(key, 1));
    },
    /**
     * Counts one attempt atomically, before the work it guards is done: its number in the window (this one included,
     * so parallel attempts each get their own) and the seconds to wait when it is over the limit (else 0).
     */
    async countAttempt(name: string, key: string, points: number, durationSec: number): Promise<{ count: number; waitSec: number }> {
      try {
        const res = await run(name, points, durationSec, (limiter) => limiter.consume(key));
        return { count: res.consumedPoints, waitSec: 0 };
      } catch (err) {
        if (err instanceof RateLimiterRes) return { count: err.consumedPoints, waitSec: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        throw err;
      }
    },
    /** Takes back an attempt counted by countAttempt that turned out not to count (a right password). */
    async forgiveAttempt(name: string, key: string, points: number, durationSec: number): Promise<void> {
      await run(name, points, durationSec, (limiter) => limiter.reward(key, 1));
    },
    /** Refuses `key` for the next `seconds` (countAttempt answers with the wait), whatever it has counted. */
    async holdOff(name: string, key: string, points: number, durationSec: number, seconds: number): Promise<void> {
      await run(name, points, durationSec, (limiter) => limiter.block(key, seconds));
    },
    /** How many failures `key` has counted within the current window (0 when none). */
    async failuresOf(name: string, key: string, points: number, durationSec: number): Promise<number> {
      const res = await run(name, points, durationSec, (limiter) => limiter.get(key));
      return res?.consumedPoints ?? 0;
    },
  };
}

const memoryStore: LimitStore = { kind: "memory", identity: {}, create: (options) => new RateLimiterMemory(options) };

async function configuredStore(): Promise<LimitStore> {
  const { redisUrl } = config();
  if (redisUrl) return limitStoreFor({ redisUrl });
  if (databaseEngine() === "pglite") return memoryStore;
  const { pool } = await databaseHandle();
  return pool ? limitStoreFor({ pool }) : memoryStore;
}

const limits = async () => limitsOn(await configuredStore());

export const takeToken = async (name: string, key: string, points: number, durationSec: number) => (await limits()).takeToken(name, key, points, durationSec);
export const blockedFor = async (name: string, key: string, points: number, durationSec: number) => (await limits()).blockedFor(name, key, points, durationSec);
export const recordFailure = async (name: string, key: string, points: number, durationSec: number) => (await limits()).recordFailure(name, key, points, durationSec);
export const countAttempt = async (name: string, key: string, points: number, durationSec: number) => (await limits()).countAttempt(name, key, points, durationSec);
export const forgiveAttempt = async (name: string, key: string, points: number, durationSec: number) => (await limits()).forgiveAttempt(name, key, points, durationSec);
export const holdOff = async (name: string, key: string, points: number, durationSec: number, seconds: number) => (await limits()).holdOff(name, key, points, durationSec, seconds);
export const failuresOf = async (name: string, key: string, points: number, durationSec: number) => (await limits()).failuresOf(name, key, points, durationSec);

/** One limit on failures: its name, the key counted, how many failures, in a window of how many seconds. */
export type FailureLimit = readonly [name: string, key: string, failures: number, windowSec: number];

/**
 * Runs `attempt` (a password, a code, a key checked) under limits on its failures: the try is counted against each
 * limit atomically before it runs, so parallel tries each see the ones before them and no burst is checked past the
 * limit; over any limit, `refuse(seconds)` is thrown and nothing is checked. A try that does not fail (no error, or
 * one `isFailure` does not count) takes its count back afterwards: only failures spend the limits.
 */
export async function withFailureLimits<T>(
  limits: readonly FailureLimit[],
  attempt: () => Promise<T>,
  isFailure: (err: unknown) => boolean,
  refuse: (waitSec: number) => Error,
): Promise<T> {
  const counted = await Promise.all(limits.map((limit) => countAttempt(...limit)));
  const giveBack = () => Promise.all(limits.map((limit) => forgiveAttempt(...limit)));
  const wait = Math.max(0, ...counted.map((c) => c.waitSec));
  if (wait > 0) {
    // a refused try is no try: it does not lengthen the wait
    await giveBack();
    throw refuse(wait);
  }
  try {
    const value = await attempt();
    await giveBack();
    return value;
  } catch (err) {
    if (!isFailure(err)) await giveBack();
    throw err;
  }
}
