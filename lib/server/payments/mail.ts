import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { mailTopicOf, paymentMessage, type PaymentMailData, type PaymentMailKind } from "@/lib/domain/payments/mail-text";
import { defineJobKind } from "@/lib/server/jobs/kind";
import { logger } from "@/lib/server/logger";
import { deliver } from "@/lib/server/messaging/deliver";
import { mayMessage } from "@/lib/server/messaging/opt-outs";
import { createNotification } from "@/lib/server/notifications/create";

export const PAYMENT_MAIL_KIND = "payment-mail";

type Tx = Pick<Database, "insert">;
type MailData = Omit<PaymentMailData, "siteName" | "siteUrl">;

const PAYMENT_MAIL_KINDS = [
  "payment_succeeded",
  "payment_failed",
  "renewal_succeeded",
  "renewal_failed",
  "refunded",
  "expiring",
  "subscription_canceled",
] as const satisfies readonly PaymentMailKind[];

const PaymentMailPayload = z.object({
  userId: z.string().min(1),
  kind: z.enum(PAYMENT_MAIL_KINDS),
  data: z.object({
    levelName: z.string(),
    planName: z.string(),
    amountFen: z.number(),
    refundedFen: z.number().optional(),
    levelEndDate: z.string().optional(),
    receiptNumber: z.string().optional(),
    failureMessage: z.string().optional(),
    periodEnd: z.string().optional(),
  }) satisfies z.ZodType<MailData>,
});

/** The e-mail of a payment event: skipped for members without an e-mail address or who turned that topic off. */
export const paymentMailJob = defineJobKind({
  name: PAYMENT_MAIL_KIND,
  payload: PaymentMailPayload,
  async handle({ userId, kind, data }) {
    const [user] = await (await db()).select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user?.email) return;
    if (!(await mayMessage(userId, mailTopicOf(kind)))) {
      logger().info({ userId, kind }, "payment e-mail skipped: the member turned this topic off");
      return;
    }
    const message = composePaymentMessage(kind, data);
    await deliver({ channel: "email", to: user.email, subject: message.subject, text: message.text });
  },
});

export const handlePaymentMail = paymentMailJob.run;

function composePaymentMessage(kind: PaymentMailKind, data: MailData) {
  const cfg = config();
  return paymentMessage(kind, { ...data, siteName: cfg.siteName, siteUrl: cfg.siteUrl });
}

/**
 * Tells the member in the site (at once, in the caller's transaction) and by e-mail (a queued job, so the mail goes
 * out only if that transaction commits, and is retried). `dedupeKey` makes both once-only.
 */
export async function notifyPayment(tx: Tx, userId: string, kind: PaymentMailKind, data: MailData, dedupeKey: string): Promise<void> {
  const message = composePaymentMessage(kind, data);
  const fresh = await createNotification(
    { userId, kind: kind === "expiring" ? "expiry" : "payment", title: message.title, body: message.body, link: message.link, dedupeKey },
    tx,
  );
  if (fresh) await paymentMailJob.enqueue(tx, { dedupeKey: `mail:${dedupeKey}`, payload: { userId, kind, data } });
}

/** The expiry reminder's e-mail (the site notification is made by the expiry reminder itself). */
export async function enqueueExpiryMail(tx: Tx, userId: string, levelName: string, levelEndDate: string, dedupeKey: string): Promise<void> {
  await paymentMailJob.enqueue(tx, {
    dedupeKey: `mail:${dedupeKey}`,
    payload: { userId, kind: "expiring", data: { levelName, planName: levelName, amountFen: 0, levelEndDate } },
  });
}
