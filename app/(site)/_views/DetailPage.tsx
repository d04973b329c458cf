import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { JsonLd } from "@/components/content/JsonLd";
import { config } from "@/lib/config";
import { masterSeo, personJsonLd } from "@/lib/domain/seo";
import { notFound } from "next/navigation";
import { KLineChartLazy } from "@/components/charts/KLineChartLazy";
import { NoMarketData } from "@/components/charts/NoMarketData";
import { UnavailablePeriodTab } from "@/components/charts/UnavailablePeriodTab";
import { klineChartProps } from "@/components/charts/kline-props";
import { DemoBadge } from "@/components/content/DemoBadge";
import { DataAsOf } from "@/components/site/DataAsOf";
import { EmptyState } from "@/components/content/EmptyState";
import { MasterAvatar } from "@/components/content/MasterList";
import { Card, Section } from "@/components/content/PageIntro";
import { DayChips } from "@/components/masters/DayChips";
import { DayJump } from "@/components/masters/DayJump";
import { RoundTripCard } from "@/components/masters/RoundTripCard";
import { LockedBox } from "@/components/site/LockedBox";
import { FillTable } from "@/components/statements/FillTable";
import { AuditBadge } from "@/components/statements/AuditBadge";
import { AuditFailures } from "@/components/statements/AuditFailures";
import { ProvenanceBadge } from "@/components/statements/ProvenanceBadge";
import { SimulatedDataBadge } from "@/components/statements/SimulatedDataBadge";
import { PlaysSummary } from "@/components/statements/PlaysSummary";
import { SummaryCards } from "@/components/statements/SummaryCards";
import { packDays } from "@/lib/domain/packed-days";
import type { RouteParams } from "@/lib/domain/routes";
import { FREE_SAMPLE_DELAY_DAYS, statementDelayNote } from "@/lib/domain/statements/visibility";
import { getViewer } from "@/lib/server/auth/viewer";
import { listArticles } from "@/lib/server/content/articles";
import { findMaster } from "@/lib/server/content/masters";
import { marketDataSetupFor } from "@/lib/server/market/setup";
import { masterDetail } from "@/lib/server/statements/detail";
import { displayCode } from "@/lib/domain/market/codes";

const PERIODS = [
  { id: "day", label: "日K" },
  { id: "week", label: "周K" },
  { id: "min", label: "分时" },
] as const;

/** Why 分时 cannot be chosen: the site has daily bars only (market data imports are daily, `import:bars`). */
const MINUTE_UNAVAILABLE = "分时数据暂未接入：本站目前只有日线行情，尚无分钟级行情。";

