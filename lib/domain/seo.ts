import { isoDuration } from "./media/mp4-duration";
import type { Article, BlogPosting, BreadcrumbList, ItemList, NewsArticle, Organization, ProfilePage, SearchAction, VideoObject, WebSite, WithContext } from "schema-dts";
import { ARTICLE_TYPES, isArticleType } from "./article-types";
import { PAYWALL_LOCKED_CLASS } from "./paywall";

/**
 * What search engines and link previews read: canonical URLs, Open Graph / Twitter fields, JSON-LD (schema.org)
 * and the XML of feeds and sitemaps. Pure: the site's origin comes in as an argument (config().siteUrl), never
 * from a request's Host. Nothing here ever receives a paid body: callers pass summaries, lead-ins and public fields.
 */

export interface Site {
  /** canonical origin without a trailing slash, e.g. https://lianghua.example */
  siteUrl: string;
  siteName: string;
}

const CONTEXT = "https://schema.org";

/** An absolute URL on the site for a path (`/info/detail/…`); absolute http(s) URLs are kept as they are. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the script or start markup. */
/** The canonical of a page by default: its path without the query string ("/" when the request did not say). */
export function canonicalPath(pathWithQuery: string | null): string {
  if (!pathWithQuery || !pathWithQuery.startsWith("/")) return "/";
  const path = pathWithQuery.split(/[?#]/, 1)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : "/";
}

export function jsonLdHtml(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export type OgKind = "article" | "master";

/** The generated Open Graph image of an article or a master (app/og/{kind}/[file]/route.tsx). */
export function ogImagePath(kind: OgKind, id: string): string {
  return `/og/${kind}/${id}.png`;
}

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Cuts a text to `max` characters (code points) with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}

export interface SocialInput {
  title: string;
  description: string;
  /** the page's path, e.g. /info/detail/{guid} */
  path: string;
  /** image paths or URLs, best first */
  images: string[];
  type: "article" | "website" | "profile" | "video.other";
  publishedAt?: Date | null;
  tags?: string[];
}

/**
 * Canonical, Open Graph and Twitter card fields in the shape of Next's `Metadata` (spread it into the object that
 * generateMetadata returns; `metadataBase` in the root layout makes relative images absolute).
 */
export function socialMetadata(site: Site, input: SocialInput) {
  const url = absoluteUrl(site.siteUrl, input.path);
  const images = input.images.map((src) => ({ url: absoluteUrl(site.siteUrl, src), ...(src.startsWith("/og/") ? OG_IMAGE_SIZE : {}) }));
  const description = clip(input.description, 160);
  return {
    title: input.title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: input.type,
      url,
      title: input.title,
      description,
      siteName: site.siteName,
      locale: "zh_CN",
      images,
      ...(input.type === "article" && input.publishedAt ? { publishedTime: input.publishedAt.toISOString() } : {}),
      ...(input.type === "article" && input.tags?.length ? { tags: input.tags } : {}),
    },
    twitter: { card: "summary_large_image" as const, title: input.title, description, images: images.map((i) => i.url) },
  };
}

export interface ArticleLd {
  infoguid: string;
  type: string;
  title: string;
  /** summary or the lead-in's text: never the paid body */
  description: string;
  publishedAt: Date | null;
  /** 0 public, 100 VIP, 200 SVIP */
  requiredLevel: number;
  images: string[];
  tags: string[];
}

export const articlePath = (infoguid: string): string => `/info/detail/${infoguid}`;

function organization(site: Site): Organization {
  return {
    "@type": "Organization",
    name: site.siteName,
    url: site.siteUrl,
    logo: { "@type": "ImageObject" as const, url: absoluteUrl(site.siteUrl, "/favicon.svg") },
  };
}

/** The part of the page that is paid (Google's paywalled-content markup: a class selector, no nesting). */
function paywalled(requiredLevel: number) {
  return requiredLevel > 0
    ? { isAccessibleForFree: false, hasPart: { "@type": "WebPageElement" as const, isAccessibleForFree: false, cssSelector: `.${PAYWALL_LOCKED_CLASS}` } }
    : { isAccessibleForFree: true };
}

/** schema.org Article of an article page; gated ones say isAccessibleForFree false and where the paid part stands. */
export function articleJsonLd(site: Site, a: ArticleLd): WithContext<Article | NewsArticle> {
  const url = absoluteUrl(site.siteUrl, articlePath(a.infoguid));
  const date = a.publishedAt?.toISOString();
  return {
    "@context": CONTEXT,
    "@type": a.type === "news" ? "NewsArticle" : "Article",
    "@id": `${url}#article`,
    mainEntityOfPage: { "@type": "WebPage" as const, "@id": url },
    url,
    headline: clip(a.title, 110),
    description: clip(a.description, 300),
    image: a.images.map((src) => absoluteUrl(site.siteUrl, src)),
    ...(date ? { datePublished: date, dateModified: date } : {}),
    inLanguage: "zh-CN",
    articleSection: isArticleType(a.type) ? ARTICLE_TYPES[a.type] : "博客",
    ...(a.tags.length ? { keywords: a.tags.join(",") } : {}),
    author: organization(site),
    publisher: organization(site),
    ...paywalled(a.requiredLevel),
  };
}

/** schema.org VideoObject; `contentUrl` only when the viewer may watch (a gated video's address is never given). */
export function videoJsonLd(site: Site, a: ArticleLd, contentUrl: string | null, seconds: number | null = null): WithContext<VideoObject> {
  const date = a.publishedAt?.toISOString();
  return {
    "@context": CONTEXT,
    "@type": "VideoObject",
    "@id": `${absoluteUrl(site.siteUrl, articlePath(a.infoguid))}#video`,
    name: clip(a.title, 100),
    description: clip(a.description || a.title, 300),
    thumbnailUrl: a.images.map((src) => absoluteUrl(site.siteUrl, src)),
    ...(date ? { uploadDate: date } : {}),
    ...(contentUrl ? { contentUrl: absoluteUrl(site.siteUrl, contentUrl) } : {}),
    ...(seconds ? { duration: isoDuration(seconds) } : {}),
    inLanguage: "zh-CN",
    ...paywalled(a.requiredLevel),
  };
}

/** schema.org WebSite of the home page, with the site search (`/search/{term}`) as its SearchAction. */
export function websiteJsonLd(site: Site): WithContext<WebSite> {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    "@id": `${absoluteUrl(site.siteUrl, "/")}#website`,
    name: site.siteName,
    url: absoluteUrl(site.siteUrl, "/"),
    inLanguage: "zh-CN",
    publisher: organization(site),
    // "query-input" is the search engines' extension of schema.org's SearchAction (sitelinks search box)
    potentialAction: { "@type": "SearchAction", target: `${absoluteUrl(site.siteUrl, "/search")}/{search_term_string}`, "query-input": "required name=search_term_string" } as SearchAction,
  };
}

