import "server-only";
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { grants } from "@/lib/db/schema";
import { EXPIRY_NOTICE_DAYS, expiringRuns, expiryDedupeKey } from "@/lib/domain/expiry";
import type { GrantPeriod } from "@/lib/domain/membership";
import { defineJobKind } from "@/lib/server/jobs/kind";
import type { ScheduledJobKind } from "@/lib/server/jobs/scheduled";
import { logger } from "@/lib/server/logger";
import { enqueueExpiryMail } from "@/lib/server/payments/mail";
import { createNotification } from "./create";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface ExpiryScope {
  /** Only this member (after an administrator changed their grants); every member otherwise. */
  userId?: string;
}

/**
 * Tells members whose level runs out within three days: one notification per run end
 * (`expiry:<userId>:<levelId>:<endDate>`), so running it every hour, on every instance, tells them once.
 * Returns how many notifications were created.
 */
export async function notifyExpiringGrants(now = new Date(), scope: ExpiryScope = {}): Promise<number> {
  const database = await db();
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  // A run ending inside the window ends with a grant that ends inside it.
  const candidates = await database
    .selectDistinct({ userId: grants.userId })
    .from(grants)
    .where(and(gt(grants.endsAt, now), lte(grants.endsAt, horizon), scope.userId ? eq(grants.userId, scope.userId) : undefined));
  let created = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const ids = candidates.slice(i, i + BATCH).map((c) => c.userId);
    // Grants that ended before now cannot extend a run that is still going.
    const rows = await database
      .select({ userId: grants.userId, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt })
      .from(grants)
      .where(and(inArray(grants.userId, ids), gt(grants.endsAt, now)));
    const byUser = new Map<string, GrantPeriod[]>();
    for (const { userId, ...period } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), period]);
    for (const [userId, periods] of byUser) {
      for (const run of expiringRuns(periods, now)) {
        const dedupeKey = expiryDedupeKey(userId, run);
        const isNew = await database.transaction(async (tx) => {
          const fresh = await createNotification(
            {
              userId,
              kind: "expiry",
              title: `你的 ${run.level.levelName} 将于 ${run.endDate} 到期`,
              body:
                run.after.levelId > 0
                  ? `到期后会员等级将变为 ${run.after.levelName}。续费即可继续享有 ${run.level.levelName} 权益。`
                  : `到期后将恢复为${run.after.levelName}。续费即可继续享有 ${run.level.levelName} 权益。`,
              link: "/price",
              dedupeKey,
            },
            tx,
          );
          // The e-mail goes out through the job queue (after commit, retried), unless the member turned it off.
          if (fresh) await enqueueExpiryMail(tx, userId, run.level.levelName, run.endDate, dedupeKey);
          return fresh;
        });
        if (isNew) created++;
      }
    }
  }
  return created;
}

export const EXPIRY_REMINDERS_KIND = "expiry-reminders";

const ExpiryRemindersPayload = z.object({ hour: z.iso.datetime() });

/** One run of the reminder over every member (the notification keys make a second run tell no one twice). */
export const expiryRemindersJob = defineJobKind({
  name: EXPIRY_REMINDERS_KIND,
  payload: ExpiryRemindersPayload,
  async handle(_payload, { now }) {
    const created = await notifyExpiringGrants(now);
    if (created > 0) logger().info({ created }, "expiry reminders sent");
  },
});

/** Hourly, due at the top of each UTC hour: `expiry-reminders:2026-11-27T13`, one run per hour whatever the instances. */
export const hourlyExpiryReminders: ScheduledJobKind<typeof ExpiryRemindersPayload> = {
  kind: expiryRemindersJob,
  async next(now) {
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    return { id: hour.toISOString().slice(0, 13), runAfter: hour, payload: { hour: hour.toISOString() } };
  },
};
