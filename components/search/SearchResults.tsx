import Link from "@/components/ui/Link";
import { ChevronRight, Lock } from "lucide-react";
import { DemoBadge } from "@/components/content/DemoBadge";
import { EmptyState } from "@/components/content/EmptyState";
import { StatusBadge } from "@/components/quant/StatusBadge";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { formatDate } from "@/lib/domain/format";
import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchKind } from "@/lib/domain/search/kinds";
import { searchHref, type SearchItem, type SiteSearchResult, type StockMasters } from "@/lib/domain/search/results";
import { FREE_SAMPLE_DELAY_DAYS } from "@/lib/domain/statements/visibility";
import { Highlighted } from "./Highlighted";
import { cn } from "@/components/ui/cn";

const LEVEL_LABEL: Record<number, string> = { 100: "VIP", 200: "SVIP" };

/** Tabs per kind with counts: 全部 first; a kind with no results is still a tab (its count is 0). */
export function SearchTabs({ query, result }: { query: string; result: SiteSearchResult }) {
  const tabs: { kind: SearchKind | null; label: string; count: number }[] = [
    { kind: null, label: "全部", count: result.total },
    ...SEARCH_KINDS.map((k) => ({ kind: k, label: SEARCH_KIND_LABELS[k], count: result.totals[k] })),
  ];
  return (
    <nav aria-label="结果分类" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((t) => {
          const active = t.kind === result.kind;
          return (
            <li key={t.kind ?? "all"}>
              <Link
                href={searchHref(query, { kind: t.kind })}
                aria-current={active ? "page" : undefined}
                className={cn("-mb-px inline-flex h-10 items-center gap-1 border-b-2 px-3 text-sm", active ? "border-brand font-medium text-brand" : "border-transparent text-slate-600 hover:text-slate-900")}
              >
                {t.label}
                <span className={cn("tabular-nums text-xs", active ? "text-brand" : "text-slate-500")}>{t.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ItemMeta({ item }: { item: SearchItem }) {
  const { extra } = item;
  switch (item.kind) {
    case "stock":
      return <span className="text-sm text-slate-500 tabular-nums">{extra.symbol ?? extra.code}</span>;
    case "master":
      return (
        <>
          {(extra.tags ?? []).map((t) => (
            <span key={t} className="rounded bg-slate-100 px-1.5 py-px text-xs text-slate-600">{t}</span>
          ))}
        </>
      );
    case "strategy":
      return (
        <>
          {extra.status ? <StatusBadge status={extra.status} /> : null}
          {extra.author ? <span className="text-xs text-slate-500">{extra.author}</span> : null}
        </>
      );
    case "article":
      return (
        <>
          <span className="rounded bg-blue-50 px-1.5 py-px text-xs text-brand">
            {extra.articleType && isArticleType(extra.articleType) ? ARTICLE_TYPES[extra.articleType] : "博客"}
          </span>
          {item.minLevel > 0 ? (
            <span className="inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 py-px text-xs text-amber-800">
              {item.locked ? <Lock aria-hidden className="h-3 w-3" /> : null}
              {LEVEL_LABEL[item.minLevel] ?? "会员"}
              {item.locked ? <span className="sr-only">（需升级后阅读全文）</span> : null}
            </span>
          ) : null}
          {extra.publishedAt ? <span className="text-xs text-slate-500 tabular-nums">{formatDate(extra.publishedAt)}</span> : null}
        </>
      );
    case "member":
      return extra.joinedAt ? <span className="text-xs text-slate-500">加入于 {formatDate(extra.joinedAt)}</span> : null;
  }
}

export function SearchResultItem({ item }: { item: SearchItem }) {
  return (
    <li>
      <Link prefetch={false} href={item.url} className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 break-words font-medium text-slate-900">
            <Highlighted segments={item.title} />
          </span>
          <ItemMeta item={item} />
          {item.extra.isDemo ? <DemoBadge /> : null}
        </div>
        {item.snippet.length ? (
          <p className="mt-1 line-clamp-2 break-words text-sm text-slate-500">
            <Highlighted segments={item.snippet} />
          </p>
        ) : null}
        {item.kind === "stock" ? <p className="mt-1 text-xs text-slate-500">查看哪些大神交易过</p> : null}
      </Link>
    </li>
  );
}

function ItemList({ items }: { items: SearchItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <SearchResultItem key={`${i.kind}:${i.refId}`} item={i} />
      ))}
    </ul>
  );
}

function Pager({ query, result }: { query: string; result: SiteSearchResult }) {
  if (result.pageCount <= 1 || !result.kind) return null;
  const { page, pageCount, kind } = result;
  const link = "rounded-lg border border-slate-300 bg-white px-4 py-2";
  return (
    <nav aria-label="分页" className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? <Link className={link} href={searchHref(query, { kind, page: page - 1 })} rel="prev">上一页</Link> : null}
      <span className="text-slate-500">第 {page} / {pageCount} 页</span>
      {page < pageCount ? <Link className={link} href={searchHref(query, { kind, page: page + 1 })} rel="next">下一页</Link> : null}
    </nav>
  );
}

/** The stock a code search names: who among the masters traded it (within what the viewer may see). */
export function StockMastersPanel({ stock }: { stock: StockMasters }) {
  return (
    <section aria-labelledby="stock-masters-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="stock-masters-title" className="font-semibold text-slate-900">
        {stock.name}({stock.code}) 的大神交易
      </h2>
      {stock.masters.length ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {stock.masters.map((t) => (
            <li key={t.guid}>
              <Link prefetch={false} href={t.url} className="flex items-center gap-2 py-2 text-sm hover:text-brand">
                <span className="font-medium">{t.name}</span>
                {t.isDemo ? <DemoBadge /> : null}
                <span className="ml-auto text-right text-xs text-slate-500 tabular-nums">
                  最近 {t.lastDate} · 买 {t.buys} 笔 / 卖 {t.sells} 笔
                </span>
                <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">还没有大神交易过这只股票的公开记录。</p>
      )}
      {stock.delayed ? (
        <p className="mt-3 text-xs text-slate-500">
          非 VIP 会员看到的是 {FREE_SAMPLE_DELAY_DAYS} 个交易日以前的交易，<Link href="/price" className="text-brand underline">升级 VIP</Link> 查看最新交易。
        </p>
      ) : null}
    </section>
  );
}

/** The results below the search form: tabs, groups (all tab) or one kind's page, and the empty states. */
export function SearchResults({ query, result, stock }: { query: string; result: SiteSearchResult; stock: StockMasters | null }) {
  const tabs = <SearchTabs query={query} result={result} />;
  const stockPanel = stock ? <div className="mt-4"><StockMastersPanel stock={stock} /></div> : null;
  if (result.total === 0) {
    return (
      <div className="mt-4">
        {stockPanel}
        <div className="mt-4">
          <EmptyState title={`没有找到与“${query}”相关的内容`}>
            换个关键词试试：股票代码（如 600519）、拼音首字母（如 gzmt）、大神名字或文章标题中的词。
          </EmptyState>
        </div>
      </div>
    );
  }
  if (result.kind) {
    const group = result.groups[0];
    return (
      <div className="mt-4">
        {tabs}
        {stockPanel}
        <p className="mt-4 mb-2 text-sm text-slate-500">共 {result.totals[result.kind]} 条{SEARCH_KIND_LABELS[result.kind]}结果</p>
        {group && group.items.length ? (
          <ItemList items={group.items} />
        ) : (
          <EmptyState title={`没有与“${query}”相关的${SEARCH_KIND_LABELS[result.kind]}`}>
            <Link href={searchHref(query)} className="text-brand underline">看看全部结果</Link>
          </EmptyState>
        )}
        <Pager query={query} result={result} />
      </div>
    );
  }
  return (
    <div className="mt-4">
      {tabs}
      {stockPanel}
      {result.groups.map((g) => (
        <section key={g.kind} className="mt-6" aria-labelledby={`search-group-${g.kind}`}>
          <div className="mb-2 flex items-center justify-between gap-3">
            <h2 id={`search-group-${g.kind}`} className="font-semibold text-slate-900">
              {g.label} <span className="text-sm font-normal text-slate-500 tabular-nums">{g.total}</span>
            </h2>
            {g.total > g.items.length ? (
              <Link href={searchHref(query, { kind: g.kind })} className="text-sm text-brand">
                查看全部 {g.total} 条
              </Link>
            ) : null}
          </div>
          <ItemList items={g.items} />
        </section>
      ))}
    </div>
  );
}
