import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { NotificationList } from "@/components/notifications/NotificationList";
import { formatDateTime } from "@/lib/domain/format";
import { requireViewer } from "@/lib/server/auth/gate";
import { listNotifications } from "@/lib/server/notifications/unread";

export const metadata: Metadata = { title: "消息通知", description: "策略信号、奖励、支付与会员到期提醒。", robots: { index: false } };

const LIMIT = 50;

export default async function NotifPage() {
  const items = await listNotifications(await requireViewer(), LIMIT);
  return (
    <>
      <PageIntro title="消息通知">未读消息排在最前</PageIntro>
      {items.length === 0 ? (
        <EmptyState title="暂无消息">关注策略的新信号、邀请奖励、支付结果和会员到期提醒会出现在这里。</EmptyState>
      ) : (
        <>
          <NotificationList
            items={items.map((n) => ({
              id: n.id, title: n.title, body: n.body, link: n.link, createdAt: formatDateTime(n.createdAt), read: n.readAt !== null,
            }))}
          />
          {items.length === LIMIT ? <p className="mt-3 text-center text-xs text-slate-500">显示最近的 {LIMIT} 条消息（未读优先）</p> : null}
        </>
      )}
    </>
  );
}
