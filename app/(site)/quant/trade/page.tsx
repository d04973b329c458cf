import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { getViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "策略跟单", description: "关注的量化策略及其最新信号，支持站内消息与邮件提醒。" };

export default async function FollowPage() {
  const viewer = await getViewer();
  return (
    <>
      <PageIntro title="策略跟单">普通会员可关注 1 个策略，VIP 10 个，SVIP 不限。</PageIntro>
      <EmptyState
        title={viewer ? "你还没有关注任何策略" : "登录后查看你关注的策略"}
        action={<Link href="/quant" className="text-sm text-brand hover:underline">浏览量化策略</Link>}
      >
        关注策略后，新信号会通过站内消息（SVIP 还可选邮件）通知你。
      </EmptyState>
    </>
  );
}
