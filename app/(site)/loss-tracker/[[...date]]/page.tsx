import type { Metadata } from "next";
import Link from "next/link";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { toneClass } from "@/components/masters/tone";
import { Panel, ScrollTable, TD, TH } from "@/components/statements/Panel";
import { DataAsOf } from "@/components/site/DataAsOf";
import { Lines } from "@/components/ui/Lines";
import { LockedBox } from "@/components/site/LockedBox";
import { formatDays, formatPercent, formatQuote, formatShares, formatSignedYuan, formatYuan } from "@/lib/domain/statements/format";
import { FREE_LOSS_ROWS, OPEN_LOSS_THRESHOLD } from "@/lib/domain/statements/ranking-rules";
import { pageParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { Pagination } from "@/components/content/Pagination";
import { getViewer } from "@/lib/server/auth/viewer";
import { validatedParams } from "@/lib/server/routing";
import { lossTracker } from "@/lib/server/statements/loss-tracker";

type Props = { params: Promise<{ date?: string[] }>; searchParams: Promise<SearchParamsRecord> };

export const metadata: Metadata = { title: "亏损追踪", description: "大神当日止损的交易与浮亏超过 5% 的持仓：亏多少、拿多久、如何止损。" };

export default async function LossTrackerPage({ params, searchParams }: Props) {
  const { date = [] } = await params;
  const p = validatedParams("loss", ["loss-tracker", ...date]);
  const data = await lossTracker(await getViewer(), p.date, { page: pageParam((await searchParams).page) });
  const here = data.day ? `/loss-tracker/${data.day}` : "/loss-tracker";
  const pager = data.fullAccess ? (
    <Pagination base={here} page={data.page} total={Math.max(data.closedTotal, data.openTotal)} pageSize={data.pageSize} href={(n) => (n === 1 ? here : `${here}?page=${n}`)} />
  ) : null;
  const { stats } = data;
  return (
    <>
      <PageIntro title="亏损追踪" aside={data.days.length ? <DayJump value={data.day} days={packDays(data.days)} hrefTemplate="/loss-tracker/{date}" /> : null}>
        看大神如何止损：{data.day ?? "当天"}平仓亏损的交易与浮亏超过 {Math.round(OPEN_LOSS_THRESHOLD * 100)}% 的持仓。
      </PageIntro>
      <DataAsOf asOf={data.asOf} />
      {data.day ? (
        <Card className="mb-5">
          <p className="text-sm text-slate-700" data-testid="loss-stats">
            {stats.losses > 0 ? (
              <>
                {data.day} 共 <b>{stats.losses}</b> 笔亏损平仓，合计 <b className={`whitespace-nowrap ${toneClass(stats.lossSum)}`}>{formatSignedYuan(stats.lossSum)}</b>，
                平均持有 <b>{formatDays(stats.avgLossHolding)}</b>
                {stats.avgWinHolding !== null ? <>；同日盈利平仓平均持有 {formatDays(stats.avgWinHolding)}</> : null}。
                {stats.avgWinHolding !== null && stats.avgLossHolding !== null && stats.avgLossHolding <= stats.avgWinHolding ? " 亏损单拿得比盈利单短：截断亏损、让利润奔跑。" : null}
              </>
            ) : (
              <>{data.day} 没有亏损平仓的交易。</>
            )}
          </p>
        </Card>
      ) : null}
      <Section title={data.fullAccess && data.closedTotal > data.pageSize ? `当日止损（共 ${data.closedTotal} 笔）` : "当日止损"}>
        {data.closed.length ? (
          <Panel testId="closed-losses" bodyClassName="p-0">
            <DemoSectionNote items={data.closed} className="px-3 pt-2 sm:px-4" />
            <ScrollTable label="当日止损" minWidth={320}>
              <thead>
                <tr>
                  <th className={TH}>大神</th>
                  <th className={TH}>股票</th>
                  <th className={TH}><Lines>{["建仓", "持有"]}</Lines></th>
                  <th className={TH}><Lines align="right">{["亏损", "亏损比例"]}</Lines></th>
                </tr>
              </thead>
              <tbody>
                {data.closed.map((t, _i, all) => (
                  <tr key={`${t.masterGuid}-${t.code}-${t.openDate}`}>
                    <td className={TD}><span className="inline-flex flex-wrap items-center gap-1">{t.masterName}{demoLabelling(all).rows && t.isDemo ? <DemoBadge /> : null}</span></td>
                    <td className={TD}>
                      <Link className="hover:text-brand" href={`/detail/${t.masterGuid}/${t.closeDate}/${t.code}`}><Lines>{[t.name, t.code]}</Lines></Link>
                    </td>
                    <td className={`${TD} text-slate-600`}><Lines>{[t.openDate, formatDays(t.holdingDays)]}</Lines></td>
                    <td className={`${TD} ${toneClass(t.pnl)}`}>
                      <Lines align="right">{[<span key="pnl" className="font-semibold">{formatSignedYuan(t.pnl)}</span>, <span key="ratio" className={toneClass(t.pnl)}>{formatPercent(t.pnlRatio, { signed: true })}</span>]}</Lines>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </Panel>
        ) : data.closedTotal > 0 ? (
          <p className="text-sm text-slate-500">当天 {data.closedTotal} 笔亏损平仓已在前面的页面列出。</p>
        ) : (
          <EmptyState title="当天没有亏损平仓">{data.day ? "换一个交易日看看。" : "交割单导入后，这里展示每个交易日的亏损交易。"}</EmptyState>
        )}
      </Section>
      <Section title={`浮亏超过 ${Math.round(OPEN_LOSS_THRESHOLD * 100)}% 的持仓${data.fullAccess && data.openTotal > data.pageSize ? `（共 ${data.openTotal} 个）` : ""}`}>
        {data.open.length ? (
          <Panel testId="open-losses" bodyClassName="p-0">
            <DemoSectionNote items={data.open} className="px-3 pt-2 sm:px-4" />
            <ScrollTable label="浮亏持仓" minWidth={320}>
              <thead>
                <tr>
                  <th className={TH}>大神</th>
                  <th className={TH}>股票</th>
                  <th className={TH}><Lines>{["建仓", "持股"]}</Lines></th>
                  <th className={TH}><Lines align="right">{["成本", "收盘价"]}</Lines></th>
                  <th className={TH}><Lines align="right">{["浮动盈亏", "比例"]}</Lines></th>
                </tr>
              </thead>
              <tbody>
                {data.open.map((t, _i, all) => (
                  <tr key={`${t.masterGuid}-${t.code}`}>
                    <td className={TD}><span className="inline-flex flex-wrap items-center gap-1">{t.masterName}{demoLabelling(all).rows && t.isDemo ? <DemoBadge /> : null}</span></td>
                    <td className={TD}>
                      <Link className="hover:text-brand" href={`/detail/${t.masterGuid}/${t.openDate}/${t.code}`}><Lines>{[t.name, t.code]}</Lines></Link>
                    </td>
                    <td className={`${TD} text-slate-600`}><Lines>{[t.openDate, formatShares(t.quantity)]}</Lines></td>
                    <td className={TD}><Lines align="right">{[formatYuan(t.cost), formatQuote(t.close)]}</Lines></td>
                    <td className={`${TD} ${toneClass(t.unrealized)}`}>
                      <Lines align="right">{[<span key="pnl" className="font-semibold">{formatSignedYuan(t.unrealized)}</span>, <span key="ratio" className={toneClass(t.unrealized)}>{formatPercent(t.ratio, { signed: true })}</span>]}</Lines>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </Panel>
        ) : data.openTotal > 0 ? (
          <p className="text-sm text-slate-500">{data.openTotal} 个浮亏持仓已在前面的页面列出。</p>
        ) : (
          <EmptyState title="没有浮亏超过 5% 的持仓" />
        )}
      </Section>
      {pager}
      {data.truncated ? (
        <LockedBox title={`当天共 ${data.closedTotal} 笔亏损平仓、${data.openTotal} 个浮亏持仓`}>免费查看每类前 {FREE_LOSS_ROWS} 条，升级 VIP 查看全部与对应K线。</LockedBox>
      ) : null}
    </>
  );
}
