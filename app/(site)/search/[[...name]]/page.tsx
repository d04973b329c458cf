import type { Metadata } from "next";
import Link from "next/link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { SearchForm } from "@/components/site/SearchForm";
import { searchSite } from "@/lib/server/search/site-search";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ name?: string[] }> };

async function term(params: Props["params"]): Promise<string | undefined> {
  const { name = [] } = await params;
  return validatedParams("search", ["search", ...name]).name;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const q = await term(params);
  return { title: q ? `搜索：${q}` : "搜索", description: "搜索大神、股票、量化策略、文章与会员。", robots: { index: false } };
}

export default async function SearchPage({ params }: Props) {
  const q = await term(params);
  const results = q ? await searchSite(q) : null;
  const count = results ? results.masters.length + results.strategies.length + results.articles.length : 0;
  return (
    <>
      <PageIntro title="搜索" />
      <SearchForm initial={q ?? ""} />
      {!results ? null : count === 0 ? (
        <div className="mt-6"><EmptyState title={`没有找到与“${q}”相关的内容`}>换个关键词试试，例如大神名字或文章标题中的词。</EmptyState></div>
      ) : (
        <div className="mt-6">
          {results.masters.length ? (
            <Section title="大神">
              <ul className="space-y-2">{results.masters.map((m) => (
                <li key={m.guid}><Link className="flex items-center gap-2 rounded-lg bg-white p-3 shadow-sm" href={`/detail/${m.guid}`}><span className="font-medium">{m.name}</span>{m.isDemo ? <DemoBadge /> : null}</Link></li>
              ))}</ul>
            </Section>
          ) : null}
          {results.strategies.length ? (
            <Section title="量化策略">
              <ul className="space-y-2">{results.strategies.map((s) => (
                <li key={s.guid} className="flex items-center gap-2 rounded-lg bg-white p-3 shadow-sm"><Link href="/quant" className="font-medium">{s.name}</Link>{s.isDemo ? <DemoBadge /> : null}</li>
              ))}</ul>
            </Section>
          ) : null}
          {results.articles.length ? (
            <Section title="文章">
              <ul className="space-y-2">{results.articles.map((a) => (
                <li key={a.infoguid}><Link className="block rounded-lg bg-white p-3 shadow-sm" href={`/info/detail/${a.infoguid}`}><span className="flex items-center gap-2 font-medium">{a.title}{a.isDemo ? <DemoBadge /> : null}</span><span className="mt-1 block text-sm text-slate-500">{a.summary}</span></Link></li>
              ))}</ul>
            </Section>
          ) : null}
        </div>
      )}
    </>
  );
}
