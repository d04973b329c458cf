import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { formatDateTime } from "@/lib/domain/format";
import { requireViewer } from "@/lib/server/auth/gate";
import { listNotifications } from "@/lib/server/notifications/unread";

export const metadata: Metadata = { title: "消息通知", description: "策略信号、奖励、支付与会员到期提醒。", robots: { index: false } };

export default async function NotifPage() {
  const items = await listNotifications(await requireViewer());
  return (
    <>
      <PageIntro title="消息通知" />
      {items.length === 0 ? (
        <EmptyState title="暂无消息">关注策略的新信号、邀请奖励、支付结果和会员到期提醒会出现在这里。</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {items.map((n) => (
            <li key={n.id} className={`px-4 py-3 ${n.readAt ? "" : "bg-blue-50/50"}`}>
              <p className="font-medium text-slate-900">{n.link ? <Link href={n.link}>{n.title}</Link> : n.title}</p>
              {n.body ? <p className="mt-1 text-sm text-slate-600">{n.body}</p> : null}
              <p className="mt-1 text-xs text-slate-400">{formatDateTime(n.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
