import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { FollowButton } from "@/components/quant/FollowButton";
import { NotifyPrefs } from "@/components/quant/NotifyPrefs";
import { SignalList } from "@/components/quant/SignalList";
import { StrategySection } from "@/components/quant/StrategySection";
import { UpgradeButton } from "@/components/site/UpgradeButton";
import { getViewer } from "@/lib/server/auth/viewer";
import { followedStrategies } from "@/lib/server/quant/follows";

export const metadata: Metadata = { title: "策略跟单", description: "关注的量化策略及其最新信号，支持站内消息与邮件提醒。" };

const LIMIT_TEXT: Record<number, string> = { 0: "普通会员可关注 1 个策略", 100: "VIP 可关注 10 个策略", 200: "SVIP 关注不限" };

export default async function FollowPage() {
  const viewer = await getViewer();
  const followed = viewer ? await followedStrategies(viewer) : null;
  const level = viewer?.userInfo.levelId ?? 0;
  return (
    <>
      <PageIntro title="策略跟单">普通会员可关注 1 个策略，VIP 10 个，SVIP 不限；新信号通过站内消息通知，SVIP 还可选邮件。</PageIntro>
      {!viewer ? (
        <EmptyState title="登录后查看你关注的策略" action={<Link href="/login?r=%2Fquant%2Ftrade" className="text-sm text-brand hover:underline">登录 / 注册</Link>}>
          关注策略后，新信号会通过站内消息（SVIP 还可选邮件）通知你。
        </EmptyState>
      ) : !followed || followed.items.length === 0 ? (
        <EmptyState title="你还没有关注任何策略" action={<Link href="/quant" className="text-sm text-brand hover:underline">浏览量化策略</Link>}>
          {LIMIT_TEXT[level] ?? ""}。关注后，新信号会出现在这里和站内消息中。
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600" data-testid="follow-count">
            已关注 {followed.items.length} 个策略 · {LIMIT_TEXT[level] ?? ""}
          </p>
          {followed.note ? (
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <span>{followed.note}</span>
              <UpgradeButton levelId={200} bannerText="升级SVIP，实时接收策略信号" className="rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white">升级 SVIP</UpgradeButton>
            </div>
          ) : null}
          {followed.items.map((s) => (
            <StrategySection key={s.guid} strategy={s} action={<FollowButton strategyGuid={s.guid} following canFollow />}>
              <SignalList signals={s.signals} title={<Link className="hover:text-brand" href={`/quant?s=${s.guid}`}>最新信号</Link>} emptyText="暂无可查看的信号" />
            </StrategySection>
          ))}
          <Section title="提醒方式">
            <NotifyPrefs
              items={followed.items.map((s) => ({ strategyGuid: s.guid, name: s.name, email: s.emailSignals, href: `/quant?s=${s.guid}` }))}
              emailAddress={viewer.userInfo.email || null}
              bindEmailHref="/user/account"
            />
          </Section>
        </>
      )}
    </>
  );
}
