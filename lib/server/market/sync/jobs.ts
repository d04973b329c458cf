import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { statementFills } from "@/lib/db/schema";
import { dailySyncInstant, type DailySyncSlot } from "@/lib/domain/market/daily-sync";
import { hasSyncedChart } from "@/lib/domain/market/codes";
import type { Market } from "@/lib/domain/market/types";
import { marketCalendar } from "@/lib/server/market/calendar";
import type { MarketDataProvider } from "@/lib/server/market/providers/types";
import { defineJobKind, jobHandlerOf, type JobKindSpec } from "@/lib/server/jobs/kind";
import { JOB_LEASE_MS, type JobContext, type JobHandlers } from "@/lib/server/jobs/queue";
import { enqueueNextOccurrence, type ScheduledJobKind } from "@/lib/server/jobs/scheduled";
import { logger } from "@/lib/server/logger";
import { reauditCodes, reauditWhereBarsArrived } from "@/lib/server/statements/audit";
import { runMarketSync } from "./run";
import { DailySyncPayload, MARKET_DAILY_KIND, nextDailySync } from "./schedule";
import type { SyncRequest } from "./types";

/** A sync of some codes (an import, a publish) or of every code (the 同步行情 button): runMarketSync in the worker. */
export const MARKET_SYNC_KIND = "market-sync";

const SIX_DIGITS = /^\d{6}$/;

const SyncJobPayload = z.object({
  trigger: z.enum(["cli", "admin", "import", "publish", "daily"]),
  /** absent: every code the site trades */
  codes: z.array(z.string().regex(SIX_DIGITS)).optional(),
});

/** The A-share stocks and exchange-traded funds among a statement's fills, once each and sorted: no 港股通, bonds or repo. */
export function syncableCodes(fills: readonly { code: string; market?: Market | null }[]): string[] {
  const codes = new Set<string>();
  for (const f of fills) if (f.market !== "HK" && SIX_DIGITS.test(f.code) && hasSyncedChart(f.code)) codes.add(f.code);
  return [...codes].sort();
}

/**
 * Queues the sync of a statement's stocks and funds in the transaction that imports or publishes it, so the bars arrive in the
 * background (never in the request). Once per statement and trigger; nothing without a provider or without stocks.
 * Without `fills` the statement's stored fills are read.
 */
export async function enqueueStatementSync(
  tx: Database,
  statementId: string,
  trigger: "import" | "publish",
  fills?: readonly { code: string; market?: Market | null }[],
): Promise<boolean> {
  if (config().marketData.provider === "none") return false;
  const codes = syncableCodes(
    fills ?? (await tx.selectDistinct({ code: statementFills.code, market: statementFills.market }).from(statementFills).where(eq(statementFills.statementId, statementId))),
  );
  if (codes.length === 0) return false;
  return marketSyncJob.enqueue(tx, { dedupeKey: `${MARKET_SYNC_KIND}:${trigger}:${statementId}`, payload: { trigger, codes } });
}

/** Renews the job's lease while `work` runs: a sync of many codes within a provider's rate limit outlasts one lease. */
async function whileLeased<T>(ctx: JobContext, work: () => Promise<T>): Promise<T> {
  const { renewLease } = ctx;
  if (!renewLease) return work();
  const timer = setInterval(() => {
    renewLease().catch((err: unknown) => logger().warn({ err }, "market sync job: lease not renewed"));
  }, JOB_LEASE_MS / 3);
  timer.unref?.();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Runs the sync. A run that reports failures is done all the same: it is recorded in market_sync_runs for /admin, and
 * the spans it could not fetch are fetched by the next run (the daily job at the latest). Only a run cut short by the
 * worker stopping is retried, as a whole: the spans it stored are not fetched again.
 */
async function sync(kind: string, request: Pick<SyncRequest, "trigger" | "codes" | "provider">, ctx: JobContext): Promise<void> {
  // runMarketSync records and logs the run itself.
  const summary = await whileLeased(ctx, () => runMarketSync({ ...request, ...(ctx.signal ? { signal: ctx.signal } : {}) }));
  if (ctx.signal?.aborted) throw new Error(`${kind} interrupted: the job worker is stopping`);
  // the fills whose days just got their bars, suspensions or names are checked against them (docs/adr/0079)
  if (summary.bars > 0) await reauditWhereBarsArrived(await db());
  if (summary.auditFacts.length > 0) await reauditCodes(await db(), summary.auditFacts);
}

export interface MarketSyncJobOptions {
  /** the configured provider when absent (tests pass one) */
  provider?: MarketDataProvider | null;
}

function syncHandler({ provider }: MarketSyncJobOptions): JobKindSpec<typeof SyncJobPayload>["handle"] {
  const withProvider = provider !== undefined ? { provider } : {};
  return async ({ trigger, codes }, ctx) => {
    if (config().marketData.provider === "none") {
      logger().info({ trigger }, "market sync skipped: no market data provider is configured");
      return;
    }
    await sync(MARKET_SYNC_KIND, { trigger, ...(codes ? { codes } : {}), ...withProvider }, ctx);
  };
}

/**
 * The day's sync of every code. The next day's job is queued first, so the chain goes on even when this run fails
 * (the job worker's schedule queues it too, within a minute). A date the calendar has since learnt was a holiday (the
 * provider's calendar arrived after the job was queued) is skipped.
 */
function dailyHandler({ provider }: MarketSyncJobOptions): JobKindSpec<typeof DailySyncPayload>["handle"] {
  const withProvider = provider !== undefined ? { provider } : {};
  return async ({ date }, ctx) => {
    if (config().marketData.provider === "none") {
      logger().info({ date }, "daily market sync skipped: no market data provider is configured");
      return;
    }
    await ensureDailySync(new Date(Math.max(ctx.now.getTime(), dailySyncInstant(date).getTime() + 1)));
    if (!(await marketCalendar()).isTradingDay(date)) {
      logger().info({ date }, "daily market sync skipped: not a trading day");
      return;
    }
    await sync(MARKET_DAILY_KIND, { trigger: "daily", ...withProvider }, ctx);
  };
}

export const marketSyncJob = defineJobKind({ name: MARKET_SYNC_KIND, payload: SyncJobPayload, handle: syncHandler({}) });

export const marketDailyJob = defineJobKind({ name: MARKET_DAILY_KIND, payload: DailySyncPayload, handle: dailyHandler({}) });

/** The daily market sync as a scheduled kind of the job worker. */
export const dailyMarketSync: ScheduledJobKind<typeof DailySyncPayload> = { kind: marketDailyJob, next: nextDailySync };

/**
 * Makes sure the next daily sync after `now` is queued (the worker's schedule does it every minute, each daily job after
 * its run). Once-only per date; nothing is queued, and null returned, when no market data provider is configured.
 */
export async function ensureDailySync(now = new Date(), database?: Database): Promise<DailySyncSlot | null> {
  const occurrence = await enqueueNextOccurrence(dailyMarketSync, now, database ?? (await db()));
  return occurrence && { date: occurrence.id, runAfter: occurrence.runAfter };
}

/** The handlers of `market-sync` and `market-daily` with another provider than the configured one (tests). */
export function marketSyncJobHandlers(options: MarketSyncJobOptions = {}): JobHandlers {
  return {
    [MARKET_SYNC_KIND]: jobHandlerOf(marketSyncJob, syncHandler(options)),
    [MARKET_DAILY_KIND]: jobHandlerOf(marketDailyJob, dailyHandler(options)),
  };
}