/** One master (`/detail/{guid}/…`, also `/test/{guid}/…`): profile, trading days, fills and the chart with B/S markers. */
export async function DetailPage({ params, base = "/detail" }: { params: RouteParams; base?: string }) {
  const symbolParam = params.symbol?.slice(0, 6);
  const detail = await masterDetail(await getViewer(), params.guid!, params.date, symbolParam);
  if (!detail) notFound();
  const { master } = detail;
  const period = (params.charttype ?? "day") as "day" | "week" | "min";
  const root = `${base}/${master.guid}`;
  const viewer = await getViewer();
  const related = await listArticles({ type: "interpret", pageSize: 3, viewer });
  const cfg = config();
  return (
    <>
      <JsonLd data={personJsonLd({ siteUrl: cfg.siteUrl, siteName: cfg.siteName }, { ...master, lastTradeDate: detail.days[0] ?? null })} />
      <Card className="mb-5">
        <div className="flex items-center gap-4">
          <MasterAvatar name={master.name} avatarUrl={master.avatarUrl} size={64} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold">{master.name}</h1>
              {master.isDemo ? <DemoBadge /> : null}
            </div>
            <p className="mt-1 text-sm text-slate-600">{master.bio}</p>
            <div className="mt-2 flex flex-wrap gap-1">
              {master.styleTags.map((t) => (
                <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t}</span>
              ))}
            </div>
          </div>
        </div>
        {detail.provenance.length ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {detail.provenance.map((p) => (
              <ProvenanceBadge key={p.id} provenance={p.source === "demo" ? { kind: "editor" } : { kind: "file", fileName: p.fileName, fileHash: p.fileHash, importedAt: p.createdAt.toISOString() }} />
            ))}
            {/* the demo's fills are checked against its own 模拟行情: no evidence of anything real */}
            {master.isDemo ? null : <AuditBadge audit={detail.audit} />}
            {master.delayDays > 0 ? <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">延迟 {master.delayDays} 个交易日公开</span> : null}
          </div>
        ) : null}
      </Card>
      <DataAsOf
        asOf={detail.asOf}
        delay={statementDelayNote({ fullAccess: detail.fullAccess, masterDelayDays: master.delayDays, through: detail.through })}
      />

      {detail.summary.roundTrips > 0 || detail.summary.openPositions > 0 ? (
        <Section title="核心数据" more={<Link className="text-sm text-brand hover:underline" href={`/analysis/${master.guid}`}>完整分析 ›</Link>}>
          <SummaryCards summary={detail.summary} compact />
        </Section>
      ) : null}

      <AuditFailures failures={detail.audit.failures} />

      {detail.days.length === 0 ? (
        detail.lockedDays > 0 ? (
          <LockedBox title="最新交割单仅对 VIP 开放">免费查看 {FREE_SAMPLE_DELAY_DAYS} 个交易日之前的交割单；这位大神的 {detail.lockedDays} 个交易日仅 VIP 可看。</LockedBox>
        ) : (
          <EmptyState title="该大神暂无已公开的交割单">交割单导入并公开后，这里按交易日展示成交明细、K线买卖点与完整的交易回合。</EmptyState>
        )
      ) : (
        <>
          <Section title="交易日" more={<DayJump value={detail.day} days={packDays(detail.days)} hrefTemplate={`${root}/{date}`} />}>
            <DayChips root={root} days={packDays(detail.days.slice(0, 20))} current={detail.day} label="最近交易日" />
            {!detail.fullAccess && detail.lockedDays > 0 ? (
              <p className="mt-2 text-xs text-slate-500">
                还有 {detail.lockedDays} 个更新的交易日仅 VIP 可看。
              </p>
            ) : null}
          </Section>

          {detail.day && !detail.days.includes(detail.day) ? (
            !detail.fullAccess && detail.day > detail.through ? (
              <LockedBox title={`${detail.day} 的交易仅对 VIP 开放`}>免费查看 {FREE_SAMPLE_DELAY_DAYS} 个交易日之前的交割单；升级 VIP 查看最新交易。</LockedBox>
            ) : (
              <EmptyState title="这一天没有成交">{detail.day} 没有成交记录。请在上方选择其他交易日。</EmptyState>
            )
          ) : (
            <>
              <Section title={`${detail.day} 成交明细`}>
                <FillTable fills={detail.fills} />
              </Section>
              {detail.symbols.length ? (
                <Section title="K线与买卖点">
                  <nav aria-label="当日股票" className="mb-3 flex flex-wrap gap-2">
                    {detail.symbols.map((s) => (
                      <Link
                        prefetch={false}
                        key={s.code}
                        href={`${root}/${detail.day}/${s.code}${period !== "day" ? `/${period}` : ""}`}
                        aria-current={s.code === detail.symbol?.code ? "page" : undefined}
                        className={`rounded-lg px-3 py-1.5 text-sm ${s.code === detail.symbol?.code ? "bg-slate-900 text-white" : "border border-slate-200 bg-white text-slate-700"}`}
                      >
                        {s.name}({displayCode(s.code, s.market)})
                      </Link>
                    ))}
                  </nav>
                  {detail.symbol && detail.chart ? (
                    <Card>
                      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                        <div className="relative flex gap-1" role="tablist" aria-label="周期">
                          {PERIODS.map((p) =>
                            p.id === "min" ? (
                              <UnavailablePeriodTab key={p.id} label={p.label} reason={MINUTE_UNAVAILABLE} />
                            ) : (
                              <Link
                                prefetch={false}
                                key={p.id}
                                role="tab"
                                aria-selected={p.id === period}
                                href={`${root}/${detail.day}/${detail.symbol!.code}/${p.id}`}
                                className={`rounded px-2.5 py-1 text-sm ${p.id === period ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
                              >
                                {p.label}
                              </Link>
                            ),
                          )}
                        </div>
                        {detail.chart.simulated ? <SimulatedDataBadge /> : null}
                      </div>
                      {period === "min" ? <p className="mb-2 text-xs text-slate-500">{MINUTE_UNAVAILABLE}下面显示日K。</p> : null}
                      {detail.chart.bars.length ? (
                        <KLineChartLazy
                          {...klineChartProps(detail.chart, {
                            period,
                            highlight: detail.roundTrip ? { from: detail.roundTrip.openDate, to: detail.roundTrip.closeDate } : null,
                            caption: `${detail.symbol.name}(${detail.symbol.code})`,
                          })}
                        />
                      ) : (
                        <NoMarketData code={detail.symbol.code} setup={marketDataSetupFor(viewer)} />
                      )}
                    </Card>
                  ) : null}
                  {detail.roundTrip ? <RoundTripCard trip={detail.roundTrip} currency={detail.fills.find((f) => f.code === detail.roundTrip!.code)?.currency} /> : null}
                  {detail.note ? (
                    <Card className="mt-3 border-amber-200 bg-amber-50">
                      <p className="text-sm font-medium text-amber-900">编辑点评</p>
                      <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{detail.note}</p>
                    </Card>
                  ) : null}
                </Section>
              ) : null}
            </>
          )}
        </>
      )}

      {/* below the day and its chart: above them it pushed the K-line out of the phone's look-ahead */}
      <PlaysSummary record={detail.plays} href={`/analysis/${master.guid}/plays`} trainHref={`/train/${master.guid}`} />

      {related.items.length ? (
        <Section title="相关文章">
          <ul className="space-y-2">
            {related.items.map((a) => (
              <li key={a.infoguid}>
                <Link prefetch={false} className="text-sm text-slate-700 hover:text-brand" href={`/info/detail/${a.infoguid}`}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

/** Title, description, canonical URL and the Open Graph share image of a master's page. */
export async function detailMetadata(guid: string | undefined): Promise<Metadata> {
  const master = guid ? await findMaster(null, guid) : null;
  if (!master) return { title: "大神交割单" };
  const cfg = config();
  return masterSeo({ siteUrl: cfg.siteUrl, siteName: cfg.siteName }, master).metadata as Metadata;
}
