import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { z } from "zod";
import { PageIntro } from "@/components/content/PageIntro";
import { SearchBox } from "@/components/search/SearchBox";
import { SearchResults } from "@/components/search/SearchResults";
import { isSearchKind, SEARCH_KIND_LABELS } from "@/lib/domain/search/kinds";
import { parseQuery } from "@/lib/domain/search/query";
import { searchPath } from "@/lib/domain/search/results";
import { getViewer } from "@/lib/server/auth/viewer";
import { validatedParams } from "@/lib/server/routing";
import { siteSearch } from "@/lib/server/search/site-search";
import { stockMasters } from "@/lib/server/search/stock-masters";

type Props = {
  params: Promise<{ name?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** `?kind=` (a tab) and `?page=`; anything else, or a bad value, falls back to the all tab and page 1. */
const SearchQuery = z.object({
  kind: z.string().optional().transform((v) => (isSearchKind(v) ? v : null)),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().optional(),
});

async function term(params: Props["params"]): Promise<string | undefined> {
  const { name = [] } = await params;
  return validatedParams("search", ["search", ...name]).name;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const q = await term(params);
  return { title: q ? `搜索：${q}` : "搜索", description: "搜索大神、股票、量化策略、文章与会员。", robots: { index: false } };
}

export default async function SearchPage({ params, searchParams }: Props) {
  const q = await term(params);
  const raw = await searchParams;
  const query = SearchQuery.safeParse({ kind: first(raw.kind), page: first(raw.page) ?? "1", q: first(raw.q) });
  const { kind, page, q: formQ } = query.success ? query.data : { kind: null, page: 1, q: undefined };
  // the form without JavaScript submits to /search?q=
  if (!q && formQ?.trim()) redirect(searchPath(formQ));

  const viewer = q ? await getViewer() : null;
  const code = q ? parseQuery(q).code : null;
  const [result, traders] = q
    ? await Promise.all([siteSearch(viewer, q, { kind, page, pageSize: 10 }), code ? stockMasters(viewer, code) : null])
    : [null, null];

  return (
    <>
      <PageIntro title={q ? `“${q}”的搜索结果` : "搜索"}>
        {q && kind ? `${SEARCH_KIND_LABELS[kind]} · ` : null}
        可搜大神、股票（代码、名称或拼音首字母，如 600519、gzmt）、量化策略、文章与会员。
      </PageIntro>
      <SearchBox key={q ?? ""} initial={q ?? ""} variant="page" autoFocus={!q} />
      {result && q ? (
        <SearchResults query={q} result={result} stock={traders} />
      ) : (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-500" data-testid="search-empty">
          <p className="font-medium text-slate-700">输入关键词开始搜索</p>
          <p className="mt-1">例如：炒股养家、600519、gzmt（贵州茅台）、打板、情绪周期</p>
        </div>
      )}
    </>
  );
}
