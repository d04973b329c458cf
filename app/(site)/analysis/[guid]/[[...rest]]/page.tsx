import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EquityCurveLazy } from "@/components/charts/EquityCurveLazy";
import { DemoBadge } from "@/components/content/DemoBadge";
import { DataAsOf } from "@/components/site/DataAsOf";
import { Pagination } from "@/components/content/Pagination";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { LockedBox } from "@/components/site/LockedBox";
import { OwnStatementActions } from "@/components/upload/OwnStatementActions";
import { HoldingDistribution } from "@/components/statements/HoldingDistribution";
import { MonthlyHeatmap } from "@/components/statements/MonthlyHeatmap";
import { PerStockTable } from "@/components/statements/PerStockTable";
import { ProvenanceBadge } from "@/components/statements/ProvenanceBadge";
import { RoundTripTable } from "@/components/statements/RoundTripTable";
import { SkippedRows } from "@/components/statements/SkippedRows";
import type { RoundTripJson } from "@/components/statements/types";
import { StyleMix } from "@/components/statements/StyleMix";
import { SummaryCards } from "@/components/statements/SummaryCards";
import { FeeBasisFact, HkSection, PendingAllotments, UnknownOpenings, UnreconciledFills } from "@/components/statements/StatementFindings";
import { firstParam, isPageIndex, type SearchParamsRecord } from "@/lib/domain/route-params";
import { parseAnalysisFilter } from "@/lib/domain/statements/analysis-filter";
import { FREE_SAMPLE_DELAY_DAYS, statementDelayNote } from "@/lib/domain/statements/visibility";
import { getViewer } from "@/lib/server/auth/viewer";
import { validatedParams } from "@/lib/server/routing";
import { analysisPage } from "@/lib/server/statements/analysis-page";

type Props = { params: Promise<{ guid: string; rest?: string[] }>; searchParams: Promise<SearchParamsRecord> };

/** 全部交易 shows this many round trips a page (`?page=N`, page 1 without it). */
const TRIPS_PER_PAGE = 50;

/** The page of 全部交易 asked for: a page number in plain digits, else the first; past the last, the last. */
function tripPage(value: string, total: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / TRIPS_PER_PAGE));
  return { page: Math.min(isPageIndex(value) ? Number(value) : 1, pages), pages };
}

const TABS = { overview: "概览", monthly: "月度", stocks: "个股", holding: "持股周期", style: "风格", trades: "全部交易" } as const;
type Tab = keyof typeof TABS;
const FILTER_LABELS: Record<string, string> = { win: "盈利", loss: "亏损", main: "主板", gem: "创业板", star: "科创板", bj: "北交所" };

async function load(params: Props["params"]) {
  const { guid, rest = [] } = await params;
  const p = validatedParams("analysis", ["analysis", guid, ...rest]);
  const data = await analysisPage(await getViewer(), guid, parseAnalysisFilter(p.secondtype));
  if (!data) notFound();
  return { data, tab: (p.firsttype ?? "overview") as Tab, filter: p.secondtype ?? null };
}

function subjectName(data: Awaited<ReturnType<typeof load>>["data"]): string {
  return data.subject.kind === "master" ? data.subject.name : data.subject.title || data.subject.fileName;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { data, tab } = await load(params);
  const name = subjectName(data);
  return {
    title: `${name}交割单分析 - ${TABS[tab]}`,
    description: `${name}的交割单统计：胜率、盈亏比、持股天数、月度盈亏与交易风格。`,
    robots: data.subject.kind === "statement" ? { index: false } : undefined,
  };
}

