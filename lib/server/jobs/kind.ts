import "server-only";
import type { z } from "zod";
import type { Database } from "@/lib/db";
import { logger } from "@/lib/server/logger";
import { insertJob, type JobContext, type JobHandler } from "./queue";

type Payload = Record<string, unknown>;

/** A kind of background work: its name (the `jobs.kind` column), the shape of its payload and what running one does. */
export interface JobKindSpec<S extends z.ZodType<Payload>> {
  name: string;
  payload: S;
  handle(payload: z.output<S>, ctx: JobContext): Promise<void>;
}

export interface QueuedJob<S extends z.ZodType<Payload>> {
  /** once-only key: a second job with the same key is dropped */
  dedupeKey: string;
  payload: z.input<S>;
  runAfter?: Date;
}

export interface JobKind<S extends z.ZodType<Payload> = z.ZodType<Payload>> extends JobKindSpec<S> {
  /**
   * Queues one job of this kind in the caller's transaction, its payload checked (and stored as parsed) by the kind's
   * schema; false when the key was queued before.
   */
  enqueue(tx: Pick<Database, "insert">, job: QueuedJob<S>): Promise<boolean>;
  /** The queue's handler: parses the stored payload, then runs `handle`. */
  run: JobHandler;
}

/**
 * The queue's handler for `kind` running `handle`. A stored payload that no longer parses (queued by an older or newer
 * release) fails the job with the first issue as its error; the queue retries it with backoff like any failure, so an
 * instance of the release that queued it can still take it during a rolling deploy.
 */
export function jobHandlerOf<S extends z.ZodType<Payload>>(kind: Pick<JobKindSpec<S>, "name" | "payload">, handle: JobKindSpec<S>["handle"]): JobHandler {
  return async (stored, ctx) => {
    const parsed = kind.payload.safeParse(stored);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
      logger().error({ kind: kind.name, issues: parsed.error.issues, attempt: ctx.attempt }, `stored ${kind.name} payload does not parse: the job fails`);
      throw new Error(`invalid ${kind.name} payload: ${issue?.message ?? "?"}${where}`);
    }
    await handle(parsed.data, ctx);
  };
}

export function defineJobKind<S extends z.ZodType<Payload>>(spec: JobKindSpec<S>): JobKind<S> {
  return {
    ...spec,
    enqueue: async (tx, { dedupeKey, payload, runAfter }) =>
      insertJob(tx, { kind: spec.name, dedupeKey, payload: spec.payload.parse(payload), ...(runAfter ? { runAfter } : {}) }),
    run: jobHandlerOf(spec, (payload, ctx) => spec.handle(payload, ctx)),
  };
}
