import "server-only";
import type { z } from "zod";
import type { Database } from "@/lib/db";
import type { JobKind } from "./kind";

type Payload = Record<string, unknown>;

/** One run of a scheduled kind: `id` names it within the kind (a date, an hour), so its key is `<kind>:<id>`. */
export interface Occurrence<S extends z.ZodType<Payload>> {
  id: string;
  runAfter: Date;
  payload: z.input<S>;
}

/** A kind that runs on a schedule: the next occurrence at or after `now`, or null when there is none to queue. */
export interface ScheduledJobKind<S extends z.ZodType<Payload> = z.ZodType<Payload>> {
  kind: JobKind<S>;
  next(now: Date, database?: Database): Promise<Occurrence<S> | null>;
}

export const occurrenceKey = (kindName: string, occurrenceId: string) => `${kindName}:${occurrenceId}`;

/**
 * Queues the next occurrence of a scheduled kind (a future one waits in the table until its time). The key per kind and
 * occurrence makes it once-only however many instances do this at the same moment.
 */
export async function enqueueNextOccurrence<S extends z.ZodType<Payload>>(
  scheduled: ScheduledJobKind<S>,
  now: Date,
  database: Database,
): Promise<Occurrence<S> | null> {
  const occurrence = await scheduled.next(now, database);
  if (!occurrence) return null;
  await scheduled.kind.enqueue(database, {
    dedupeKey: occurrenceKey(scheduled.kind.name, occurrence.id),
    payload: occurrence.payload,
    runAfter: occurrence.runAfter,
  });
  return occurrence;
}
