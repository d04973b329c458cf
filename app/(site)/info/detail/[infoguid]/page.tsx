import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DemoBadge } from "@/components/content/DemoBadge";
import { Markdown } from "@/components/content/Markdown";
import { UpgradePrompt } from "@/components/site/UpgradePrompt";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { formatDate } from "@/lib/domain/format";
import { levelById } from "@/lib/domain/levels";
import { getViewer } from "@/lib/server/auth/viewer";
import { articleForViewer } from "@/lib/server/content/articles";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ infoguid: string }> };

async function load(params: Props["params"]) {
  const { infoguid } = await params;
  validatedParams("infodeail", ["info", "detail", infoguid]);
  const article = await articleForViewer(infoguid, await getViewer());
  if (!article) notFound();
  return article;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const article = await load(params);
  return {
    title: article.title,
    description: article.summary,
    alternates: { canonical: `/info/detail/${article.infoguid}` },
    openGraph: { title: article.title, description: article.summary, type: "article" },
  };
}

export default async function InfoDetailPage({ params }: Props) {
  const article = await load(params);
  const typeName = isArticleType(article.type) ? ARTICLE_TYPES[article.type] : "博客";
  return (
    <article className="mx-auto max-w-3xl">
      <nav className="mb-3 text-sm text-slate-500">
        <Link href="/" className="hover:text-slate-800">首页</Link> / <Link href={`/info/${article.type}`} className="hover:text-slate-800">{typeName}</Link>
      </nav>
      <h1 className="text-2xl font-bold leading-snug text-slate-900">{article.title}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
        <span>{formatDate(article.publishedAt)}</span>
        <span>阅读 {article.views}</span>
        {article.isDemo ? <DemoBadge /> : null}
      </p>
      {article.summary ? <p className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-600">{article.summary}</p> : null}
      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        {article.body !== null ? (
          <Markdown source={article.body} />
        ) : (
          <UpgradePrompt levelId={article.minLevel} levelName={levelById(article.minLevel)?.levelName ?? "会员"} />
        )}
      </div>
    </article>
  );
}
