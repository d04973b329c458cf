import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { emailOptOuts } from "@/lib/db/schema";
import { EMAIL_TOPICS, type EmailTopic } from "@/lib/domain/payments/types";
import type { Viewer } from "@/lib/server/auth/viewer";

async function optOutsOfUser(userId: string): Promise<EmailTopic[]> {
  const rows = await (await db()).select({ topic: emailOptOuts.topic }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  return EMAIL_TOPICS.filter((t) => rows.some((r) => r.topic === t));
}

/** The topics the viewer turned off. */
export async function emailOptOutsOf(viewer: Viewer): Promise<EmailTopic[]> {
  return optOutsOfUser(viewer.userId);
}

/** Turns one of the viewer's own e-mail topics on or off; answers the topics now off. */
export async function setEmailSubscribed(viewer: Viewer, topic: EmailTopic, subscribed: boolean): Promise<EmailTopic[]> {
  const userId = viewer.userId;
  const database = await db();
  if (subscribed) {
    await database.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.topic, topic)));
  } else {
    await database.insert(emailOptOuts).values({ userId, topic }).onConflictDoNothing();
  }
  return optOutsOfUser(userId);
}

/** Whether a member turned a topic off (read by senders outside the payment module, e.g. signal e-mails). */
export async function isOptedOut(userId: string, topic: EmailTopic): Promise<boolean> {
  const [row] = await (await db())
    .select({ topic: emailOptOuts.topic })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.topic, topic)))
    .limit(1);
  return Boolean(row);
}
