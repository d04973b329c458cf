"use client";

import Link from "@/components/ui/Link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { notify } from "@/lib/client/toast";
import { submitJson } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";

export interface NotificationView {
  id: string;
  title: string;
  body: string;
  link: string | null;
  /** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
  createdAt: string;
  read: boolean;
}

export const NOTIFICATIONS_API = "/api/user/notifications";

/**
 * The member's notifications, unread first, with 标记已读 per item and 全部已读. After a change the header badge takes
 * the answer's unread count at once, and the page and the badge are re-rendered from the server (router.refresh()).
 */
export function NotificationList({ items }: { items: NotificationView[] }) {
  const router = useRouter();
  const [locallyRead, setLocallyRead] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const isRead = (n: NotificationView) => n.read || locallyRead.has(n.id);
  const unread = items.filter((n) => !isRead(n));

  async function send(payload: { action: "read"; ids: string[] } | { action: "read-all" }, ids: string[], key: string) {
    setBusy(key);
    const result = await submitJson(NOTIFICATIONS_API, payload);
    setBusy(null);
    if (!result.ok) {
      notify({ type: "error", message: result.message });
      return;
    }
    // The header's shared count (swr) loads with the first answer rather than with the page (ADR 0062).
    const unread = result.body.unread;
    void import("./unread-count").then(({ publishUnreadCount }) => publishUnreadCount(unread));
    setLocallyRead((prev) => new Set([...prev, ...ids]));
    startRefresh(() => router.refresh());
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2.5">
        <p className="text-sm text-slate-600" data-testid="unread-summary" aria-live="polite">
          {unread.length > 0 ? `${unread.length} 条未读` : "没有未读消息"}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread.length === 0 || busy !== null || refreshing}
          loading={busy === "all"}
          onClick={() => send({ action: "read-all" }, unread.map((n) => n.id), "all")}
        >
          全部已读
        </Button>
      </div>
      <ul className="divide-y divide-slate-100">
        {items.map((n) => {
          const read = isRead(n);
          return (
            <li
              key={n.id}
              data-testid="notification"
              data-id={n.id}
              data-state={read ? "read" : "unread"}
              className={cn("flex gap-3 px-4 py-3", !read && "bg-blue-50/60")}
            >
              <span
                aria-hidden="true"
                className={cn("mt-2 size-2 shrink-0 rounded-full", read ? "bg-transparent" : "bg-red-600")}
              />
              <div className="min-w-0 flex-1">
                <p className={cn("break-words text-[15px] text-slate-900", !read && "font-semibold")}>
                  {!read ? <span className="sr-only">未读：</span> : null}
                  {n.link ? (
                    <Link prefetch={false} href={n.link} className="hover:text-brand hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                {n.body ? <p className="mt-1 break-words text-sm text-slate-600">{n.body}</p> : null}
                <p className="mt-1 text-xs text-slate-500">{n.createdAt}</p>
              </div>
              {!read ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="shrink-0 self-start text-brand"
                  disabled={busy !== null}
                  loading={busy === n.id}
                  aria-label={`标记已读：${n.title}`}
                  onClick={() => send({ action: "read", ids: [n.id] }, [n.id], n.id)}
                >
                  标记已读
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
