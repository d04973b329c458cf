import type { Metadata } from "next";
import { ArticleList } from "@/components/content/ArticleList";
import { EmptyState } from "@/components/content/EmptyState";
import { DirectoryControls } from "@/components/masters/DirectoryControls";
import { MasterCards } from "@/components/masters/MasterCards";
import { PageIntro } from "@/components/content/PageIntro";
import { Pagination } from "@/components/content/Pagination";
import { StrategyList } from "@/components/content/StrategyList";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { parsePageIndex } from "@/lib/domain/route-params";
import { listArticles } from "@/lib/server/content/articles";
import { strategyList } from "@/lib/server/quant/strategies";
import { getViewer } from "@/lib/server/auth/viewer";
import { DIRECTORY_PAGE_SIZE, DIRECTORY_SORT_LABELS, directoryHref, normaliseDirectoryQuery, parseDirectorySort } from "@/lib/domain/statements/directory";
import { masterDirectory } from "@/lib/server/statements/directory";
import { validatedParams } from "@/lib/server/routing";
import { articlePath, masterPath } from "@/lib/domain/seo";
import { ItemListJsonLd } from "../../../_views/ItemListJsonLd";

type Props = {
  params: Promise<{ type: string; page?: string[] }>;
  searchParams: Promise<{ q?: string | string[]; sort?: string | string[] }>;
};

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

export default async function ListPage({ params, searchParams }: Props) {
  const { type, page } = await parse(params);
  const base = `/list/${type}`;
  if (type === "god") {
    const asked = await searchParams;
    const q = normaliseDirectoryQuery(asked.q);
    const sort = parseDirectorySort(Array.isArray(asked.sort) ? asked.sort[0] : asked.sort);
    const { items, total } = await masterDirectory(await getViewer(), { q, sort, page, pageSize: DIRECTORY_PAGE_SIZE });
    return (
      <>
        <PageIntro title={listTitle(type)}>
          {q ? `搜索「${q}」找到 ${total} 位大神` : `共 ${total} 位大神`}，按{DIRECTORY_SORT_LABELS[sort]}排序；卡片列出大神最近一个交易日买卖的股票。
        </PageIntro>
        <DirectoryControls q={q} sort={sort} />
        <ItemListJsonLd name={listTitle(type)} path={directoryHref({ page, q, sort })} items={items.map((m) => ({ name: m.name, path: masterPath(m.guid) }))} />
        {items.length ? (
          <MasterCards items={items} />
        ) : (
          <EmptyState title={q ? `没有找到与「${q}」相关的大神` : "这一页没有内容"}>{q ? "换个名称或风格标签试试。" : null}</EmptyState>
        )}
        <Pagination base={base} page={page} total={total} pageSize={DIRECTORY_PAGE_SIZE} href={(n) => directoryHref({ page: n, q, sort })} />
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
        <ItemListJsonLd name={listTitle(type)} path={base} items={items.map((s) => ({ name: s.name, path: `/quant?s=${s.guid}` }))} />
        {items.length ? <StrategyList items={items} /> : <EmptyState title="这一页没有内容" />}
        <Pagination base={base} page={page} total={total} pageSize={PAGE_SIZE} />
      </>
    );
  }
  const { items, total } = await listArticles({ type, page, pageSize: PAGE_SIZE, viewer: await getViewer() });
  return (
    <>
      <PageIntro title={listTitle(type)} />
      <ItemListJsonLd name={listTitle(type)} path={base} items={items.map((a) => ({ name: a.title, path: articlePath(a.infoguid) }))} />
      {items.length ? <ArticleList items={items} /> : <EmptyState title="暂无内容" />}
      <Pagination base={base} page={page} total={total} pageSize={PAGE_SIZE} />
    </>
  );
}
