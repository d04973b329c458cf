import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { requireViewer } from "@/lib/server/auth/gate";

export const metadata: Metadata = { title: "我的订阅", description: "会员等级、到期日、自动续费、订单与收据。", robots: { index: false } };

export default async function SubscriptionPage() {
  const { userInfo } = await requireViewer();
  return (
    <>
      <PageIntro title="我的订阅" />
      <Card className="mb-6">
        <p className="text-sm text-slate-500">当前等级</p>
        <p className="mt-1 text-xl font-semibold" data-testid="level-name">{userInfo.levelName}</p>
        <p className="mt-1 text-sm text-slate-600">{userInfo.levelEndDate ? `有效期至 ${userInfo.levelEndDate}` : "免费会员长期有效"}</p>
        <Link href="/price" className="mt-4 inline-flex h-10 items-center rounded-lg bg-brand px-4 text-sm font-medium text-white">升级会员</Link>
      </Card>
      <Section title="订单记录">
        <EmptyState title="暂无订单" />
      </Section>
    </>
  );
}
