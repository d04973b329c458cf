import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { outsideRequest } from "@/lib/server/startup-context";

/**
 * Per-process limiters. PGlite mode is one process, so memory is exact there; several instances on PostgreSQL
 * need a shared store (RateLimiterPostgres/Redis) — see README "Scaling out".
 * A limiter keeps a timer per key for its whole window (up to hours), so its calls run outside the request
 * (startup-context.ts): each timer would otherwise keep the request that made it alive that long.
 */
const limiters = new Map<string, RateLimiterMemory>();

function limiter(name: string, points: number, durationSec: number): RateLimiterMemory {
  const key = `${name}:${points}:${durationSec}`;
  let l = limiters.get(key);
  if (!l) {
    l = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSec });
    limiters.set(key, l);
  }
  return l;
}

/** Consumes one point; returns the seconds to wait when the limit is exhausted, else 0. */
export async function takeToken(name: string, key: string, points: number, durationSec: number): Promise<number> {
  try {
    await outsideRequest(() => limiter(name, points, durationSec).consume(key));
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}

/** Seconds until `key` may try again when it has used up `points` within the window; 0 when it may. */
export async function blockedFor(name: string, key: string, points: number, durationSec: number): Promise<number> {
  const res = await outsideRequest(() => limiter(name, points, durationSec).get(key));
  return res && res.consumedPoints >= points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
}

/** Counts one failure (a wrong password, a wrong code) against `key`. */
export async function recordFailure(name: string, key: string, points: number, durationSec: number): Promise<void> {
  await outsideRequest(() => limiter(name, points, durationSec).penalty(key, 1));
}

/** How many failures `key` has counted within the current window (0 when none). */
export async function failuresOf(name: string, key: string, points: number, durationSec: number): Promise<number> {
  const res = await outsideRequest(() => limiter(name, points, durationSec).get(key));
  return res?.consumedPoints ?? 0;
}