/** schema.org ItemList of a page's list (a ranking, a directory), in the order shown. */
export function itemListJsonLd(site: Site, list: { name: string; path: string; items: { name: string; path: string }[] }): WithContext<ItemList> {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    "@id": `${absoluteUrl(site.siteUrl, list.path)}#list`,
    name: list.name,
    numberOfItems: list.items.length,
    itemListOrder: "https://schema.org/ItemListOrderAscending",
    itemListElement: list.items.map((item, i) => ({ "@type": "ListItem" as const, position: i + 1, name: item.name, url: absoluteUrl(site.siteUrl, item.path) })),
  };
}

export const blogPostPath = (authorId: string, infoguid: string): string => `/user/blog/${authorId}/${infoguid}`;

export interface BlogPostLd {
  infoguid: string;
  authorId: string;
  authorName: string;
  title: string;
  /** the post's summary: what a visitor reads of it before the body */
  description: string;
  publishedAt: Date | null;
}

/** schema.org BlogPosting of a member's published post, by its member (a Person with their page). */
export function blogPostingJsonLd(site: Site, p: BlogPostLd): WithContext<BlogPosting> {
  const url = absoluteUrl(site.siteUrl, blogPostPath(p.authorId, p.infoguid));
  const published = p.publishedAt?.toISOString();
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    mainEntityOfPage: { "@type": "WebPage" as const, "@id": url },
    url,
    headline: clip(p.title, 110),
    description: clip(p.description || p.title, 300),
    ...(published ? { datePublished: published, dateModified: published } : {}),
    inLanguage: "zh-CN",
    author: { "@type": "Person" as const, name: p.authorName, url: absoluteUrl(site.siteUrl, `/user/${p.authorId}`) },
    publisher: organization(site),
    isAccessibleForFree: true,
  };
}

/** schema.org BreadcrumbList from the home page down to the current page. */
export function breadcrumbJsonLd(site: Site, trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({ "@type": "ListItem" as const, position: i + 1, name: t.name, item: absoluteUrl(site.siteUrl, t.path) })),
  };
}

export interface MasterLd {
  guid: string;
  name: string;
  bio: string;
  avatarUrl: string;
  styleTags: string[];
  /** when the master's page was made (ProfilePage dateCreated) */
  createdAt?: Date;
  /** the newest trading day of his published statements (ProfilePage dateModified) */
  lastTradeDate?: string | null;
}

