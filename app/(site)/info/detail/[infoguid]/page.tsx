import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Lock } from "lucide-react";
import { ArticleBody } from "@/components/content/ArticleBody";
import { DemoBadge } from "@/components/content/DemoBadge";
import { JsonLd } from "@/components/content/JsonLd";
import { LikeButton } from "@/components/content/LikeButton";
import { isSafeMediaUrl } from "@/components/content/media-url";
import { VideoPlayer } from "@/components/content/VideoPlayer";
import { config } from "@/lib/config";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { formatDate } from "@/lib/domain/format";
import { levelById } from "@/lib/domain/levels";
import {
  articleJsonLd, articlePath, breadcrumbJsonLd, ogImagePath, socialMetadata, videoJsonLd, type ArticleLd, type Site,
} from "@/lib/domain/seo";
import { getViewer } from "@/lib/server/auth/viewer";
import { articleForViewer, relatedArticles, type ArticleDetail } from "@/lib/server/content/articles";
import { countArticleView } from "@/lib/server/content/view-counts";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ infoguid: string }> };

/** One lookup per request for the page and its metadata; the data layer decides what this viewer gets. */
const load = cache(async (infoguid: string): Promise<ArticleDetail> => {
  validatedParams("infodeail", ["info", "detail", infoguid]);
  const article = await articleForViewer(infoguid.toLowerCase(), await getViewer());
  if (!article) notFound();
  return article;
});

function site(): Site {
  const { siteUrl, siteName } = config();
  return { siteUrl, siteName };
}

/** Share images: the editor's cover first when previews can show it (not SVG), then the generated card. */
function images(article: ArticleDetail): string[] {
  const generated = ogImagePath("article", article.infoguid);
  return isSafeMediaUrl(article.coverUrl) && !/\.svg(?:[?#]|$)/i.test(article.coverUrl) ? [article.coverUrl, generated] : [generated];
}

function typeName(type: string): string {
  return isArticleType(type) ? ARTICLE_TYPES[type] : "博客";
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const article = await load((await params).infoguid);
  return socialMetadata(site(), {
    title: article.title,
    description: article.description,
    path: articlePath(article.infoguid),
    images: images(article),
    type: article.type === "video" ? "video.other" : "article",
    publishedAt: article.publishedAt,
    tags: article.tags,
  });
}

export default async function InfoDetailPage({ params }: Props) {
  const article = await load((await params).infoguid);
  const viewer = await getViewer();
  // A router prefetch is not a reading.
  const prefetch = (await headers()).get("next-router-prefetch");
  const views = prefetch ? article.views : countArticleView(article.infoguid, article.views);
  const related = await relatedArticles(article, viewer, 4);

  const path = articlePath(article.infoguid);
  const levelName = levelById(article.requiredLevel)?.levelName ?? "会员";
  const ld: ArticleLd = {
    infoguid: article.infoguid, type: article.type, title: article.title, description: article.description,
    publishedAt: article.publishedAt, requiredLevel: article.requiredLevel, images: images(article), tags: article.tags,
  };
  const trail = [
    { name: "首页", path: "/" },
    ...(isArticleType(article.type) ? [{ name: typeName(article.type), path: `/info/${article.type}` }] : []),
    { name: article.title, path },
  ];
  const isVideo = article.type === "video";
  const cover = isSafeMediaUrl(article.coverUrl) ? article.coverUrl : null;

  return (
    <article className="mx-auto max-w-3xl">
      <JsonLd data={articleJsonLd(site(), ld)} />
      {isVideo ? <JsonLd data={videoJsonLd(site(), ld, article.videoUrl)} /> : null}
      <JsonLd data={breadcrumbJsonLd(site(), trail)} />

      <nav className="mb-3 text-sm text-slate-500" aria-label="面包屑">
        <Link href="/" className="hover:text-slate-800">首页</Link>
        {isArticleType(article.type) ? (
          <> / <Link href={`/info/${article.type}`} className="hover:text-slate-800">{typeName(article.type)}</Link></>
        ) : null}
      </nav>
      <h1 className="text-2xl font-bold leading-snug text-slate-900">{article.title}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
        <span>{formatDate(article.publishedAt)}</span>
        <span>阅读 {views}</span>
        {article.requiredLevel > 0 ? (
          <span className="inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
            {article.locked ? <Lock aria-hidden className="h-3 w-3" /> : null}
            {levelName}
          </span>
        ) : null}
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

      {isVideo && article.videoUrl ? (
        <div className="mt-6">
          <VideoPlayer src={article.videoUrl} poster={cover ?? undefined} title={article.title} />
        </div>
      ) : isVideo && article.locked ? (
        <div className="mt-6 flex aspect-video w-full flex-col items-center justify-center rounded-xl bg-slate-900 text-slate-200" data-testid="video-locked">
          <Lock aria-hidden className="h-8 w-8 text-amber-400" />
          <p className="mt-2 text-sm">升级 {levelName} 观看完整视频</p>
        </div>
      ) : cover ? (
        // The cover is the article's largest paint on a phone: fetched first, not after the scripts.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={cover} alt="" fetchPriority="high" className="mt-6 aspect-[2/1] w-full rounded-xl object-cover" />
      ) : null}

      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <ArticleBody body={article.body} locked={article.locked} requiredLevel={article.requiredLevel} />
      </div>

      <div className="mt-4 flex items-center justify-end">
        <LikeButton
          infoguid={article.infoguid}
          likes={article.likes}
          liked={article.likedByViewer}
          canLike={!article.locked}
          loginHref={viewer ? null : `/login?r=${encodeURIComponent(path)}`}
        />
      </div>

      {related.length ? (
        <section className="mt-8" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-3 text-lg font-semibold">相关{typeName(article.type)}</h2>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {related.map((r) => (
              <li key={r.infoguid}>
                <Link href={articlePath(r.infoguid)} className="block px-4 py-3 hover:bg-slate-50">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    {r.title}
                    {r.requiredLevel > 0 ? (
                      <span className="inline-flex shrink-0 items-center gap-0.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-800">
                        {r.locked ? <Lock aria-hidden className="h-3 w-3" /> : null}
                        {levelById(r.requiredLevel)?.levelName}
                      </span>
                    ) : null}
                  </p>
                  {r.snippet ? <p className="mt-1 line-clamp-2 text-sm text-slate-500">{r.snippet}</p> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
