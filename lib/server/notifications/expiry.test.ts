import { eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { jobs, notifications } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { enqueueNextOccurrence } from "@/lib/server/jobs/scheduled";
import { startJobWorker } from "@/lib/server/jobs/worker";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { PAYMENT_MAIL_KIND } from "@/lib/server/payments/mail";
import { EXPIRY_REMINDERS_KIND, expiryRemindersJob, hourlyExpiryReminders } from "./expiry";

process.env.LOG_LEVEL = "silent";
const DAY = 86_400_000;

let serial = 0;
const newMember = () => createUser({ email: `expiry${++serial}@example.com` });
const notificationsOf = async (userId: string) => (await db()).select().from(notifications).where(eq(notifications.userId, userId));
// the reminder's e-mails are queued as payment-mail jobs: not sent here
const handlers = { [EXPIRY_REMINDERS_KIND]: expiryRemindersJob.run, [PAYMENT_MAIL_KIND]: async () => undefined };

describeOnEachEngine("notifications: the hourly expiry reminders, a scheduled job", () => {
  it("queues each hour once however many instances schedule it, due at the top of the hour", async () => {
    const database = await db();
    const at = new Date("2026-11-22T02:17:30Z");
    await Promise.all([1, 2, 3].map(() => enqueueNextOccurrence(hourlyExpiryReminders, at, database)));
    await enqueueNextOccurrence(hourlyExpiryReminders, new Date("2026-11-22T02:59:59Z"), database);
    const queued = await database.select().from(jobs).where(eq(jobs.kind, EXPIRY_REMINDERS_KIND));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ dedupeKey: "expiry-reminders:2026-11-22T02", payload: { hour: "2026-11-22T02:00:00.000Z" } });
    expect(queued[0]!.runAfter.toISOString()).toBe("2026-11-22T02:00:00.000Z");
    await enqueueNextOccurrence(hourlyExpiryReminders, new Date("2026-11-22T03:00:00Z"), database);
    expect(await database.select().from(jobs).where(eq(jobs.kind, EXPIRY_REMINDERS_KIND))).toHaveLength(2);
  });

  it("a run tells the members whose level runs out; the next hour's run tells no one twice", async () => {
    const database = await db();
    await database.update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt)); // the earlier test's hours
    const now = new Date(Date.now() + 400 * DAY);
    const member = await newMember();
    await grantDays({ userId: member.id, levelId: 200, days: 1, source: "admin", sourceKey: `t:${member.id}:1`, now });
    await enqueueNextOccurrence(hourlyExpiryReminders, now, database);
    expect(await runDueJobs(handlers, { now })).toMatchObject({ done: 1, failed: 0 });
    expect(await notificationsOf(member.id)).toHaveLength(1);
    const [told] = await notificationsOf(member.id);
    expect(await database.select().from(jobs).where(eq(jobs.dedupeKey, `mail:${told!.dedupeKey}`))).toMatchObject([{ kind: PAYMENT_MAIL_KIND }]);
    const nextHour = new Date(now.getTime() + 3_600_000);
    await enqueueNextOccurrence(hourlyExpiryReminders, nextHour, database);
    expect(await runDueJobs(handlers, { now: nextHour })).toMatchObject({ done: 2, failed: 0 }); // the hour and the e-mail
    expect(await notificationsOf(member.id)).toHaveLength(1);
  });

  it("the job worker queues and runs it at start, and nothing after it is stopped", async () => {
    const member = await newMember();
    await grantDays({ userId: member.id, levelId: 200, days: 1, source: "admin", sourceKey: `t:${member.id}:1`, now: new Date() });
    const stop = startJobWorker({ intervalMs: 20, handlers, scheduled: [hourlyExpiryReminders] });
    try {
      for (let i = 0; i < 500 && (await notificationsOf(member.id)).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await notificationsOf(member.id)).toHaveLength(1);
    } finally {
      await stop();
    }
    const later = await newMember();
    await grantDays({ userId: later.id, levelId: 200, days: 1, source: "admin", sourceKey: `t:${later.id}:1`, now: new Date() });
    await new Promise((r) => setTimeout(r, 80));
    expect(await notificationsOf(later.id)).toHaveLength(0);
  });
});