export const masterPath = (guid: string): string => `/detail/${guid}`;

/** schema.org ProfilePage whose main entity is the master (a Person): for `/detail/{guid}`. */
export function personJsonLd(site: Site, m: MasterLd): WithContext<ProfilePage> {
  const url = absoluteUrl(site.siteUrl, masterPath(m.guid));
  return {
    "@context": CONTEXT,
    "@type": "ProfilePage",
    "@id": url,
    url,
    inLanguage: "zh-CN",
    ...(m.createdAt ? { dateCreated: m.createdAt.toISOString() } : {}),
    ...(m.lastTradeDate || m.createdAt ? { dateModified: m.lastTradeDate ?? m.createdAt!.toISOString() } : {}),
    mainEntity: {
      "@type": "Person" as const,
      "@id": `${url}#person`,
      name: m.name,
      ...(m.bio ? { description: clip(m.bio, 300) } : {}),
      image: absoluteUrl(site.siteUrl, m.avatarUrl || ogImagePath("master", m.guid)),
      ...(m.styleTags.length ? { knowsAbout: m.styleTags } : {}),
      url,
    },
  };
}

/** Canonical / Open Graph / Twitter fields and the Person JSON-LD of a master's page, in one call. */
export function masterSeo(site: Site, m: MasterLd) {
  return {
    metadata: socialMetadata(site, {
      title: `${m.name}的交割单`,
      description: m.bio || `${m.name}的真实交割单：每个交易日的成交、K线买卖点与完整交易回合。`,
      path: masterPath(m.guid),
      images: [ogImagePath("master", m.guid)],
      type: "profile",
    }),
    jsonLd: personJsonLd(site, m),
  };
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for XML: escaped, and without the control characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export interface RssItem {
  title: string;
  /** absolute URL */
  link: string;
  /** HTML of what a visitor may read (a public body, or a gated article's lead-in) */
  html: string;
  publishedAt: Date | null;
  categories: string[];
}

/** RSS 2.0 with an atom:link to itself. */
export function rssXml(channel: { title: string; link: string; feedUrl: string; description: string; updatedAt: Date }, items: RssItem[]): string {
  const item = (i: RssItem) =>
    [
      "<item>",
      `<title>${xmlEscape(i.title)}</title>`,
      `<link>${xmlEscape(i.link)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(i.link)}</guid>`,
      i.publishedAt ? `<pubDate>${i.publishedAt.toUTCString()}</pubDate>` : "",
      ...i.categories.map((c) => `<category>${xmlEscape(c)}</category>`),
      `<description>${xmlEscape(i.html)}</description>`,
      "</item>",
    ].filter(Boolean).join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xmlEscape(channel.title)}</title>`,
    `<link>${xmlEscape(channel.link)}</link>`,
    `<atom:link href="${xmlEscape(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlEscape(channel.description)}</description>`,
    "<language>zh-CN</language>",
    `<lastBuildDate>${channel.updatedAt.toUTCString()}</lastBuildDate>`,
    ...items.map(item),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export interface SitemapEntry {
  url: string;
  lastModified?: Date | null;
  changeFrequency?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  priority?: number;
}

/** A sitemaps.org urlset (for the article pages that do not fit in /sitemap.xml). */
export function sitemapXml(entries: SitemapEntry[]): string {
  const url = (e: SitemapEntry) =>
    [
      "<url>",
      `<loc>${xmlEscape(e.url)}</loc>`,
      e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : "",
      e.changeFrequency ? `<changefreq>${e.changeFrequency}</changefreq>` : "",
      e.priority !== undefined ? `<priority>${e.priority}</priority>` : "",
      "</url>",
    ].join("");
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries.map(url), "</urlset>", ""].join("\n");
}

/** Article pages per sitemap file: /sitemap.xml holds the site's pages and the newest ones, /sitemaps/articles-{n}.xml the rest. */
export const SITEMAP_ARTICLES_PER_FILE = 10_000;

/** The extra article sitemap files for a number of articles (none while all fit in /sitemap.xml). */
export function articleSitemapFiles(totalArticles: number): string[] {
  const files = Math.max(0, Math.ceil(totalArticles / SITEMAP_ARTICLES_PER_FILE) - 1);
  return Array.from({ length: files }, (_, i) => `articles-${i + 1}.xml`);
}

/** The page number of an extra article sitemap file name, or null. */
export function articleSitemapPage(file: string): number | null {
  const m = /^articles-([1-9]\d{0,5})\.xml$/.exec(file);
  return m ? Number(m[1]) : null;
}
