import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { LossStats } from "@/components/rankings/LossStats";
import { ClosedLossTable, OpenLossTable } from "@/components/rankings/LossTables";
import { DataAsOf } from "@/components/site/DataAsOf";
import { LockedBox } from "@/components/site/LockedBox";
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
  const threshold = Math.round(OPEN_LOSS_THRESHOLD * 100);
  const paged = (total: number) => data.fullAccess && total > data.pageSize;
  return (
    <>
      <PageIntro title="亏损追踪" aside={data.days.length ? <DayJump value={data.day} days={packDays(data.days)} hrefTemplate="/loss-tracker/{date}" /> : null}>
        看大神如何止损：{data.day ?? "当天"}平仓亏损的交易与浮亏超过 {threshold}% 的持仓。
      </PageIntro>
      <DataAsOf asOf={data.asOf} />
      {data.day ? <LossStats day={data.day} stats={data.stats} /> : null}
      <Section title={paged(data.closedTotal) ? `当日止损（共 ${data.closedTotal} 笔）` : "当日止损"}>
        {data.closed.length ? (
          <ClosedLossTable rows={data.closed} />
        ) : data.closedTotal > 0 ? (
          <p className="text-sm text-slate-500">当天 {data.closedTotal} 笔亏损平仓已在前面的页面列出。</p>
        ) : (
          <EmptyState title="当天没有亏损平仓">{data.day ? "换一个交易日看看。" : "交割单导入后，这里展示每个交易日的亏损交易。"}</EmptyState>
        )}
      </Section>
      <Section title={`浮亏超过 ${threshold}% 的持仓${paged(data.openTotal) ? `（共 ${data.openTotal} 个）` : ""}`}>
        {data.open.length ? (
          <OpenLossTable rows={data.open} />
        ) : data.openTotal > 0 ? (
          <p className="text-sm text-slate-500">{data.openTotal} 个浮亏持仓已在前面的页面列出。</p>
        ) : (
          <EmptyState title="没有浮亏超过 5% 的持仓" />
        )}
      </Section>
      {data.fullAccess ? (
        <Pagination base={here} page={data.page} total={Math.max(data.closedTotal, data.openTotal)} pageSize={data.pageSize} inQuery />
      ) : null}
      {data.truncated ? (
        <LockedBox title={`当天共 ${data.closedTotal} 笔亏损平仓、${data.openTotal} 个浮亏持仓`}>免费查看每类前 {FREE_LOSS_ROWS} 条，升级 VIP 查看全部与对应K线。</LockedBox>
      ) : null}
    </>
  );
}
