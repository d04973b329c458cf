import "server-only";
import { notifications } from "@/lib/db/schema";
import { db, type Database } from "@/lib/db";

export interface NewNotification {
  userId: string;
  kind: "referral" | "payment" | "expiry" | "signal" | "system";
  title: string;
  body?: string;
  link?: string;
  /** Once-only key: a second notification with the same key is dropped. */
  dedupeKey?: string;
}

/** Stores a notification for a member (inside the caller's transaction when one is given). */
export async function createNotification(n: NewNotification, tx?: Pick<Database, "insert">): Promise<boolean> {
  const runner = tx ?? (await db());
  const rows = await runner
    .insert(notifications)
    .values({ userId: n.userId, kind: n.kind, title: n.title, body: n.body ?? "", link: n.link ?? null, dedupeKey: n.dedupeKey ?? null })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return rows.length === 1;
}
