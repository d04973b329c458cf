import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ rest?: string[] }> };

const SHOWS = { profit: "盈利榜", loss: "亏损榜", stocks: "大神买得最多的个股" } as const;
const PERIODS = { day: "日榜", week: "周榜" } as const;

async function parse(params: Props["params"]) {
  const { rest = [] } = await params;
  const p = validatedParams("rank", ["rank", ...rest]);
  return { date: p.date, period: (p.week ?? "day") as keyof typeof PERIODS, show: (p.show ?? "profit") as keyof typeof SHOWS };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { date, period, show } = await parse(params);
  return { title: `${SHOWS[show]}${date ? ` ${date}` : ""} ${PERIODS[period]}`, description: "大神交割单排行榜：按交易日或周统计的盈利榜、亏损榜与热门个股。" };
}

export default async function RankPage({ params }: Props) {
  const { date, period, show } = await parse(params);
  const dateSegment = date ?? "";
  const href = (w: string, s: string) => (dateSegment ? `/rank/${dateSegment}/${w}/${s}` : w === "day" && s === "profit" ? "/rank" : null);
  return (
    <>
      <PageIntro title="排行榜">游客可看前 10 名，VIP 查看完整榜单。</PageIntro>
      <div className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(SHOWS) as (keyof typeof SHOWS)[]).map((s) => (
          <span key={s} aria-current={s === show ? "page" : undefined} className={`rounded-full px-4 py-2 text-sm ${s === show ? "bg-brand text-white" : "border border-slate-200 bg-white text-slate-600"}`}>
            {href(period, s) ? <Link href={href(period, s)!}>{SHOWS[s]}</Link> : SHOWS[s]}
          </span>
        ))}
        <span className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm text-slate-600">{PERIODS[period]}</span>
      </div>
      <EmptyState title="暂无排行数据">{date ? `${date} 没有可排名的交易。` : "进入排行需至少 20 笔已平仓交易且覆盖 20 个交易日。"}</EmptyState>
    </>
  );
}
