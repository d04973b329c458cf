import type { Metadata } from "next";
import { PageIntro } from "@/components/content/PageIntro";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { NoRankings, RankingLocked, UnrankedNote } from "@/components/rankings/RankNotes";
import { MasterRankTable, StockRankTable } from "@/components/rankings/RankTables";
import { DataAsOf } from "@/components/site/DataAsOf";
import { LinkTabs } from "@/components/ui/LinkTabs";
import type { RankPeriod, RankShow } from "@/lib/domain/statements/ranking-rules";
import { RANK_PERIODS, RANK_SHOWS, pageParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { Pagination } from "@/components/content/Pagination";
import { getViewer } from "@/lib/server/auth/viewer";
import { validatedParams } from "@/lib/server/routing";
import { rankings, type MasterRankRow, type StockRankRow } from "@/lib/server/statements/rankings";

type Props = { params: Promise<{ rest?: string[] }>; searchParams: Promise<SearchParamsRecord> };

const SHOWS: Record<RankShow, string> = { profit: "盈利榜", loss: "亏损榜", stocks: "热门个股" };
const PERIODS: Record<RankPeriod, string> = { day: "日榜", week: "周榜" };

async function parse(params: Props["params"]) {
  const { rest = [] } = await params;
  const p = validatedParams("rank", ["rank", ...rest]);
  return { date: p.date, period: (p.week ?? "day") as RankPeriod, show: (p.show ?? "profit") as RankShow };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { date, period, show } = await parse(params);
  return {
    title: `${SHOWS[show]}${date ? ` ${date}` : ""} ${PERIODS[period]}`,
    description: "大神交割单排行榜：按交易日或周统计的盈利榜、亏损榜与大神买得最多的个股。至少 20 笔已平仓交易、覆盖 20 个交易日才参与排名。",
  };
}

export default async function RankPage({ params, searchParams }: Props) {
  const { date, period, show } = await parse(params);
  const data = await rankings(await getViewer(), { day: date, period, show, page: pageParam((await searchParams).page) });
  const day = data.day;
  const href = (p: RankPeriod, s: RankShow) => (day ? `/rank/${day}/${p}/${s}` : "/rank");
  const here = href(period, show);
  const range = data.from && data.to && data.from !== data.to ? `${data.from} 至 ${data.to}` : data.day;
  return (
    <>
      <PageIntro title="排行榜" aside={data.days.length ? <DayJump value={day} days={packDays(data.days)} hrefTemplate={`/rank/{date}/${period}/${show}`} /> : null}>
        {range ? `${range} · ` : ""}按当日（当周）平仓交易的已实现盈亏排名。
      </PageIntro>
      <DataAsOf asOf={data.asOf} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <LinkTabs label="榜单" className="flex flex-wrap gap-2"
          items={RANK_SHOWS.map((s) => ({ key: s, href: href(period, s), label: SHOWS[s], current: s === show }))} />
        <LinkTabs label="周期" look="segment" className="flex rounded-full border border-slate-200 bg-white p-0.5"
          items={RANK_PERIODS.map((p) => ({ key: p, href: href(p, show), label: PERIODS[p], current: p === period }))} />
      </div>
      {data.rows.length === 0 ? (
        <NoRankings range={day ? range : null} show={show} />
      ) : show === "stocks" ? (
        <StockRankTable rows={data.rows as StockRankRow[]} />
      ) : (
        <MasterRankTable rows={data.rows as MasterRankRow[]} day={day!} />
      )}
      {data.fullAccess ? (
        <Pagination base={here} page={data.page} total={data.total} pageSize={data.pageSize} inQuery />
      ) : null}
      {data.truncated ? <RankingLocked total={data.total} /> : null}
      {data.unranked > 0 && show !== "stocks" ? <UnrankedNote count={data.unranked} /> : null}
    </>
  );
}
