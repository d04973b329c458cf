import { config } from "@/lib/config";
import { absoluteUrl, articlePath, articleSitemapPage, SITEMAP_ARTICLES_PER_FILE, sitemapXml } from "@/lib/domain/seo";
import { z } from "zod";
import { sitemapArticles } from "@/lib/server/content/articles";
import { route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/**
 * /sitemaps/articles-{n}.xml: article pages older than those in /sitemap.xml, 10 000 per file (robots.txt lists the
 * files that exist). Addresses and dates only; the same for every visitor.
 */
export const GET = route({ name: "article sitemap", auth: "visitor", session: false, params: z.object({ file: z.string() }) }, async ({ params }) => {
  const page = articleSitemapPage(params.file);
  const articles = page ? await sitemapArticles({ offset: page * SITEMAP_ARTICLES_PER_FILE, limit: SITEMAP_ARTICLES_PER_FILE }) : [];
  if (!articles.length) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { siteUrl } = config();
  const xml = sitemapXml(articles.map((a) => ({ url: absoluteUrl(siteUrl, articlePath(a.infoguid)), lastModified: a.publishedAt, changeFrequency: "monthly", priority: 0.5 })));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
});
