import Link from "@/components/ui/Link";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { formatDate } from "@/lib/domain/format";
import { DemoBadge } from "./DemoBadge";
import { LevelTag } from "./LevelTag";

/** The head of an article page: the way back to its kind, its title, date, readings, level, tags and summary. */
export function ArticleHeader({ article, views, levelName }: {
  article: { type: string; title: string; publishedAt: Date | null; requiredLevel: number; locked: boolean; isDemo: boolean; tags: string[]; summary: string };
  views: number;
  levelName: string;
}) {
  return (
    <>
      <nav className="mb-3 text-sm text-slate-500" aria-label="面包屑">
        <Link href="/" className="hover:text-slate-800">首页</Link>
        {isArticleType(article.type) ? (
          <> / <Link href={`/info/${article.type}`} className="hover:text-slate-800">{ARTICLE_TYPES[article.type]}</Link></>
        ) : null}
      </nav>
      <h1 className="text-2xl font-bold leading-snug text-slate-900">{article.title}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
        <span>{formatDate(article.publishedAt)}</span>
        <span>阅读 {views}</span>
        {article.requiredLevel > 0 ? <LevelTag locked={article.locked}>{levelName}</LevelTag> : null}
        {article.isDemo ? <DemoBadge /> : null}
      </p>
      {article.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="标签">
          {article.tags.map((t) => (
            <li key={t}>
              <Link href={`/search/${encodeURIComponent(t)}`} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-600 hover:bg-slate-200">#{t}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {article.summary ? <p className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-600">{article.summary}</p> : null}
    </>
  );
}
