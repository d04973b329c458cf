import "server-only";
import { db } from "@/lib/db";
import { logger } from "@/lib/server/logger";
import { runDueJobs, type JobHandlers } from "./queue";
import { registeredJobHandlers, scheduledJobKinds } from "./registry";
import { enqueueNextOccurrence, type ScheduledJobKind } from "./scheduled";

export interface JobWorkerOptions {
  /** 3 s unless set */
  intervalMs?: number;
  /** every registered kind unless set */
  handlers?: JobHandlers;
  /** the registered schedules unless set; none when `handlers` is set (a test's own kinds) */
  scheduled?: readonly ScheduledJobKind[];
  /** how often the schedules are looked at: a minute unless set */
  scheduleEveryMs?: number;
  limit?: number;
}

interface Worker {
  stop(): Promise<void>;
}

let worker: Worker | null = null;

async function enqueueScheduled(scheduled: readonly ScheduledJobKind[], now: Date): Promise<void> {
  const database = await db();
  for (const kind of scheduled) {
    try {
      await enqueueNextOccurrence(kind, now, database);
    } catch (err) {
      logger().error({ err, kind: kind.kind.name }, "scheduled job not queued");
    }
  }
}

/**
 * The one background runner of this process (unref'd: it never keeps the process alive), started from startup (never
 * during `next build`): every few seconds it runs the due jobs, and every minute it queues the next occurrence of each
 * scheduled kind. Safe on several instances: claims skip locked rows and occurrences have once-only keys.
 */
export function startJobWorker({ intervalMs = 3_000, handlers, scheduled, scheduleEveryMs = 60_000, limit = 20 }: JobWorkerOptions = {}): () => Promise<void> {
  if (worker) return stopJobWorker;
  let current: Promise<void> | null = null;
  let stopped = false;
  let scheduledAt = Number.NEGATIVE_INFINITY;
  const stopping = new AbortController();
  const all = handlers ?? registeredJobHandlers();
  const schedules = scheduled ?? (handlers ? [] : scheduledJobKinds);
  const tick = () => {
    if (current || stopped) return;
    current = (async () => {
      try {
        const now = Date.now();
        if (schedules.length > 0 && now - scheduledAt >= scheduleEveryMs) {
          scheduledAt = now;
          await enqueueScheduled(schedules, new Date(now));
        }
        // Drain: keep going while full batches come back.
        for (let round = 0; round < 10 && !stopped; round++) {
          const run = await runDueJobs(all, { limit, signal: stopping.signal });
          if (run.claimed < limit) break;
        }
      } catch (err) {
        logger().error({ err }, "job worker run failed");
      } finally {
        current = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  tick();
  worker = {
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort(new Error("the job worker is stopping"));
      await current;
    },
  };
  return stopJobWorker;
}

/** Stops the worker; the promise settles when a run in progress has finished. */
export async function stopJobWorker(): Promise<void> {
  const running = worker;
  worker = null;
  await running?.stop();
}
