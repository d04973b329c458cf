import { NextResponse } from "next/server";
import { NOTIFICATIONS_READ_INVALID, NotificationsReadBody } from "@/lib/domain/account/schemas";
import { route } from "@/lib/server/http";
import { markAllNotificationsRead, markNotificationsRead } from "@/lib/server/notifications/read";
import { unreadCount } from "@/lib/server/notifications/unread";

/** The member's unread count, for a page served from the cache of their access class (ADR 0067), which holds none. */
export const GET = route({ name: "unread notifications count", auth: "member" }, async ({ viewer }) =>
  NextResponse.json({ unread: await unreadCount(viewer) }, { headers: { "Cache-Control": "private, no-store" } }),
);

/**
 * Marks the viewer's notifications read: `{action:"read", ids:[…]}` or `{action:"read-all"}`.
 * Answers `{ ok, updated, unread }`; ids of other members' notifications are ignored.
 */
export const POST = route(
  { name: "marking notifications read", auth: "member", body: NotificationsReadBody, invalidMessage: NOTIFICATIONS_READ_INVALID },
  async ({ viewer, body }) => {
    const updated = body.action === "read-all" ? await markAllNotificationsRead(viewer) : await markNotificationsRead(viewer, body.ids);
    return NextResponse.json({ ok: true, updated, unread: await unreadCount(viewer) }, { headers: { "Cache-Control": "no-store" } });
  },
);
