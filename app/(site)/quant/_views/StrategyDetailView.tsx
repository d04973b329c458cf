import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { DemoBadge } from "@/components/content/DemoBadge";
import { DataAsOf } from "@/components/site/DataAsOf";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { DrawdownChartLazy } from "@/components/quant/DrawdownChartLazy";
import { FillsTable } from "@/components/quant/FillsTable";
import { FollowButton } from "@/components/quant/FollowButton";
import { MetricsGrid } from "@/components/quant/MetricsGrid";
import { MonthlyReturnsTable } from "@/components/quant/MonthlyReturnsTable";
import { NavChartLazy } from "@/components/quant/NavChartLazy";
import { PositionsTable } from "@/components/quant/PositionsTable";
import { ReplicabilityCard } from "@/components/quant/ReplicabilityCard";
import { StatusBadge } from "@/components/quant/StatusBadge";
import { SimulatedDataBadge } from "@/components/statements/SimulatedDataBadge";
import { UpgradeButton } from "@/components/site/UpgradeButton";
import type { Viewer } from "@/lib/server/auth/viewer";
import { followLimit } from "@/lib/server/quant/access";
import { followedStrategies, followLimitMessage } from "@/lib/server/quant/follows";
import { REALTRADE_DELAY_DAYS } from "@/lib/server/quant/access";
import { strategyDetail } from "@/lib/server/quant/strategies";

const SIMULATED_BENCHMARK = "基准沪深300为模拟行情：尚未同步真实指数（000300.SH）";

/** `/quant?s={guid}`: one strategy — NAV vs 沪深300, drawdowns, monthly returns, metrics, fills, positions. */
export async function StrategyDetailView({ guid, viewer }: { guid: string; viewer: Viewer | null }) {
  const detail = await strategyDetail(viewer, guid);
  if (!detail) notFound();
  const { profile } = detail;
  const following = detail.follow?.following ?? false;
  const followed = viewer && !following ? await followedStrategies(viewer) : null;
  const canFollow = !viewer || following || (followed ? followed.items.length < followLimit(viewer) : true);
  const maxDd = detail.metrics;
  const benchmarkName = detail.benchmarkSimulated ? "沪深300（模拟）" : "沪深300";
  return (
    <>
      <PageIntro
        title={profile.name}
        aside={
          <FollowButton
            strategyGuid={profile.guid}
            following={following}
            canFollow={canFollow}
            limitText={viewer ? followLimitMessage(viewer.userInfo.levelId) : undefined}
            loginHref={viewer ? null : `/login?r=${encodeURIComponent(`/quant?s=${profile.guid}`)}`}
          />
        }
      >
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge status={profile.status} />
          {profile.isDemo ? <DemoBadge /> : null}
          <span>{profile.author} · {profile.style} · 起始 {profile.startDate}</span>
        </span>
      </PageIntro>
      <DataAsOf asOf={detail.asOf} delay={detail.delayed && detail.through ? { who: "非 SVIP 会员", days: REALTRADE_DELAY_DAYS, through: detail.through } : null} />
      <Card className="mb-5">
        <p className="text-sm text-slate-700">{profile.description}</p>
        {profile.status === "backtest" ? (
          <p className="mt-2 text-xs text-amber-700">回测结果由历史数据模拟得出，不是实盘业绩，与实盘记录分开展示、不参与实盘比较。</p>
        ) : null}
        {!detail.ranked ? <p className="mt-2 text-xs text-slate-500">净值记录不足，暂不参与排名；指标仅供参考。</p> : null}
      </Card>

      <Section
        title="净值与沪深300"
        more={profile.isDemo || detail.benchmarkSimulated ? <SimulatedDataBadge title={detail.benchmarkSimulated ? SIMULATED_BENCHMARK : undefined} /> : null}
      >
        <Card>
          <NavChartLazy nav={detail.nav} benchmark={detail.benchmark} benchmarkName={benchmarkName} caption={`${profile.name}净值`} />
          {detail.benchmarkSimulated && !profile.isDemo ? <p className="mt-2 text-xs text-amber-700">{SIMULATED_BENCHMARK}。</p> : null}
        </Card>
      </Section>
      <Section title="核心指标">
        <MetricsGrid metrics={detail.metrics} benchmarkName={benchmarkName} />
      </Section>
      <Section title="回撤">
        <Card>
          <DrawdownChartLazy points={detail.drawdown} peak={maxDd.maxDrawdownPeak} trough={maxDd.maxDrawdownTrough} caption={`${profile.name}回撤`} />
        </Card>
      </Section>
      <Section title="月度收益">
        <MonthlyReturnsTable months={detail.monthly.map((m) => ({ month: m.month, value: m.return }))} />
      </Section>
      <Section title="可复制性">
        <ReplicabilityCard entries={detail.replicability.entries} limitUpEntries={detail.replicability.limitUpEntries} avgNextOpenGap={detail.replicability.avgNextOpenGap} />
      </Section>
      <Section
        title="成交与持仓"
        more={<Link className="text-sm text-brand hover:underline" href="/quant/realtrade">按交易日查看实盘 ›</Link>}
      >
        {detail.delayed ? (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span>成交与持仓延迟 {REALTRADE_DELAY_DAYS} 个交易日显示，SVIP 查看当日。</span>
            <UpgradeButton levelId={200} bannerText="升级SVIP，查看策略当日实盘与信号" className="rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white">
              升级 SVIP
            </UpgradeButton>
          </div>
        ) : null}
        <div className="space-y-4">
          <PositionsTable positions={detail.positions} title={detail.positionsDate ? `持仓 · ${detail.positionsDate}` : "持仓"} emptyText="暂无持仓" />
          <FillsTable fills={detail.fills} showDate title="最近成交" emptyText="暂无成交" />
        </div>
      </Section>
    </>
  );
}
