import "server-only";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { notifications } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";

export async function unreadCount(viewer: Viewer | null): Promise<number> {
  if (!viewer) return 0;
  const [row] = await (await db())
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, viewer.userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export type NotificationItem = typeof notifications.$inferSelect;

/** The viewer's own notifications, unread first. */
export async function listNotifications(viewer: Viewer, limit = 50): Promise<NotificationItem[]> {
  return (await db())
    .select()
    .from(notifications)
    .where(eq(notifications.userId, viewer.userId))
    .orderBy(desc(isNull(notifications.readAt)), desc(notifications.createdAt))
    .limit(limit);
}
