import { config } from "@/lib/config";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { levelById } from "@/lib/domain/levels";
import { renderMarkdown } from "@/lib/domain/markdown";
import { absoluteUrl, articlePath, rssXml, xmlEscape } from "@/lib/domain/seo";
import { feedArticles, tagsOf } from "@/lib/server/content/articles";
import { route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

const ITEMS = 30;

/**
 * /rss.xml: the newest articles and videos (RSS 2.0). A feed is shared by everyone who fetches it, so it is always
 * the visitor's view: public articles whole, gated ones as their lead-in and a link to read on.
 */
export const GET = route({ name: "RSS feed", auth: "visitor", session: false }, async () => {
  const { siteUrl, siteName } = config();
  const articles = await feedArticles(ITEMS);
  const tags = await tagsOf(articles.map((a) => a.infoguid));
  const items = articles.map((a) => {
    const link = absoluteUrl(siteUrl, articlePath(a.infoguid));
    const more = a.locked
      ? `<p><a href="${xmlEscape(link)}">本文为 ${levelById(a.requiredLevel)?.levelName ?? "会员"} 专享内容，升级后阅读全文 ›</a></p>`
      : "";
    return {
      title: a.title,
      link,
      html: renderMarkdown(a.content) + more,
      publishedAt: a.publishedAt,
      categories: [isArticleType(a.type) ? ARTICLE_TYPES[a.type] : "博客", ...(tags.get(a.infoguid) ?? [])],
    };
  });
  const xml = rssXml(
    {
      title: siteName,
      link: absoluteUrl(siteUrl, "/"),
      feedUrl: absoluteUrl(siteUrl, "/rss.xml"),
      description: `${siteName}：从大神交割单学A股交易的文章与教学视频。`,
      updatedAt: articles[0]?.publishedAt ?? new Date(0),
    },
    items,
  );
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
});
