import Link from "next/link";
import { ArticleList, type ArticleListItem } from "@/components/content/ArticleList";
import { EmptyState } from "@/components/content/EmptyState";
import { MasterList, type MasterListItem } from "@/components/content/MasterList";
import { Section } from "@/components/content/PageIntro";
import { StrategyList, type StrategyListItem } from "@/components/content/StrategyList";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";

export interface HomeViewProps {
  masters: MasterListItem[];
  strategies: StrategyListItem[];
  articles: ArticleListItem[];
  invitationCode: string | null;
  loggedIn: boolean;
}

const more = (href: string) => (
  <Link href={href} className="text-sm text-brand hover:underline">
    查看全部
  </Link>
);

export function HomeView({ masters, strategies, articles, invitationCode, loggedIn }: HomeViewProps) {
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

      <Section title="今日大神交易" more={more("/god")}>
        <EmptyState title="暂无交割单数据">大神的交割单导入后，这里会展示最新交易日的买卖明细。</EmptyState>
      </Section>

      <Section title="大神" more={more("/list/god")}>
        {masters.length ? <MasterList items={masters} /> : <EmptyState title="暂无大神" />}
      </Section>

      <Section title="盈利榜" more={more("/rank")}>
        <EmptyState title="暂无排行数据">进入排行需至少 20 笔已平仓交易且覆盖 20 个交易日。</EmptyState>
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
