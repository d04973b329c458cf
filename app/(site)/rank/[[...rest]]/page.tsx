import type { Metadata } from "next";
import Link from "next/link";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { DayJump } from "@/components/masters/DayJump";
import { packDays } from "@/lib/domain/packed-days";
import { toneClass } from "@/components/masters/tone";
import { Panel, ScrollTable, TD, TH } from "@/components/statements/Panel";
import { DataAsOf } from "@/components/site/DataAsOf";
import { Lines } from "@/components/ui/Lines";
import { LockedBox } from "@/components/site/LockedBox";
import { formatSignedYuan, formatYuanWan } from "@/lib/domain/statements/format";
import { FREE_RANK_ROWS, MIN_CLOSED_TRIPS_TO_RANK, MIN_TRADING_DAYS_TO_RANK, type RankPeriod, type RankShow } from "@/lib/domain/statements/ranking-rules";
import { pageParam, type SearchParamsRecord } from "@/lib/domain/route-params";
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
  const href = (p: RankPeriod, s: RankShow, d = day) => (d ? `/rank/${d}/${p}/${s}` : "/rank");
  const here = href(period, show);
  const range = data.from && data.to && data.from !== data.to ? `${data.from} 至 ${data.to}` : data.day;
  return (
    <>
      <PageIntro title="排行榜" aside={data.days.length ? <DayJump value={day} days={packDays(data.days)} hrefTemplate={`/rank/{date}/${period}/${show}`} /> : null}>
        {range ? `${range} · ` : ""}按当日（当周）平仓交易的已实现盈亏排名。
      </PageIntro>
      <DataAsOf asOf={data.asOf} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <nav aria-label="榜单" className="flex flex-wrap gap-2">
          {(Object.keys(SHOWS) as RankShow[]).map((s) => (
            <Link key={s} href={href(period, s)} aria-current={s === show ? "page" : undefined}
              className={`rounded-full px-4 py-2 text-sm ${s === show ? "bg-brand text-white" : "border border-slate-200 bg-white text-slate-600"}`}>
              {SHOWS[s]}
            </Link>
          ))}
        </nav>
        <nav aria-label="周期" className="flex rounded-full border border-slate-200 bg-white p-0.5">
          {(Object.keys(PERIODS) as RankPeriod[]).map((p) => (
            <Link key={p} href={href(p, show)} aria-current={p === period ? "page" : undefined}
              className={`rounded-full px-3 py-1.5 text-sm ${p === period ? "bg-slate-900 text-white" : "text-slate-600"}`}>
              {PERIODS[p]}
            </Link>
          ))}
        </nav>
      </div>
      {data.rows.length === 0 ? (
        <EmptyState title="暂无排行数据">
          {day ? `${range} 没有可排名的${show === "stocks" ? "买入" : show === "loss" ? "亏损交易" : "盈利交易"}。` : ""}
          进入排行需至少 {MIN_CLOSED_TRIPS_TO_RANK} 笔已平仓交易且覆盖 {MIN_TRADING_DAYS_TO_RANK} 个交易日。
        </EmptyState>
      ) : show === "stocks" ? (
        <StockTable rows={data.rows as StockRankRow[]} />
      ) : (
        <MasterTable rows={data.rows as MasterRankRow[]} day={day!} />
      )}
      {data.fullAccess ? (
        <Pagination base={here} page={data.page} total={data.total} pageSize={data.pageSize} href={(n) => (n === 1 ? here : `${here}?page=${n}`)} />
      ) : null}
      {data.truncated ? (
        <div className="mt-4">
          <LockedBox title={`完整榜单共 ${data.total} 名`}>免费查看前 {FREE_RANK_ROWS} 名，升级 VIP 查看完整榜单。</LockedBox>
        </div>
      ) : null}
      {data.unranked > 0 && show !== "stocks" ? (
        <p className="mt-3 text-xs text-slate-500">另有 {data.unranked} 位大神样本不足（少于 {MIN_CLOSED_TRIPS_TO_RANK} 笔已平仓交易或 {MIN_TRADING_DAYS_TO_RANK} 个交易日），暂不参与排名。</p>
      ) : null}
    </>
  );
}

function MasterTable({ rows, day }: { rows: MasterRankRow[]; day: string }) {
  const demoRows = demoLabelling(rows).rows;
  return (
    <Panel testId="rank-table" bodyClassName="p-0">
      <DemoSectionNote items={rows} className="px-3 pt-2 sm:px-4" />
      <ScrollTable label="榜单" minWidth={320} stickyFirst={false}>
        <thead>
          <tr>
            <th className={TH}>名次</th>
            <th className={TH}>大神</th>
            <th className={TH}><Lines align="right">{["已实现盈亏", "平仓笔数"]}</Lines></th>
            <th className={TH}>代表交易</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.masterGuid}>
              <td className={`${TD} font-semibold tabular-nums text-slate-700`}>{r.rank}</td>
              <td className={TD}>
                <span className="inline-flex flex-wrap items-center gap-1">
                  <Link className="font-medium text-slate-900 hover:text-brand" href={`/detail/${r.masterGuid}`}>{r.masterName}</Link>
                  {demoRows && r.isDemo ? <DemoBadge /> : null}
                </span>
              </td>
              <td className={TD}>
                <Lines align="right">
                  {[<span key="pnl" className={`font-semibold ${toneClass(r.pnl)}`}>{formatSignedYuan(r.pnl)}</span>, `${r.trips}（胜 ${r.wins}）`]}
                </Lines>
              </td>
              <td className={TD}>
                {r.best ? (
                  <Link className="hover:text-brand" href={`/detail/${r.masterGuid}/${day}/${r.best.code}`}>
                    <Lines>{[r.best.name, <span key="pnl" className={toneClass(r.best.pnl)}>{formatSignedYuan(r.best.pnl)}</span>]}</Lines>
                  </Link>
                ) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}

function StockTable({ rows }: { rows: StockRankRow[] }) {
  return (
    <Panel testId="rank-table" bodyClassName="p-0">
        <ScrollTable label="榜单" minWidth={320} stickyFirst={false}>
        <thead>
          <tr>
            <th className={TH}>名次</th>
            <th className={TH}>股票</th>
            <th className={TH}><Lines align="right">{["买入金额", "买入大神数"]}</Lines></th>
            <th className={TH}>大神</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.code}>
              <td className={`${TD} font-semibold tabular-nums text-slate-700`}>{r.rank}</td>
              <td className={TD}><Lines>{[r.name, r.code]}</Lines></td>
              <td className={TD}><Lines align="right">{[formatYuanWan(r.buyAmount), `${r.masters} 位`]}</Lines></td>
              {/* names wrap: the list may be long, and nothing in it is a figure */}
              <td className={`${TD} min-w-24 whitespace-normal text-slate-600`}>
                {r.masterNames.join("、")}
                {r.moreMasters > 0 ? ` 等 ${r.masters} 位` : null}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}
