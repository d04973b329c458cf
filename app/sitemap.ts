import type { MetadataRoute } from "next";
import { config } from "@/lib/config";
import { ARTICLE_TYPES } from "@/lib/domain/article-types";
import { absoluteUrl, articlePath, blogPostPath, masterPath, SITEMAP_ARTICLES_PER_FILE } from "@/lib/domain/seo";
import { sitemapArticles, sitemapBlogPosts } from "@/lib/server/content/articles";
import { listMasters, listStrategies } from "@/lib/server/content/masters";
import { masterTradingDays } from "@/lib/server/statements/master-hub";

// Read from the database per request, never while building.
export const dynamic = "force-dynamic";

/** Ranking pages of this many recent trading days are listed. */
const RANK_DAYS = 30;
const MAX_PROFILES = 5_000;
/** Members' published posts listed, newest first. */
const MAX_POSTS = 5_000;

/**
 * /sitemap.xml: the site's public pages, every master and strategy, recent rankings and the newest articles.
 * Older articles are in /sitemaps/articles-{n}.xml (app/sitemaps/[file]/route.ts), listed in robots.txt.
 * Members' published posts are listed (/user/blog/{uguid}/{infoguid}); their other pages (/user…), search results,
 * payment and admin pages are left out on purpose.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { siteUrl } = config();
  const url = (path: string) => absoluteUrl(siteUrl, path);
  const [masters, strategies, days, articles, posts] = await Promise.all([
    listMasters({ pageSize: MAX_PROFILES }),
    listStrategies({ pageSize: MAX_PROFILES }),
    masterTradingDays(RANK_DAYS),
    sitemapArticles({ limit: SITEMAP_ARTICLES_PER_FILE }),
    sitemapBlogPosts(MAX_POSTS),
  ]);
  const pages: MetadataRoute.Sitemap = [
    { url: url("/"), changeFrequency: "daily", priority: 1 },
    { url: url("/god"), changeFrequency: "daily", priority: 0.9 },
    { url: url("/rank"), changeFrequency: "daily", priority: 0.8 },
    { url: url("/quant"), changeFrequency: "daily", priority: 0.8 },
    { url: url("/quant/realtrade"), changeFrequency: "daily", priority: 0.6 },
    { url: url("/loss-tracker"), changeFrequency: "daily", priority: 0.6 },
    { url: url("/list/god"), changeFrequency: "daily", priority: 0.6 },
    { url: url("/list/quant"), changeFrequency: "weekly", priority: 0.5 },
    ...Object.keys(ARTICLE_TYPES).map((t) => ({ url: url(`/info/${t}`), changeFrequency: "daily" as const, priority: 0.7 })),
    { url: url("/price"), changeFrequency: "monthly", priority: 0.5 },
    { url: url("/disclaimer"), changeFrequency: "yearly", priority: 0.2 },
    { url: url("/terms"), changeFrequency: "yearly", priority: 0.2 },
  ];
  return [
    ...pages,
    ...masters.items.map((m) => ({ url: url(masterPath(m.guid)), changeFrequency: "daily" as const, priority: 0.8 })),
    ...strategies.items.map((s) => ({ url: url(`/quant?s=${s.guid}`), changeFrequency: "daily" as const, priority: 0.6 })),
    ...days.map((d) => ({ url: url(`/rank/${d}`), lastModified: d, changeFrequency: "never" as const, priority: 0.4 })),
    ...articles.map((a) => ({
      url: url(articlePath(a.infoguid)),
      lastModified: a.publishedAt ?? undefined,
      changeFrequency: "monthly" as const,
      priority: 0.7,
      ...(a.coverUrl ? { images: [url(a.coverUrl)] } : {}),
    })),
    ...posts.map((p) => ({ url: url(blogPostPath(p.authorId, p.infoguid)), lastModified: p.publishedAt ?? undefined, changeFrequency: "monthly" as const, priority: 0.5 })),
  ];
}
