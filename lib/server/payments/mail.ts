import "server-only";
import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { emailOptOuts, users } from "@/lib/db/schema";
import { mailTopicOf, paymentMessage, type PaymentMailData, type PaymentMailKind } from "@/lib/domain/payments/mail-text";
import { logger } from "@/lib/server/logger";
import { deliver } from "@/lib/server/messaging/deliver";
import { createNotification } from "@/lib/server/notifications/create";
import { enqueue, type JobHandler } from "@/lib/server/quant/jobs";

export const PAYMENT_MAIL_KIND = "payment-mail";

type Tx = Pick<Database, "insert">;

/**
 * Tells the member in the site (at once, in the caller's transaction) and by e-mail (a queued job, so the mail goes
 * out only if that transaction commits, and is retried). `dedupeKey` makes both once-only.
 */
export async function notifyPayment(
  tx: Tx,
  userId: string,
  kind: PaymentMailKind,
  data: Omit<PaymentMailData, "siteName" | "siteUrl">,
  dedupeKey: string,
): Promise<void> {
  const cfg = config();
  const message = paymentMessage(kind, { ...data, siteName: cfg.siteName, siteUrl: cfg.siteUrl });
  const fresh = await createNotification(
    { userId, kind: kind === "expiring" ? "expiry" : "payment", title: message.title, body: message.body, link: message.link, dedupeKey },
    tx,
  );
  if (fresh) await enqueue(tx, { kind: PAYMENT_MAIL_KIND, dedupeKey: `mail:${dedupeKey}`, payload: { userId, kind, data } });
}

/** The e-mail job: skipped for members without an e-mail address or who turned that topic off. */
export const handlePaymentMail: JobHandler = async (payload) => {
  const userId = String(payload.userId);
  const kind = payload.kind as PaymentMailKind;
  const database = await db();
  const [user] = await database.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.email) return;
  const topic = mailTopicOf(kind);
  if (topic) {
    const optedOut = await database.select({ topic: emailOptOuts.topic }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
    if (optedOut.some((o) => o.topic === topic)) {
      logger().info({ userId, kind }, "payment e-mail skipped: the member turned this topic off");
      return;
    }
  }
  const cfg = config();
  const message = paymentMessage(kind, { ...(payload.data as Omit<PaymentMailData, "siteName" | "siteUrl">), siteName: cfg.siteName, siteUrl: cfg.siteUrl });
  await deliver({ channel: "email", to: user.email, subject: message.subject, text: message.text });
};

/** The expiry reminder's e-mail (the site notification is made by the expiry reminder itself). */
export async function enqueueExpiryMail(tx: Tx, userId: string, levelName: string, levelEndDate: string, dedupeKey: string): Promise<void> {
  const data: Omit<PaymentMailData, "siteName" | "siteUrl"> = { levelName, planName: levelName, amountFen: 0, levelEndDate };
  await enqueue(tx, { kind: PAYMENT_MAIL_KIND, dedupeKey: `mail:${dedupeKey}`, payload: { userId, kind: "expiring", data } });
}
