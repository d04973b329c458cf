import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { articleLikes, articles, articleTags } from "@/lib/db/schema";
import { leadIn, plainText } from "@/lib/domain/paywall";
import { summaryFromHtml } from "@/lib/domain/summary";
import { renderBody } from "@/lib/server/blog/render";
import { canRead } from "@/lib/server/auth/entitlement";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { publicData } from "@/lib/server/cache/public-data";
import { playableVideoAddress } from "./video-links";
import { videoDurationSeconds } from "./video-duration";

/**
 * Articles, videos and blog posts as the viewer may see them. Every read goes through `canRead`: below the item's
 * level only its lead-in leaves this module (with `locked: true` and the `requiredLevel`), never the paid body nor a
 * gated video's address. Who is asking is the session's viewer only; a crawler's User-Agent changes nothing.
 */

export interface ArticleSummary {
  infoguid: string;
  type: string;
  title: string;
  summary: string;
  coverUrl: string;
  minLevel: number;
  views: number;
  likes: number;
  isDemo: boolean;
  publishedAt: Date | null;
  /** true when the viewer's level is below the article's: only its lead-in is available */
  locked: boolean;
  /** the level that unlocks the article (0 public, 100 VIP, 200 SVIP) */
  requiredLevel: number;
}

export interface ArticleDetail extends ArticleSummary {
  /** The Markdown this viewer may read: the whole body, or only its lead-in (ending with `<!-- more -->`) when locked. */
  body: string;
  /** For meta tags and structured data: the summary, else the reading text of the lead-in (never the paid part). */
  description: string;
  /** The video's address, or null when there is none or the article is locked. */
  videoUrl: string | null;
  /** the video's length (its VideoObject duration), told to every reader; null when unknown */
  videoSeconds: number | null;
  tags: string[];
  likedByViewer: boolean;
}

export interface RelatedArticle extends ArticleSummary {
  /** a short reading text from what the viewer may read (the summary, else the lead-in, else the body) */
  snippet: string;
}

export interface FeedArticle extends ArticleSummary {
  /** Markdown for a feed: the whole body of a public article, the lead-in of a gated one */
  content: string;
}

