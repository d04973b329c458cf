import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { statementFills } from "@/lib/db/schema";
import { dailySyncInstant } from "@/lib/domain/market/daily-sync";
import { hasSyncedChart } from "@/lib/domain/market/codes";
import type { Market } from "@/lib/domain/market/types";
import { marketCalendar } from "@/lib/server/market/calendar";
import type { MarketDataProvider } from "@/lib/server/market/providers/types";
import { logger } from "@/lib/server/logger";
import { enqueue, JOB_LEASE_MS, type JobContext, type JobHandler, type JobHandlers } from "@/lib/server/quant/jobs";
import { runMarketSync } from "./run";
import { ensureDailySync, MARKET_DAILY_KIND } from "./schedule";
import type { SyncRequest } from "./types";

/** A sync of some codes (an import, a publish) or of every code (the 同步行情 button): runMarketSync in the worker. */
export const MARKET_SYNC_KIND = "market-sync";

const SIX_DIGITS = /^\d{6}$/;

const SyncJobPayload = z.object({
  trigger: z.enum(["cli", "admin", "import", "publish", "daily"]),
  /** absent: every code the site trades */
  codes: z.array(z.string().regex(SIX_DIGITS)).optional(),
});

const DailyJobPayload = z.object({ date: z.iso.date() });

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
  return enqueue(tx, { kind: MARKET_SYNC_KIND, dedupeKey: `${MARKET_SYNC_KIND}:${trigger}:${statementId}`, payload: { trigger, codes } });
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
  await whileLeased(ctx, () => runMarketSync({ ...request, ...(ctx.signal ? { signal: ctx.signal } : {}) }));
  if (ctx.signal?.aborted) throw new Error(`${kind} interrupted: the job worker is stopping`);
}

export interface MarketSyncJobOptions {
  /** the configured provider when absent (tests pass one) */
  provider?: MarketDataProvider | null;
}

/** The handlers of `market-sync` and `market-daily`, registered in the job worker's defaultHandlers. */
export function marketSyncJobHandlers({ provider }: MarketSyncJobOptions = {}): JobHandlers {
  const withProvider = provider !== undefined ? { provider } : {};

  const handleMarketSync: JobHandler = async (payload, ctx) => {
    const parsed = SyncJobPayload.safeParse(payload);
    if (!parsed.success) throw new Error(`invalid ${MARKET_SYNC_KIND} payload: ${parsed.error.issues[0]?.message ?? "?"}`);
    const { trigger, codes } = parsed.data;
    if (config().marketData.provider === "none") {
      logger().info({ trigger }, "market sync skipped: no market data provider is configured");
      return;
    }
    await sync(MARKET_SYNC_KIND, { trigger, ...(codes ? { codes } : {}), ...withProvider }, ctx);
  };

  /**
   * The day's sync of every code. The next day's job is queued first, so the chain goes on even when this run
   * fails. A date the calendar has since learnt was a holiday (the provider's calendar arrived after the job was
   * queued) is skipped.
   */
  const handleMarketDaily: JobHandler = async (payload, ctx) => {
    const parsed = DailyJobPayload.safeParse(payload);
    if (!parsed.success) throw new Error(`invalid ${MARKET_DAILY_KIND} payload: ${parsed.error.issues[0]?.message ?? "?"}`);
    const { date } = parsed.data;
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

  return { [MARKET_SYNC_KIND]: handleMarketSync, [MARKET_DAILY_KIND]: handleMarketDaily };
}
