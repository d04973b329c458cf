import { AuditBadge } from "@/components/statements/AuditBadge";
import { AuditFailures } from "@/components/statements/AuditFailures";
import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { DemoBadge } from "@/components/content/DemoBadge";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { DataAsOf } from "@/components/site/DataAsOf";
import { LockedBox } from "@/components/site/LockedBox";
import { AnalysisSections } from "@/components/statements/AnalysisSections";
import { MasterSourcesSection, StatementFileSection } from "@/components/statements/StatementSources";
import { LinkTabs } from "@/components/ui/LinkTabs";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { parseAnalysisFilter } from "@/lib/domain/statements/analysis-filter";
import { ANALYSIS_TAB_LABELS, analysisHref, analysisLinks, type AnalysisTab } from "@/lib/domain/statements/analysis-links";
import { FREE_SAMPLE_DELAY_DAYS, statementDelayNote } from "@/lib/domain/statements/visibility";
import { getViewer } from "@/lib/server/auth/viewer";
import { renderIsForTheCache } from "@/lib/server/page-render";
import { validatedParams } from "@/lib/server/routing";
import { analysisPage } from "@/lib/server/statements/analysis-page";
import { JsonLd } from "@/components/content/JsonLd";
import { config } from "@/lib/config";
import { breadcrumbJsonLd } from "@/lib/domain/seo";

type Props = { params: Promise<{ guid: string; rest?: string[] }>; searchParams: Promise<SearchParamsRecord> };

async function load(params: Props["params"]) {
  const { guid, rest = [] } = await params;
  const p = validatedParams("analysis", ["analysis", guid, ...rest]);
  const viewer = await getViewer();
  const tab = (p.firsttype ?? "overview") as AnalysisTab;
  const data = await analysisPage(viewer, guid, parseAnalysisFilter(p.secondtype), { plays: tab === "plays" });
  // A member's statement shows its owner their own controls and hides a private one from everyone else: never the
  // same page for a whole access class, so the class render for the cache (ADR 0067) keeps none of it. Nor does the
  // visitor's render for the cache: a member's writes move no data version (ADR 0071), so nothing would retire it.
  if (!data || (data.subject.kind === "statement" && (await renderIsForTheCache(viewer)))) notFound();
  return { data, tab, filter: p.secondtype ?? null };
}

function subjectName(data: Awaited<ReturnType<typeof load>>["data"]): string {
  return data.subject.kind === "master" ? data.subject.name : data.subject.title || data.subject.fileName;
}

const seoSite = () => {
  const { siteUrl, siteName } = config();
  return { siteUrl, siteName };
};

/** What each view of a master's analysis shows, for its description (each tab is a page of its own, docs/adr/0082). */
const TAB_DESCRIPTIONS: Record<AnalysisTab, string> = {
  overview: "胜率、盈亏比、平均持股天数与累计盈亏曲线",
  monthly: "每月盈亏、胜率与交易次数",
  stocks: "每只股票的交易次数、胜率与盈亏",
  holding: "持股天数分布与各周期的盈亏",
  style: "打板、低吸、半路等交易风格的占比与盈亏",
  plays: "每种打法的次数、胜率、平均与累计盈亏、打板次日溢价与炸板率",
  trades: "全部交易回合的买卖日期、价格与盈亏",
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { data, tab, filter } = await load(params);
  const name = subjectName(data);
  const root = `/analysis/${data.subject.kind === "master" ? data.subject.guid : data.subject.id}`;
  // a filter (盈利/亏损, a board, a year) is a view of its tab, not a page to index; 概览 is the root itself
  const variant = filter !== null;
  return {
    title: `${name}交割单分析 - ${ANALYSIS_TAB_LABELS[tab]}`,
    description: `${name}的交割单${ANALYSIS_TAB_LABELS[tab]}：${TAB_DESCRIPTIONS[tab]}。`,
    alternates: { canonical: analysisHref(root, tab, null) },
    robots: data.subject.kind === "statement" || variant ? { index: false, follow: true } : undefined,
  };
}

export default async function AnalysisPage({ params, searchParams }: Props) {
  const { data, tab, filter } = await load(params);
  const { subject, analysis, findings, audit, plays } = data;
  const root = `/analysis/${subject.kind === "master" ? subject.guid : subject.id}`;
  const links = analysisLinks(root, tab, filter, analysis.roundTrips.map((t) => t.closeDate));
  return (
    <>
      <PageIntro title={`${subjectName(data)} · 交割单分析`}>
        {subject.kind === "master" ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            {subject.isDemo ? <DemoBadge /> : null}
            <Link className="text-brand hover:underline" href={`/detail/${subject.guid}`}>查看逐日交割单</Link>
            {/* the demo's fills are checked against its own 模拟行情: no evidence of anything real */}
            {subject.isDemo ? null : <AuditBadge audit={audit} />}
          </span>
        ) : (
          <span className="inline-flex flex-wrap items-center gap-2">
            <span>{subject.formatLabel} · {subject.isOwn ? (subject.isPublic ? "已公开" : "仅自己可见") : `来自 ${subject.ownerNickname}`}</span>
            <AuditBadge audit={audit} />
          </span>
        )}
      </PageIntro>
      {subject.kind === "master" ? (
        <DataAsOf
          asOf={subject.asOf}
          delay={statementDelayNote({ fullAccess: subject.fullAccess, masterDelayDays: subject.delayDays, through: subject.through })}
        />
      ) : null}

      <LinkTabs label="分析视图" scrolls className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1" items={links.tabs} />
      <LinkTabs label="筛选" look="chip" scrolls className="-mx-1 mb-5 flex gap-1.5 overflow-x-auto px-1 pb-1 text-xs" items={links.filters} />

      {analysis.fills.length > 0 ? (
        <AnalysisSections
          tab={tab}
          analysis={analysis}
          findings={findings}
          filtered={!!filter}
          plays={plays}
          trades={{
            requested: firstParam((await searchParams).page, 8),
            base: analysisHref(root, "trades", filter),
            masterGuid: subject.kind === "master" ? subject.guid : null,
          }}
        />
      ) : subject.kind === "master" && !subject.fullAccess ? (
        <LockedBox title="这位大神的交割单仅对 VIP 开放">免费查看 {FREE_SAMPLE_DELAY_DAYS} 个交易日之前的交割单；升级 VIP 查看完整分析。</LockedBox>
      ) : (
        <EmptyState title={filter ? "没有符合筛选条件的交易" : "暂无可分析的交割单"}>导入交割单后可查看累计盈亏曲线、胜率、盈亏比、月度与个股盈亏。</EmptyState>
      )}

      <AuditFailures failures={audit.failures} />
      {subject.kind === "master" ? (
        <JsonLd
          data={breadcrumbJsonLd(seoSite(), [
            { name: "首页", path: "/" },
            { name: "大神交割单", path: "/list/god" },
            { name: subject.name, path: `/detail/${subject.guid}` },
            { name: `交割单分析 - ${ANALYSIS_TAB_LABELS[tab]}`, path: analysisHref(root, tab, null) },
          ])}
        />
      ) : null}
      {subject.kind === "statement" ? <StatementFileSection statement={subject} feeBasis={findings.feeBasis} /> : <MasterSourcesSection sources={subject.provenance} />}
    </>
  );
}