export interface SitemapArticle {
  infoguid: string;
  type: string;
  publishedAt: Date | null;
  coverUrl: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

type Row = Omit<ArticleSummary, "locked" | "requiredLevel">;

const summaryColumns = {
  infoguid: articles.infoguid, type: articles.type, title: articles.title, summary: articles.summary,
  coverUrl: articles.coverUrl, minLevel: articles.minLevel, views: articles.views, likes: articles.likes,
  isDemo: articles.isDemo, publishedAt: articles.publishedAt,
};

const DESCRIPTION_CHARS = 150;
const SNIPPET_CHARS = 80;

const published = eq(articles.status, "published");
const editorial = ne(articles.type, "blog");

/** The one place that decides what of a row a viewer gets (no body here: see readable()). */
function forViewer(row: Row, viewer: Viewer | null): ArticleSummary {
  return { ...row, locked: !canRead(viewer, row.minLevel), requiredLevel: row.minLevel };
}

/** The Markdown a viewer may read of a body. */
function readable(body: string, locked: boolean): string {
  return locked ? leadIn(body) : body;
}

/**
 * Text of what a body shows, for a description or a snippet. A free body (every member's post) is laid out through
 * the budgeted render (lib/server/blog/render.ts) and never parsed on its own: the parser has inputs that stall the
 * process for seconds. Only staff write gated bodies, whose lead-in is cut by the paywall's parser.
 */
function textOfBody(body: string, minLevel: number, max: number): string {
  const html = renderBody(minLevel > 0 ? leadIn(body) : body);
  return html === null ? "" : summaryFromHtml(html, max);
}

function describeArticle(summary: string, body: string, minLevel: number): string {
  return plainText(summary, DESCRIPTION_CHARS) || textOfBody(body, minLevel, DESCRIPTION_CHARS);
}

/** `key` names the list `where` selects (the cache key of its rows). */
async function pageOfArticles(key: string, where: SQL | undefined, page: number, pageSize: number, viewer: Viewer | null): Promise<Page<ArticleSummary>> {
  const { items, total } = await publicData(`articles|${key}|${page}|${pageSize}`, ["articles"], async () => {
    const database = await db();
    const [rows, [totals]] = await Promise.all([
      database.select(summaryColumns).from(articles).where(where).orderBy(desc(articles.publishedAt), asc(articles.infoguid))
        .limit(pageSize).offset((page - 1) * pageSize),
      database.select({ n: count() }).from(articles).where(where),
    ]);
    return { items: rows, total: totals?.n ?? 0 };
  });
  return { items: items.map((r) => forViewer(r, viewer)), total, page, pageSize };
}

/** Published editorial articles, newest first; `type` narrows to one kind. Blog posts are not included. */
export async function listArticles(opts: { type?: string; page?: number; pageSize?: number; viewer?: Viewer | null }): Promise<Page<ArticleSummary>> {
  const where = and(published, opts.type ? eq(articles.type, opts.type) : editorial);
  return pageOfArticles(`type:${opts.type ?? "editorial"}`, where, opts.page ?? 1, opts.pageSize ?? 12, opts.viewer ?? null);
}

/** A member's published blog posts, newest first. */
export async function listBlogPosts(authorId: string, page: number, pageSize = 10, viewer: Viewer | null = null): Promise<Page<ArticleSummary>> {
  return pageOfArticles(`blog:${authorId}`, and(eq(articles.authorId, authorId), eq(articles.type, "blog"), published), page, pageSize, viewer);
}

/** One published article; the body leaves the server whole only for a viewer whose level reaches the article's. */
export async function articleForViewer(infoguid: string, viewer: Viewer | null): Promise<ArticleDetail | null> {
  const stored = await publicData(`article|${infoguid}`, ["articles"], async () => {
    const database = await db();
    const [row] = await database
      .select({ ...summaryColumns, body: articles.body, videoUrl: articles.videoUrl })
      .from(articles)
      .where(and(eq(articles.infoguid, infoguid), published))
      .limit(1);
    if (!row) return null;
    const tags = await database.select({ tag: articleTags.tag }).from(articleTags).where(eq(articleTags.infoguid, infoguid))
      .orderBy(asc(articleTags.position), asc(articleTags.tag));
    return { row, tags: tags.map((t) => t.tag) };
  });
  if (!stored) return null;
  const { body, videoUrl, ...rest } = stored.row;
  const summary = forViewer(rest, viewer);
  // A members' access class render (ADR 0067) likes nothing: the member's own like is read in the browser.
  const liked = viewer && !viewer.accessClassOnly
    ? await (await db()).select({ n: count() }).from(articleLikes).where(and(eq(articleLikes.infoguid, infoguid), eq(articleLikes.userId, viewer.userId)))
    : [{ n: 0 }];
  return {
    ...summary,
    body: readable(body, summary.locked),
    description: describeArticle(rest.summary, body, rest.minLevel),
    // A stored video's address is signed for this reader and expires (ADR 0066); a locked one is never named.
    videoUrl: summary.locked || !videoUrl ? null : playableVideoAddress(videoUrl),
    videoSeconds: rest.type === "video" ? await videoDurationSeconds(videoUrl) : null,
    tags: [...stored.tags],
    likedByViewer: (liked[0]?.n ?? 0) > 0,
  };
}

/** Other published articles of the same type, newest first, each with a snippet of what the viewer may read. */
export async function relatedArticles(article: { infoguid: string; type: string }, viewer: Viewer | null, limit = 4): Promise<RelatedArticle[]> {
  const rows = await publicData(`related|${article.infoguid}|${article.type}|${limit}`, ["articles"], async () =>
    (await db())
      .select({ ...summaryColumns, body: articles.body })
      .from(articles)
      .where(and(published, eq(articles.type, article.type), ne(articles.infoguid, article.infoguid)))
      .orderBy(desc(articles.publishedAt), asc(articles.infoguid))
      .limit(limit),
  );
  return rows.map(({ body, ...rest }) => {
    const summary = forViewer(rest, viewer);
    const snippet = plainText(rest.summary, SNIPPET_CHARS) || (summary.locked ? plainText(readable(body, true), SNIPPET_CHARS) : textOfBody(body, 0, SNIPPET_CHARS));
    return { ...summary, snippet };
  });
}

/**
 * The newest published editorial articles for the RSS feed, as a visitor sees them (a feed is shared: it never
 * depends on who fetches it): public bodies whole, gated ones as their lead-in.
 */
export async function feedArticles(limit = 30): Promise<FeedArticle[]> {
  const rows = await (await db())
    .select({ ...summaryColumns, body: articles.body })
    .from(articles)
    .where(and(published, editorial))
    .orderBy(desc(articles.publishedAt), asc(articles.infoguid))
    .limit(limit);
  return rows.map(({ body, ...rest }) => {
    const summary = forViewer(rest, null);
    return { ...summary, content: readable(body, summary.locked) };
  });
}

/** Published editorial articles for the sitemap (addresses and dates only), newest first. */
export async function sitemapArticles(opts: { offset?: number; limit: number }): Promise<SitemapArticle[]> {
  return (await db())
    .select({ infoguid: articles.infoguid, type: articles.type, publishedAt: articles.publishedAt, coverUrl: articles.coverUrl })
    .from(articles)
    .where(and(published, editorial))
    .orderBy(desc(articles.publishedAt), asc(articles.infoguid))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
}

/** Members' published posts, newest first, for the sitemap: their public address is under /user/blog (docs/adr/0082). */
export async function sitemapBlogPosts(limit: number): Promise<{ infoguid: string; authorId: string; publishedAt: Date | null }[]> {
  const rows = await (await db())
    .select({ infoguid: articles.infoguid, authorId: articles.authorId, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(published, eq(articles.type, "blog"), isNotNull(articles.authorId)))
    .orderBy(desc(articles.publishedAt), asc(articles.infoguid))
    .limit(limit);
  return rows.flatMap((r) => (r.authorId ? [{ ...r, authorId: r.authorId }] : []));
}

export async function countSitemapArticles(): Promise<number> {
  const [row] = await (await db()).select({ n: count() }).from(articles).where(and(published, editorial));
  return row?.n ?? 0;
}

/** Counts `n` readings of a published article; answers the new count (null when it is not published). */
export async function recordArticleView(infoguid: string, n = 1): Promise<number | null> {
  const [row] = await (await db()).update(articles).set({ views: sql`${articles.views} + ${n}` })
    .where(and(eq(articles.infoguid, infoguid), published)).returning({ views: articles.views });
  return row?.views ?? null;
}

/** A member likes an article they may read, at most once (repeats change nothing and answer the same count). */
/** Whether the member liked a published article, and its count: what a page of their access class cannot hold. */
export async function likeState(viewer: Viewer, infoguid: string): Promise<{ liked: boolean; likes: number } | null> {
  const database = await db();
  const [article] = await database.select({ likes: articles.likes }).from(articles).where(and(eq(articles.infoguid, infoguid), published)).limit(1);
  if (!article) return null;
  const [mine] = await database.select({ n: count() }).from(articleLikes).where(and(eq(articleLikes.infoguid, infoguid), eq(articleLikes.userId, viewer.userId)));
  return { liked: (mine?.n ?? 0) > 0, likes: article.likes };
}

export async function likeArticle(viewer: Viewer, infoguid: string): Promise<{ likes: number; first: boolean }> {
  return (await db()).transaction(async (tx) => {
    const [article] = await tx.select({ minLevel: articles.minLevel }).from(articles)
      .where(and(eq(articles.infoguid, infoguid), published)).limit(1);
    if (!article) throw new AppError("not_found", "文章不存在或已下线");
    if (!canRead(viewer, article.minLevel)) throw new AppError("forbidden", "升级会员后才能点赞这篇文章");
    const inserted = await tx.insert(articleLikes).values({ infoguid, userId: viewer.userId }).onConflictDoNothing().returning({ infoguid: articleLikes.infoguid });
    const [row] = inserted.length
      ? await tx.update(articles).set({ likes: sql`${articles.likes} + 1` }).where(eq(articles.infoguid, infoguid)).returning({ likes: articles.likes })
      : await tx.select({ likes: articles.likes }).from(articles).where(eq(articles.infoguid, infoguid));
    return { likes: row?.likes ?? 0, first: inserted.length > 0 };
  });
}

export const MAX_TAGS = 10;
const MAX_TAG_CHARS = 20;

/** Replaces an article's tags (trimmed, deduplicated, at most 10 of at most 20 characters), in the given order. */
export async function setArticleTags(infoguid: string, tags: readonly string[]): Promise<string[]> {
  const clean = [...new Set(tags.map((t) => t.trim().replace(/\s+/g, " ")).filter((t) => t && [...t].length <= MAX_TAG_CHARS))].slice(0, MAX_TAGS);
  await (await db()).transaction(async (tx) => {
    await tx.delete(articleTags).where(eq(articleTags.infoguid, infoguid));
    if (clean.length) await tx.insert(articleTags).values(clean.map((tag, position) => ({ infoguid, tag, position })));
  });
  return clean;
}

/** Tags of several articles at once (for lists). */
export async function tagsOf(infoguids: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!infoguids.length) return map;
  const rows = await (await db()).select().from(articleTags).where(inArray(articleTags.infoguid, [...infoguids]))
    .orderBy(asc(articleTags.position), asc(articleTags.tag));
  for (const r of rows) map.set(r.infoguid, [...(map.get(r.infoguid) ?? []), r.tag]);
  return map;
}
