import "server-only";
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants } from "@/lib/db/schema";
import { EXPIRY_NOTICE_DAYS, expiringRuns, expiryDedupeKey } from "@/lib/domain/expiry";
import type { GrantPeriod } from "@/lib/domain/membership";
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

export interface ExpiryReminderOptions {
  /** 1 hour unless set. */
  intervalMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * Runs the expiry reminder now and then every hour in this process; returns the function that stops it (its promise
 * settles when a run in progress has finished). Safe on several instances at once: the dedupe key makes each
 * reminder once-only.
 */
export function startExpiryReminders({ intervalMs = HOUR_MS, now = () => new Date() }: ExpiryReminderOptions = {}): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    current = (async () => {
      try {
        const created = await notifyExpiringGrants(now());
        if (created > 0) logger().info({ created }, "expiry reminders sent");
      } catch (err) {
        logger().error({ err }, "expiry reminders failed");
      } finally {
        current = null;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
