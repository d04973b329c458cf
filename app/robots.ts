import type { MetadataRoute } from "next";
import { config } from "@/lib/config";
import { absoluteUrl, articleSitemapFiles } from "@/lib/domain/seo";
import { countSitemapArticles } from "@/lib/server/content/articles";

// SITE_URL and the article count are read per request, never while building.
export const dynamic = "force-dynamic";

/**
 * Crawlers may read every public page; member, admin, payment and API addresses are off limits — but for members'
 * published posts under /user/blog/ (the longer rule wins, for Googlebot and Baiduspider alike; drafts and hidden
 * posts answer 404 to crawlers, docs/adr/0082).
 */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const { siteUrl } = config();
  const extra = articleSitemapFiles(await countSitemapArticles());
  return {
    rules: [{ userAgent: "*", allow: ["/", "/user/blog/"], disallow: ["/admin", "/api/", "/user", "/pay", "/stripePay", "/error/"] }],
    sitemap: [absoluteUrl(siteUrl, "/sitemap.xml"), ...extra.map((f) => absoluteUrl(siteUrl, `/sitemaps/${f}`))],
  };
}
