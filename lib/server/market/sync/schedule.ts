import "server-only";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { dailySyncInstant, nextDailySyncSlot, type DailySyncSlot } from "@/lib/domain/market/daily-sync";
import { marketCalendar } from "@/lib/server/market/calendar";
import { enqueue, MAX_JOB_ATTEMPTS } from "@/lib/server/quant/jobs";

/** The daily sync after the close: one job per trading day, `market-daily:YYYY-MM-DD`, due at 16:00 Asia/Shanghai. */
export const MARKET_DAILY_KIND = "market-daily";

export const dailySyncKey = (date: string) => `${MARKET_DAILY_KIND}:${date}`;

/**
 * Makes sure the next daily sync after `now` is queued (the worker calls it on start and each daily job after its run).
 * The key per date makes it once-only however many instances call it at the same moment. Nothing is queued, and null
 * returned, when no market data provider is configured.
 */
export async function ensureDailySync(now = new Date(), database?: Database): Promise<DailySyncSlot | null> {
  if (config().marketData.provider === "none") return null;
  const target = database ?? (await db());
  const slot = nextDailySyncSlot(now, await marketCalendar(database));
  await enqueue(target, { kind: MARKET_DAILY_KIND, dedupeKey: dailySyncKey(slot.date), payload: { date: slot.date }, runAfter: slot.runAfter });
  return slot;
}

/**
 * The earliest daily sync still to run (null when none is queued). Read from its key, not its run_after: a running or
 * retried job's run_after is its lease or its backoff, not its slot.
 */
export async function nextQueuedDailySync(database?: Database): Promise<DailySyncSlot | null> {
  const [row] = await (database ?? (await db()))
    .select({ key: jobs.dedupeKey })
    .from(jobs)
    .where(and(eq(jobs.kind, MARKET_DAILY_KIND), isNull(jobs.doneAt), lt(jobs.attempts, MAX_JOB_ATTEMPTS)))
    .orderBy(asc(jobs.dedupeKey))
    .limit(1);
  const date = row?.key.slice(MARKET_DAILY_KIND.length + 1);
  return date ? { date, runAfter: dailySyncInstant(date) } : null;
}
