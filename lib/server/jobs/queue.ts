import "server-only";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { logger } from "@/lib/server/logger";

/**
 * A small PostgreSQL-backed queue on the `jobs` table (ARCHITECTURE.md "background work"). A job is claimed with
 * `for update skip locked` and leased (its run_after moved LEASE_MS ahead) in a short transaction, then run outside
 * it, so a handler may use db() freely (PGlite) and an instance that dies mid-job hands it to another after the lease.
 * Handlers must be idempotent: a job can run more than once.
 */
export interface JobContext {
  now: Date;
  attempt: number;
  /** aborted when the worker stops (shutdown): a long handler gives up, throws, and the job is retried later */
  signal?: AbortSignal;
  /** keeps the job reserved for another JOB_LEASE_MS: a handler that may run longer than the lease calls it periodically */
  renewLease?: () => Promise<void>;
}
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A row to queue. Code outside lib/server/jobs queues through a kind (`defineJobKind`), which checks the payload. */
export interface NewJob {
  kind: string;
  /** once-only key: a second job with the same key is dropped */
  dedupeKey: string;
  payload: Record<string, unknown>;
  runAfter?: Date;
}

/** A job that failed this many times is left in the table (doneAt null, lastError set) and not claimed again. */
export const MAX_JOB_ATTEMPTS = 10;
/** How long a claimed job is reserved for the instance running it. */
export const JOB_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Delay before the next try after `attempt` failures: 15 s, 30 s, 1 min, … capped at an hour. */
export function jobBackoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

/** Queues a job inside the caller's transaction (so it exists exactly when the work it follows commits). */
export async function insertJob(tx: Pick<Database, "insert">, job: NewJob): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({ kind: job.kind, dedupeKey: job.dedupeKey, payload: job.payload, ...(job.runAfter ? { runAfter: job.runAfter } : {}) })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length === 1;
}

export interface RunResult {
  claimed: number;
  done: number;
  failed: number;
}

/** Claims up to `limit` due jobs, runs each with its kind's handler, marks it done or schedules a retry. */
export async function runDueJobs(
  handlers: JobHandlers,
  { limit = 20, now = new Date(), signal = new AbortController().signal }: { limit?: number; now?: Date; signal?: AbortSignal } = {},
): Promise<RunResult> {
  const database = await db();
  const claimed = await database.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts })
      .from(jobs)
      // due within `now`'s millisecond: the database keeps microseconds, a JS Date whole milliseconds, so a job queued
      // in the millisecond of `now` would otherwise look due only in the next one
      .where(and(isNull(jobs.doneAt), lt(jobs.runAfter, new Date(now.getTime() + 1)), lt(jobs.attempts, MAX_JOB_ATTEMPTS)))
      .orderBy(asc(jobs.runAfter), asc(jobs.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1`, runAfter: new Date(now.getTime() + JOB_LEASE_MS) })
        .where(inArray(jobs.id, due.map((j) => j.id)));
    }
    return due;
  });
  const result: RunResult = { claimed: claimed.length, done: 0, failed: 0 };
  for (const job of claimed) {
    const attempt = job.attempts + 1;
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      const renewLease = async () => {
        const until = new Date(Math.max(Date.now(), now.getTime()) + JOB_LEASE_MS);
        await database.update(jobs).set({ runAfter: until }).where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
      };
      await handler(job.payload, { now, attempt, signal, renewLease });
      await database.update(jobs).set({ doneAt: new Date(), lastError: null }).where(eq(jobs.id, job.id));
      result.done++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await database
        .update(jobs)
        .set({ lastError: message.slice(0, 2000), runAfter: new Date(now.getTime() + jobBackoffMs(attempt)) })
        .where(eq(jobs.id, job.id));
      result.failed++;
      logger().warn({ err, jobId: job.id, kind: job.kind, attempt }, attempt >= MAX_JOB_ATTEMPTS ? "job failed for the last time" : "job failed; will retry");
    }
  }
  return result;
}
