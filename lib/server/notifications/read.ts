import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { notifications } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";

/** Marks the viewer's own unread notifications among `ids` read; other members' ids change nothing. Returns how many changed. */
export async function markNotificationsRead(viewer: Viewer, ids: readonly string[], now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await (await db())
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, viewer.userId), inArray(notifications.id, [...new Set(ids)]), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks every unread notification of the viewer read. Returns how many changed. */
export async function markAllNotificationsRead(viewer: Viewer, now = new Date()): Promise<number> {
  const rows = await (await db())
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, viewer.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
