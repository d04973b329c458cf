import Link from "@/components/ui/Link";
import { ArticleList, type ArticleListItem } from "@/components/content/ArticleList";
import { EmptyState } from "@/components/content/EmptyState";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { DayTrades, type DayTradeItem } from "@/components/masters/DayTrades";
import { MasterCards, type MasterCardItem } from "@/components/masters/MasterCards";
import { toneClass } from "@/components/masters/tone";
import { formatSignedYuan } from "@/lib/domain/statements/format";
import type { MasterRankRow } from "@/lib/domain/statements/views";
import { Section } from "@/components/content/PageIntro";
import { StrategyList, type StrategyListItem } from "@/components/content/StrategyList";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";
import { DataAsOf, type DataAsOfDelay } from "./DataAsOf";

export type HomeRankRow = Pick<MasterRankRow, "rank" | "masterGuid" | "masterName" | "isDemo" | "pnl" | "trips">;

export interface HomeViewProps {
  masters: MasterCardItem[];
  /** the newest trading day the viewer can see, with (up to) its first fills */
  latestDay: { day: string; trades: DayTradeItem[]; total: number } | null;
  /** top 5 of that day's profit ranking */
  topRank: { day: string; rows: HomeRankRow[] } | null;
  strategies: StrategyListItem[];
  articles: ArticleListItem[];
  invitationCode: string | null;
  loggedIn: boolean;
  /** the page's one 数据截至 line (DataAsOf) */
  asOf?: { asOf: string; delay: DataAsOfDelay | null };
}

const more = (href: string) => (
  <Link href={href} className="text-sm text-brand hover:underline">
    查看全部
  </Link>
);

export function HomeView({ masters, latestDay, topRank, strategies, articles, invitationCode, loggedIn, asOf }: HomeViewProps) {
  return (
    <>
      <section className="mb-8 overflow-hidden rounded-2xl bg-gradient-to-br from-blue-700 to-indigo-700 px-5 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="text-2xl font-bold sm:text-4xl">从大神的真实交割单学炒股</h1>
        <p className="mt-3 max-w-2xl text-blue-100 sm:text-lg">
          逐笔还原顶级短线交易者的买卖、盈亏与持股天数，配合K线上的买卖点、量化策略的真实净值与亏损复盘，看懂每一次出手。
        </p>
        {!loggedIn ? (
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <Link href={invitationCode ? `/login/${invitationCode}` : "/login"} className="inline-flex h-11 items-center rounded-lg bg-white px-6 font-semibold text-blue-700">
              免费注册
            </Link>
            {invitationCode ? (
              <span className="text-sm text-blue-100" data-testid="invite-reward">好友邀请：注册即得 {REFERRAL_REWARD_DAYS} 天 SVIP</span>
            ) : null}
          </div>
        ) : null}
      </section>

      {asOf ? <DataAsOf asOf={asOf.asOf} delay={asOf.delay} /> : null}
      <Section title={latestDay ? `大神交易 · ${latestDay.day}` : "今日大神交易"} more={more(latestDay ? `/god?date=${latestDay.day}` : "/god")}>
        {latestDay ? (
          <>
            <DayTrades items={latestDay.trades} />
            {latestDay.total > latestDay.trades.length ? (
              <p className="mt-2 text-right text-sm">
                <Link className="text-brand hover:underline" href={`/god?date=${latestDay.day}`}>当天共 {latestDay.total} 笔成交，查看全部</Link>
              </p>
            ) : null}
          </>
        ) : (
          <EmptyState title="暂无交割单数据">大神的交割单导入后，这里会展示最新交易日的买卖明细。</EmptyState>
        )}
      </Section>

      <Section title="大神" more={more("/god")}>
        {masters.length ? <MasterCards items={masters} /> : <EmptyState title="暂无大神" />}
      </Section>

      <Section title={topRank ? `盈利榜 · ${topRank.day}` : "盈利榜"} more={more(topRank ? `/rank/${topRank.day}/day/profit` : "/rank")}>
        {topRank?.rows.length ? (
          <>
          <DemoSectionNote items={topRank.rows} />
          <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="home-rank">
            {topRank.rows.map((r) => (
              <li key={r.masterGuid} className="flex items-center gap-3 px-4 py-3">
                <span className="w-5 text-center font-semibold tabular-nums text-slate-500">{r.rank}</span>
                <Link prefetch={false} className="flex min-w-0 flex-1 items-center gap-1 font-medium text-slate-900 hover:text-brand" href={`/detail/${r.masterGuid}`}>
                  <span className="truncate">{r.masterName}</span>
                  {demoLabelling(topRank.rows).rows && r.isDemo ? <DemoBadge /> : null}
                </Link>
                <span className="text-xs text-slate-500">{r.trips} 笔</span>
                <span className={`font-semibold tabular-nums ${toneClass(r.pnl)}`}>{formatSignedYuan(r.pnl)}</span>
              </li>
            ))}
          </ol>
          </>
        ) : (
          <EmptyState title="暂无排行数据">进入排行需至少 20 笔已平仓交易且覆盖 20 个交易日。</EmptyState>
        )}
      </Section>

      <Section title="量化策略" more={more("/quant")}>
        {strategies.length ? <StrategyList items={strategies} /> : <EmptyState title="暂无策略" />}
      </Section>

      <Section title="最新文章" more={more("/info/case")}>
        {articles.length ? <ArticleList items={articles} /> : <EmptyState title="暂无文章" />}
      </Section>
    </>
  );
}
