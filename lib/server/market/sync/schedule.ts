import "server-only";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { dailySyncInstant, nextDailySyncSlot, type DailySyncSlot } from "@/lib/domain/market/daily-sync";
import { MAX_JOB_ATTEMPTS } from "@/lib/server/jobs/queue";
import { occurrenceKey, type Occurrence } from "@/lib/server/jobs/scheduled";
import { marketCalendar } from "@/lib/server/market/calendar";

/** The daily sync after the close: one job per trading day, `market-daily:YYYY-MM-DD`, due at 16:00 Asia/Shanghai. */
export const MARKET_DAILY_KIND = "market-daily";

export const DailySyncPayload = z.object({ date: z.iso.date() });

export const dailySyncKey = (date: string) => occurrenceKey(MARKET_DAILY_KIND, date);

/** The daily sync's schedule: the next trading day's slot after `now`; none when no market data provider is configured. */
export async function nextDailySync(now: Date, database?: Database): Promise<Occurrence<typeof DailySyncPayload> | null> {
  if (config().marketData.provider === "none") return null;
  const slot = nextDailySyncSlot(now, await marketCalendar(database));
  return { id: slot.date, runAfter: slot.runAfter, payload: { date: slot.date } };
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
