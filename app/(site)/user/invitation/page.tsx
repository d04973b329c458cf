import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { formatDate } from "@/lib/domain/format";
import { requireViewer } from "@/lib/server/auth/gate";
import { inviteesOf } from "@/lib/server/members/invitations";

const REWARD_TEXT = { granted: "已发放 3 天 SVIP", held: "待审核", rejected: "未通过审核", none: "无奖励" } as const;

export const metadata: Metadata = { title: "邀请记录", description: "你邀请的好友及奖励发放情况。", robots: { index: false } };

export default async function InvitationPage() {
  const invitees = await inviteesOf(await requireViewer());
  return (
    <>
      <PageIntro title="邀请记录" />
      {invitees.length === 0 ? (
        <EmptyState title="还没有好友通过你的链接注册" />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {invitees.map((i, n) => (
            <li key={n} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <span className="min-w-0 truncate font-medium">{i.nickname}</span>
              <span className="shrink-0 whitespace-nowrap text-slate-500">{formatDate(i.joinedAt)} · {REWARD_TEXT[i.reward]}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
