import "server-only";
import { and, count, eq, isNull, like, lt } from "drizzle-orm";
import { db } from "@/lib/db";
import { jobs, stocks } from "@/lib/db/schema";
import { FAILURES_SHOWN, type MarketSyncOverview } from "@/lib/domain/market/sync-overview";
import { assertAdminRights, type Actor } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/http/app-error";
import { MAX_JOB_ATTEMPTS } from "@/lib/server/jobs/queue";
import { marketDataStatus } from "@/lib/server/market/providers";
import { MARKET_SYNC_KIND, marketSyncJob } from "./jobs";
import { NO_PROVIDER_MESSAGE } from "./run";
import { nextQueuedDailySync } from "./schedule";
import { lastMarketSync } from "./status";
import type { SyncTrigger } from "./types";

/** What an operator sets to turn the sync on (the server reads it at start). */
export const SETUP_HINT = "设置环境变量 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 MARKET_DATA_PROVIDER=eastmoney";

const pendingSyncJobs = (keyPrefix = `${MARKET_SYNC_KIND}:`) =>
  and(eq(jobs.kind, MARKET_SYNC_KIND), like(jobs.dedupeKey, `${keyPrefix}%`), isNull(jobs.doneAt), lt(jobs.attempts, MAX_JOB_ATTEMPTS));

/** The 行情数据 section of /admin: provider, last sync and its failures, next daily sync. Administrators. */
export async function marketSyncOverview(actor: Actor | null): Promise<MarketSyncOverview> {
  assertAdminRights(actor);
  const database = await db();
  const provider = marketDataStatus();
  const [last, nextDaily, [queued], [synthetic]] = await Promise.all([
    lastMarketSync(),
    nextQueuedDailySync(database),
    database.select({ n: count() }).from(jobs).where(pendingSyncJobs()),
    database.select({ n: count() }).from(stocks).where(eq(stocks.isSynthetic, true)),
  ]);
  return {
    provider: { name: provider.name, label: provider.label, configured: provider.configured },
    setupHint: provider.configured ? null : SETUP_HINT,
    lastRun: last && {
      startedAt: last.startedAt,
      finishedAt: last.finishedAt,
      trigger: last.trigger,
      status: last.status,
      codes: last.codes,
      bars: last.bars,
      calls: last.calls,
      message: last.message,
      failures: last.failures.slice(0, FAILURES_SHOWN),
      moreFailures: Math.max(0, last.failures.length - FAILURES_SHOWN),
    },
    nextDaily: provider.configured ? nextDaily : null,
    queued: queued?.n ?? 0,
    syntheticStocks: synthetic?.n ?? 0,
  };
}

export type { MarketSyncOverview };

/**
 * The 同步行情 button: queues a sync of every code (trigger "admin"), unless one from the button is still waiting or
 * running (`alreadyQueued`). Administrators; refused (a conflict naming what to configure) without a provider.
 */
export async function requestMarketSync(actor: Actor | null, now = new Date()): Promise<{ alreadyQueued: boolean }> {
  assertAdminRights(actor);
  if (!marketDataStatus().configured) throw new AppError("conflict", NO_PROVIDER_MESSAGE);
  const prefix = `${MARKET_SYNC_KIND}:admin:`;
  const database = await db();
  return database.transaction(async (tx) => {
    const [waiting] = await tx.select({ id: jobs.id }).from(jobs).where(pendingSyncJobs(prefix)).limit(1);
    if (waiting) return { alreadyQueued: true };
    const trigger: SyncTrigger = "admin";
    await marketSyncJob.enqueue(tx, { dedupeKey: `${prefix}${now.toISOString()}`, payload: { trigger } });
    return { alreadyQueued: false };
  });
}
