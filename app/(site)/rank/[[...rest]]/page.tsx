import type { Metadata } from "next";
import { PageIntro } from "@/components/content/PageIntro";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { NoAuditedMasters, NoRankings, RankingLocked, UnrankedNote } from "@/components/rankings/RankNotes";
import { MasterRankTable, StockRankTable } from "@/components/rankings/RankTables";
import { DataAsOf } from "@/components/site/DataAsOf";
import { LinkTabs } from "@/components/ui/LinkTabs";
import type { RankAudit, RankPeriod, RankShow } from "@/lib/domain/statements/ranking-rules";
import { RANK_PERIODS, RANK_SHOWS, pageParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { Pagination } from "@/components/content/Pagination";
import { masterPath } from "@/lib/domain/seo";
import { getViewer } from "@/lib/server/auth/viewer";
import { ItemListJsonLd } from "../../_views/ItemListJsonLd";
import { validatedParams } from "@/lib/server/routing";
import { rankings, type MasterRankRow, type StockRankRow } from "@/lib/server/statements/rankings";

type Props = { params: Promise<{ rest?: string[] }>; searchParams: Promise<SearchParamsRecord> };

const SHOWS: Record<RankShow, string> = { profit: "盈利榜", loss: "亏损榜", stocks: "热门个股" };
const PERIODS: Record<RankPeriod, string> = { day: "日榜", week: "周榜" };
/** The 交割单体检 filter (docs/adr/0079): every master, or those whose fills all passed. */
const AUDITS: { key: RankAudit | null; label: string }[] = [{ key: null, label: "全部大神" }, { key: "passed", label: "只看体检全部通过" }];

async function parse(params: Props["params"]) {
  const { rest = [] } = await params;
  const p = validatedParams("rank", ["rank", ...rest]);
  return { date: p.date, period: (p.week ?? "day") as RankPeriod, show: (p.show ?? "profit") as RankShow, audit: (p.audit ?? null) as RankAudit | null };
}

function rankCanonical(date: string | undefined, period: RankPeriod, show: RankShow): string {
  if (!date) return "/rank";
  return period === "day" && show === "profit" ? `/rank/${date}` : `/rank/${date}/${period}/${show}`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { date, period, show, audit } = await parse(params);
  return {
    title: `${SHOWS[show]}${date ? ` ${date}` : ""} ${PERIODS[period]}${audit ? " · 体检全部通过" : ""}`,
    description: "大神交割单排行榜：按交易日或周统计的盈利榜、亏损榜与大神买得最多的个股。至少 20 笔已平仓交易、覆盖 20 个交易日才参与排名。",
    // the day's default board is /rank/{date} itself; the filtered board is a view of the same ranking: not indexed
    // on its own, its canonical the unfiltered board (docs/adr/0082)
    alternates: { canonical: rankCanonical(date, period, show) },
    robots: audit ? { index: false, follow: true } : undefined,
  };
}

export default async function RankPage({ params, searchParams }: Props) {
  const { date, period, show, audit } = await parse(params);
  const data = await rankings(await getViewer(), { day: date, period, show, page: pageParam((await searchParams).page), audit: audit ?? undefined });
  const day = data.day;
  // the filter is the path's last segment (lib/domain/routes.ts), after the day, the period and the board
  const href = (p: RankPeriod, s: RankShow, a: RankAudit | null = audit) => (day ? `/rank/${day}/${p}/${s}${a ? `/${a}` : ""}` : "/rank");
  const here = href(period, show);
  const range = data.from && data.to && data.from !== data.to ? `${data.from} 至 ${data.to}` : data.day;
  return (
    <>
      <PageIntro title="排行榜" aside={data.days.length ? <DayJump value={day} days={packDays(data.days)} hrefTemplate={`/rank/{date}/${period}/${show}${audit ? `/${audit}` : ""}`} /> : null}>
        {range ? `${range} · ` : ""}按当日（当周）平仓交易的已实现盈亏排名。
      </PageIntro>
      <DataAsOf asOf={data.asOf} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <LinkTabs label="榜单" className="flex flex-wrap gap-2"
          items={RANK_SHOWS.map((s) => ({ key: s, href: href(period, s), label: SHOWS[s], current: s === show }))} />
        <LinkTabs label="周期" look="segment" className="flex rounded-full border border-slate-200 bg-white p-0.5"
          items={RANK_PERIODS.map((p) => ({ key: p, href: href(p, show), label: PERIODS[p], current: p === period }))} />
        {day ? (
          <LinkTabs label="交割单体检" look="chip" className="flex flex-wrap gap-1.5 text-sm"
            items={AUDITS.map((a) => ({ key: a.key ?? "all", href: href(period, show, a.key), label: a.label, current: a.key === audit }))} />
        ) : null}
      </div>
      {data.rows.length === 0 && data.auditedMasters === 0 ? (
        <NoAuditedMasters />
      ) : data.rows.length === 0 ? (
        <NoRankings range={day ? range : null} show={show} audited={data.auditedMasters} />
      ) : show === "stocks" ? (
        <StockRankTable rows={data.rows as StockRankRow[]} />
      ) : (
        <>
          <MasterRankTable rows={data.rows as MasterRankRow[]} day={day!} />
          <ItemListJsonLd
            name={`${SHOWS[show]} ${range ?? ""} ${PERIODS[period]}`.replace(/\s+/g, " ").trim()}
            path={rankCanonical(day ?? undefined, period, show)}
            items={(data.rows as MasterRankRow[]).map((r) => ({ name: r.masterName, path: masterPath(r.masterGuid) }))}
          />
        </>
      )}
      {data.fullAccess ? (
        <Pagination base={here} page={data.page} total={data.total} pageSize={data.pageSize} inQuery />
      ) : null}
      {data.truncated ? <RankingLocked total={data.total} /> : null}
      {data.unranked > 0 && show !== "stocks" ? <UnrankedNote count={data.unranked} /> : null}
    </>
  );
}
