import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { Pagination } from "@/components/content/Pagination";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { DayTrades } from "@/components/masters/DayTrades";
import { DirectoryControls } from "@/components/masters/DirectoryControls";
import { MasterStrip } from "@/components/masters/MasterStrip";
import { DataAsOf } from "@/components/site/DataAsOf";
import { LockedBox } from "@/components/site/LockedBox";
import { FREE_SAMPLE_DELAY_DAYS } from "@/lib/domain/statements/visibility";
import { masterPath } from "@/lib/domain/seo";
import { getViewer } from "@/lib/server/auth/viewer";
import { ItemListJsonLd } from "../_views/ItemListJsonLd";
import { masterHub } from "@/lib/server/statements/master-hub";

export const metadata: Metadata = {
  title: "大神交割单",
  description: "顶级短线交易者的真实交割单：风格标签、累计已实现盈亏、胜率与每个交易日的买卖明细。",
  alternates: { canonical: "/god" },
};

type Props = { searchParams: Promise<{ date?: string | string[]; page?: string | string[] }> };

export default async function GodPage({ searchParams }: Props) {
  const asked = await searchParams;
  const day = typeof asked.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(asked.date) ? asked.date : undefined;
  const page = typeof asked.page === "string" && /^[1-9]\d{0,4}$/.test(asked.page) ? Number(asked.page) : 1;
  const hub = await masterHub(await getViewer(), day, page);
  const locked = !!hub.day && !hub.fullAccess && hub.day > hub.sampleThrough;
  const dayHref = (n: number) => `/god?${new URLSearchParams({ ...(hub.day ? { date: hub.day } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <>
      <PageIntro title="大神交割单">来自券商导出文件的真实成交，逐笔可查、可复算。</PageIntro>
      <DataAsOf asOf={hub.asOf} delay={hub.fullAccess ? null : { who: "免费会员", days: FREE_SAMPLE_DELAY_DAYS, through: hub.sampleThrough }} />
      <Section
        title={hub.day ? `${hub.day} 的交易` : "当日交易"}
        more={hub.tradingDays.length ? <DayJump value={hub.day} days={packDays(hub.tradingDays)} hrefTemplate="/god?date={date}" /> : null}
      >
        {locked ? (
          <LockedBox title={`${hub.day} 的交易仅对 VIP 开放`}>
            免费查看 {FREE_SAMPLE_DELAY_DAYS} 个交易日之前的交割单（最近可看 {hub.sampleThrough}）；升级 VIP 查看大神最新的每一笔买卖。
          </LockedBox>
        ) : hub.trades.length === 0 && hub.tradesTotal > 0 ? (
          <EmptyState title="这一页没有成交" action={<Link href={dayHref(1)} className="text-sm text-brand hover:underline">回到第一页</Link>} />
        ) : hub.trades.length ? (
          <>
            <DayTrades items={hub.trades} />
            {hub.tradesTotal > hub.tradesPageSize ? (
              <>
                <p className="mt-2 text-center text-xs text-slate-500">
                  共 {hub.tradesTotal} 笔成交，按时间排列，每页 {hub.tradesPageSize} 笔
                </p>
                <Pagination base="/god" page={hub.tradesPage} total={hub.tradesTotal} pageSize={hub.tradesPageSize} href={dayHref} nextLabel="查看更多" />
              </>
            ) : null}
          </>
        ) : (
          <EmptyState title={hub.day ? `${hub.day} 没有已公开的成交` : "暂无交易日数据"}>
            {hub.hiddenMasters > 0 ? `有 ${hub.hiddenMasters} 位大神当天有交易，将按其延迟公开设置稍后展示。` : "交割单导入后，可在这里按交易日查看所有大神当天的买卖。"}
          </EmptyState>
        )}
      </Section>
      <Section
        title="最近交易的大神"
        more={hub.masterTotal ? <Link href="/list/god" className="shrink-0 text-sm text-brand hover:underline">全部 {hub.masterTotal} 位大神</Link> : null}
      >
        <DirectoryControls current={false} />
        {hub.masters.length ? <MasterStrip items={hub.masters} /> : <EmptyState title="暂无大神" />}
        <ItemListJsonLd name="最近交易的大神" path="/god" items={hub.masters.map((m) => ({ name: m.name, path: masterPath(m.guid) }))} />
      </Section>
    </>
  );
}
