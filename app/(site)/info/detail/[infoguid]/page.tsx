import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ArticleBody } from "@/components/content/ArticleBody";
import { ArticleHeader } from "@/components/content/ArticleHeader";
import { ArticleMedia } from "@/components/content/ArticleMedia";
import { JsonLd } from "@/components/content/JsonLd";
import { LikeButton } from "@/components/content/LikeButton";
import { isSafeMediaUrl } from "@/components/content/media-url";
import { RelatedArticles } from "@/components/content/RelatedArticles";
import { config } from "@/lib/config";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { levelById } from "@/lib/domain/levels";
import {
  articleJsonLd, articlePath, breadcrumbJsonLd, ogImagePath, socialMetadata, videoJsonLd, type ArticleLd, type Site,
} from "@/lib/domain/seo";
import { getViewer } from "@/lib/server/auth/viewer";
import { renderIsAPersonReading } from "@/lib/server/page-render";
import { renderBody } from "@/lib/server/blog/render";
import { articleForViewer, relatedArticles, type ArticleDetail } from "@/lib/server/content/articles";
import { countArticleView } from "@/lib/server/content/view-counts";
import { STORED_VIDEO_PREFIX } from "@/lib/domain/content/video-links";
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

/** Search engines get a video's address only when it is a lasting one: a stored video's signed address expires. */
function publicVideoAddress(address: string | null): string | null {
  return address && !address.startsWith(STORED_VIDEO_PREFIX) ? address : null;
}

export default async function InfoDetailPage({ params }: Props) {
  const article = await load((await params).infoguid);
  const viewer = await getViewer();
  const views = (await renderIsAPersonReading()) ? countArticleView(article.infoguid, article.views) : article.views;
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

  return (
    <article className="mx-auto max-w-3xl">
      <JsonLd data={articleJsonLd(site(), ld)} />
      {isVideo ? <JsonLd data={videoJsonLd(site(), ld, publicVideoAddress(article.videoUrl), article.videoSeconds)} /> : null}
      <JsonLd data={breadcrumbJsonLd(site(), trail)} />

      <ArticleHeader article={article} views={views} levelName={levelName} />
      <ArticleMedia
        isVideo={isVideo}
        videoUrl={article.videoUrl}
        locked={article.locked}
        cover={isSafeMediaUrl(article.coverUrl) ? article.coverUrl : null}
        title={article.title}
        levelName={levelName}
      />

      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <ArticleBody html={renderBody(article.body)} locked={article.locked} requiredLevel={article.requiredLevel} />
      </div>

      <div className="mt-4 flex items-center justify-end">
        <LikeButton
          infoguid={article.infoguid}
          likes={article.likes}
          liked={article.likedByViewer}
          canLike={!article.locked}
          loginHref={viewer ? null : `/login?r=${encodeURIComponent(path)}`}
          readOwnLike={viewer?.accessClassOnly === true}
        />
      </div>

      <RelatedArticles heading={`相关${typeName(article.type)}`} items={related} />
    </article>
  );
}
