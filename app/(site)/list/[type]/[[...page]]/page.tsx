import type { Metadata } from "next";
import { ArticleList } from "@/components/content/ArticleList";
import { EmptyState } from "@/components/content/EmptyState";
import { TradeDayList } from "@/components/masters/TradeDayList";
import { PageIntro } from "@/components/content/PageIntro";
import { Pagination } from "@/components/content/Pagination";
import { StrategyList } from "@/components/content/StrategyList";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { parsePageIndex } from "@/lib/domain/route-params";
import { listArticles } from "@/lib/server/content/articles";
import { strategyList } from "@/lib/server/quant/strategies";
import { getViewer } from "@/lib/server/auth/viewer";
import { recentTradeDays } from "@/lib/server/statements/god";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ type: string; page?: string[] }> };

const PAGE_SIZE = 12;

function listTitle(type: string): string {
  if (type === "god") return "大神交割单";
  if (type === "quant") return "量化策略";
  return isArticleType(type) ? ARTICLE_TYPES[type] : "列表";
}

async function parse(params: Props["params"]) {
  const { type, page = [] } = await params;
  const p = validatedParams("type", ["list", type, ...page]);
  return { type: p.type!, page: parsePageIndex(p.pageIndex) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { type, page } = await parse(params);
  const title = page > 1 ? `${listTitle(type)} 第${page}页` : listTitle(type);
  return { title, description: `量化学堂${listTitle(type)}列表，第 ${page} 页。`, alternates: { canonical: `/list/${type}${page > 1 ? `/${page}` : ""}` } };
}

export default async function ListPage({ params }: Props) {
  const { type, page } = await parse(params);
  const base = `/list/${type}`;
  if (type === "god") {
    const { items, total } = await recentTradeDays(await getViewer(), page, PAGE_SIZE);
    return (
      <>
        <PageIntro title={listTitle(type)}>大神最近的交易日：谁在买卖、买卖了什么。</PageIntro>
        {items.length ? <TradeDayList items={items} /> : <EmptyState title="这一页没有内容" />}
        <Pagination base={base} page={page} total={total} pageSize={PAGE_SIZE} />
      </>
    );
  }
  if (type === "quant") {
    const all = await strategyList({ sort: "sharpe", dir: "desc" });
    const items = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const total = all.length;
    return (
      <>
        <PageIntro title={listTitle(type)} />
        {items.length ? <StrategyList items={items} /> : <EmptyState title="这一页没有内容" />}
        <Pagination base={base} page={page} total={total} pageSize={PAGE_SIZE} />
      </>
    );
  }
  const { items, total } = await listArticles({ type, page, pageSize: PAGE_SIZE, viewer: await getViewer() });
  return (
    <>
      <PageIntro title={listTitle(type)} />
      {items.length ? <ArticleList items={items} /> : <EmptyState title="暂无内容" />}
      <Pagination base={base} page={page} total={total} pageSize={PAGE_SIZE} />
    </>
  );
}
