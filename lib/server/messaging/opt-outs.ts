import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { emailOptOuts } from "@/lib/db/schema";
import type { EmailTopic } from "@/lib/domain/payments/types";

/**
 * Whether a member may be sent an e-mail on `topic`: false when they turned that topic off (/user/unsubscribe). A null
 * topic is a message no one can turn off (a receipt, a refund, a failed first payment). Every sender of optional mail
 * asks here.
 */
export async function mayMessage(userId: string, topic: EmailTopic | null): Promise<boolean> {
  if (topic === null) return true;
  const [optedOut] = await (await db())
    .select({ topic: emailOptOuts.topic })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.topic, topic)))
    .limit(1);
  return !optedOut;
}
