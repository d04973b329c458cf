import "server-only";
import Redis from "ioredis";
import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { logger } from "@/lib/server/logger";

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** Where rate-limit counters live, and how a limiter on it is made. */
export interface LimitStore {
  kind: "memory" | "postgres" | "redis";
  /** What this store's limiters are cached against: the pool, the Redis client, or the process. */
  identity: object;
  create(options: LimiterOptions): RateLimiterAbstract;
}

/** Table of migration 0014, in the layout RateLimiterPostgres reads and writes. */
const TABLE = "rate_limits";

const byPool = new WeakMap<Pool, LimitStore>();
const byRedisUrl = new Map<string, LimitStore>();

/**
 * A shared store: PostgreSQL through the data layer's pool, or Redis. While it does not answer, each limiter counts in
 * this process's memory instead (rate-limiter-flexible's insurance limiter): a limit is never lifted by an outage.
 */
export function limitStoreFor(source: { pool: Pool } | { redisUrl: string }): LimitStore {
  if ("pool" in source) {
    let store = byPool.get(source.pool);
    if (!store) byPool.set(source.pool, (store = postgresStore(source.pool)));
    return store;
  }
  let store = byRedisUrl.get(source.redisUrl);
  if (!store) byRedisUrl.set(source.redisUrl, (store = redisStore(redisClient(source.redisUrl))));
  return store;
}

export function postgresStore(storeClient: Pool): LimitStore {
  return {
    kind: "postgres",
    identity: storeClient,
    create: (options) =>
      new RateLimiterPostgres({ ...options, storeClient, storeType: "pool", tableName: TABLE, tableCreated: true, insuranceLimiter: new RateLimiterMemory(options) }),
  };
}

export function redisStore(storeClient: Redis): LimitStore {
  return { kind: "redis", identity: storeClient, create: (options) => new RateLimiterRedis({ ...options, storeClient, insuranceLimiter: new RateLimiterMemory(options) }) };
}

export function redisClient(url: string): Redis {
  // No offline queue: while Redis is away a command fails at once and the insurance limiter answers, instead of the
  // request waiting for a reconnect.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: "lianghua-rate-limits" });
  let reported = false;
  client.on("error", (err: Error) => {
    if (!reported) logger().error({ err: err.message }, "Redis (rate limits) unavailable: counting in memory until it answers");
    reported = true;
  });
  client.on("ready", () => {
    reported = false;
  });
  return client;
}

/** Closes the Redis connections (tests; the server's stop). */
export async function closeLimitStores(): Promise<void> {
  const stores = [...byRedisUrl.values()];
  byRedisUrl.clear();
  await Promise.all(stores.map((store) => (store.identity as Redis).quit().catch(() => {})));
}