export default async function AnalysisPage({ params, searchParams }: Props) {
  const { data, tab, filter } = await load(params);
  const requestedPage = firstParam((await searchParams).page, 8);
  const { subject, analysis, findings } = data;
  const aTrips = analysis.roundTrips.filter((t) => t.market !== "HK");
  const hasNotes = findings.unknownOpenings.length + findings.pendingAllotments.length + findings.unreconciled.length > 0;
  const root = `/analysis/${subject.kind === "master" ? subject.guid : subject.id}`;
  const years = [...new Set(analysis.roundTrips.map((t) => t.closeDate?.slice(0, 4)).filter(Boolean) as string[])].sort().reverse();
  const tabHref = (t: Tab) => (filter ? `${root}/${t}/${filter}` : t === "overview" ? root : `${root}/${t}`);
  const filterHref = (f: string | null) => (f ? `${root}/${tab}/${f}` : tabHref(tab));
  const filters = [...years, "win", "loss", "main", "gem", "star", "bj"];
  const hasData = analysis.fills.length > 0;
  return (
    <>
      <PageIntro title={`${subjectName(data)} · 交割单分析`}>
        {subject.kind === "master" ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            {subject.isDemo ? <DemoBadge /> : null}
            <Link className="text-brand hover:underline" href={`/detail/${subject.guid}`}>查看逐日交割单</Link>
          </span>
        ) : (
          <span>
            {subject.formatLabel} · {subject.isOwn ? (subject.isPublic ? "已公开" : "仅自己可见") : `来自 ${subject.ownerNickname}`}
          </span>
        )}
      </PageIntro>
      {subject.kind === "master" ? (
        <DataAsOf
          asOf={subject.asOf}
          delay={statementDelayNote({ fullAccess: subject.fullAccess, masterDelayDays: subject.delayDays, through: subject.through })}
        />
      ) : null}

      <nav aria-label="分析视图" className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1">
        {(Object.keys(TABS) as Tab[]).map((t) => (
          <Link key={t} href={tabHref(t)} aria-current={t === tab ? "page" : undefined}
            className={`shrink-0 rounded-full px-4 py-2 text-sm ${t === tab ? "bg-brand text-white" : "border border-slate-200 bg-white text-slate-600"}`}>
            {TABS[t]}
          </Link>
        ))}
      </nav>
      <nav aria-label="筛选" className="-mx-1 mb-5 flex gap-1.5 overflow-x-auto px-1 pb-1 text-xs">
        <Link href={filterHref(null)} aria-current={!filter ? "page" : undefined}
          className={`shrink-0 rounded px-2.5 py-1 ${!filter ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-600"}`}>全部</Link>
        {filters.map((f) => (
          <Link key={f} href={filterHref(f)} aria-current={f === filter ? "page" : undefined}
            className={`shrink-0 rounded px-2.5 py-1 ${f === filter ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-600"}`}>
            {FILTER_LABELS[f] ?? `${f}年`}
          </Link>
        ))}
      </nav>

      {!hasData ? (
        subject.kind === "master" && !subject.fullAccess ? (
          <LockedBox title="这位大神的交割单仅对 VIP 开放">免费查看 {FREE_SAMPLE_DELAY_DAYS} 个交易日之前的交割单；升级 VIP 查看完整分析。</LockedBox>
        ) : (
          <EmptyState title={filter ? "没有符合筛选条件的交易" : "暂无可分析的交割单"}>导入交割单后可查看累计盈亏曲线、胜率、盈亏比、月度与个股盈亏。</EmptyState>
        )
      ) : (
        <>
          {tab === "overview" ? (
            <>
              <Section title={findings.hk ? "核心数据 · A 股" : "核心数据"}><SummaryCards summary={analysis.summary} /></Section>
              <Section title="累计已实现盈亏">
                <Card>
                  {analysis.equityCurve.length ? <EquityCurveLazy points={analysis.equityCurve} /> : <p className="text-sm text-slate-500">还没有平仓的交易。</p>}
                </Card>
              </Section>
            </>
          ) : null}
          {tab === "monthly" ? <Section title="月度盈亏"><MonthlyHeatmap rows={analysis.monthly} /></Section> : null}
          {tab === "stocks" ? <Section title="个股盈亏"><PerStockTable rows={analysis.perStock} /></Section> : null}
          {tab === "holding" ? (
            <Section title="持股周期分布"><HoldingDistribution rows={analysis.holding.map((h) => ({ bucket: h.label, count: h.count, pnl: h.pnl }))} /></Section>
          ) : null}
          {tab === "style" ? (
            <Section title="交易风格">
              <StyleMix
                entries={analysis.style.entries}
                timeOfDay={analysis.style.timeOfDay.map((t) => ({ bucket: t.label, count: t.count }))}
                boards={analysis.style.boards.map((b) => ({ board: b.board, count: b.roundTrips, pnl: b.pnl }))}
              />
            </Section>
          ) : null}
          {tab === "trades" ? (
            <Section title={`全部交易回合（${aTrips.length}）`}>
              <TripPages
                trips={aTrips}
                requested={requestedPage}
                base={tabHref("trades")}
                hrefFor={subject.kind === "master" ? (t) => `/detail/${subject.guid}/${t.closeDate ?? t.openDate}/${t.code}` : undefined}
              />
            </Section>
          ) : null}
          {findings.hk && !filter && (tab === "overview" || tab === "trades" || tab === "stocks") ? (
            <Section title="港股通">
              <HkSection hk={findings.hk} trips={findings.hk.roundTrips} />
            </Section>
          ) : null}
          {hasNotes && tab === "overview" ? (
            <Section title="数据说明">
              <div className="space-y-3">
                <UnknownOpenings items={findings.unknownOpenings} />
                <PendingAllotments items={findings.pendingAllotments} />
                <UnreconciledFills rows={findings.unreconciled} />
              </div>
            </Section>
          ) : null}
          {analysis.unmatched.length ? (
            <Section title="未能配对的成交">
              <SkippedRows rows={analysis.unmatched.map((u) => ({ line: u.line, reason: `${u.code} ${u.date}：${u.reason}` }))} />
            </Section>
          ) : null}
        </>
      )}

      {subject.kind === "statement" ? (
        <Section title="文件">
          <div className="flex flex-wrap items-center gap-2">
            <ProvenanceBadge provenance={{ kind: "file", fileName: subject.fileName, fileHash: subject.fileHash, importedAt: subject.createdAt.toISOString() }} />
            <span className="text-xs text-slate-600" data-testid="fee-basis-fact">费用：<FeeBasisFact basis={findings.feeBasis} /></span>
          </div>
          {subject.isOwn ? <div className="mt-3"><OwnStatementActions statementId={subject.id} isPublic={subject.isPublic} /></div> : null}
          {subject.skipped.length ? <div className="mt-3"><SkippedRows rows={subject.skipped} /></div> : null}
          {subject.warnings.length ? (
            <ul className="mt-3 list-disc pl-5 text-xs text-amber-800">{subject.warnings.map((w) => <li key={w}>{w}</li>)}</ul>
          ) : null}
        </Section>
      ) : subject.provenance.length ? (
        <Section title="数据来源">
          <div className="flex flex-wrap gap-2">
            {subject.provenance.map((p) => (
              <ProvenanceBadge key={p.id} provenance={p.source === "demo" ? { kind: "editor" } : { kind: "file", fileName: p.fileName, fileHash: p.fileHash, importedAt: p.createdAt.toISOString() }} />
            ))}
          </div>
        </Section>
      ) : null}
    </>
  );
}

/** 全部交易, newest first, 50 round trips a page with 上一页 / 下一页 links (`?page=N`). */
function TripPages({ trips, requested, base, hrefFor }: {
  trips: RoundTripJson[];
  requested: string;
  base: string;
  hrefFor?: (trip: RoundTripJson) => string;
}) {
  const { page, pages } = tripPage(requested, trips.length);
  const newestFirst = [...trips].reverse();
  const shown = newestFirst.slice((page - 1) * TRIPS_PER_PAGE, page * TRIPS_PER_PAGE);
  const from = (page - 1) * TRIPS_PER_PAGE + 1;
  return (
    <>
      <RoundTripTable trips={shown} hrefFor={hrefFor} note={pages > 1 ? `共 ${trips.length} 笔 · 第 ${from}–${from + shown.length - 1} 笔` : undefined} />
      <Pagination base={base} page={page} total={trips.length} pageSize={TRIPS_PER_PAGE} href={(n) => (n === 1 ? base : `${base}?page=${n}`)} />
    </>
  );
}
