import "server-only";
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { canRead } from "@/lib/server/auth/entitlement";
import type { Viewer } from "@/lib/server/auth/viewer";

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
}

export interface ArticleDetail extends ArticleSummary {
  /** The full Markdown body, or null when the viewer's level is below the article's. */
  body: string | null;
  videoUrl: string | null;
  locked: boolean;
}

const summaryColumns = {
  infoguid: articles.infoguid, type: articles.type, title: articles.title, summary: articles.summary,
  coverUrl: articles.coverUrl, minLevel: articles.minLevel, views: articles.views, likes: articles.likes,
  isDemo: articles.isDemo, publishedAt: articles.publishedAt,
};

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

async function pageOfArticles(where: SQL | undefined, page: number, pageSize: number): Promise<Page<ArticleSummary>> {
  const database = await db();
  const [items, [totals]] = await Promise.all([
    database.select(summaryColumns).from(articles).where(where).orderBy(desc(articles.publishedAt))
      .limit(pageSize).offset((page - 1) * pageSize),
    database.select({ n: count() }).from(articles).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page, pageSize };
}

/** Published editorial articles, newest first; `type` narrows to one kind. Blog posts are not included. */
export async function listArticles(opts: { type?: string; page?: number; pageSize?: number }): Promise<Page<ArticleSummary>> {
  const where = and(eq(articles.status, "published"), opts.type ? eq(articles.type, opts.type) : ne(articles.type, "blog"));
  return pageOfArticles(where, opts.page ?? 1, opts.pageSize ?? 12);
}

/** One published article; the body leaves the server only for a viewer whose level reaches the article's. */
export async function articleForViewer(infoguid: string, viewer: Viewer | null): Promise<ArticleDetail | null> {
  const [row] = await (await db())
    .select({ ...summaryColumns, body: articles.body, videoUrl: articles.videoUrl })
    .from(articles)
    .where(and(eq(articles.infoguid, infoguid), eq(articles.status, "published")))
    .limit(1);
  if (!row) return null;
  const locked = !canRead(viewer, row.minLevel);
  return { ...row, body: locked ? null : row.body, videoUrl: locked ? null : row.videoUrl, locked };
}

/** A member's published blog posts, newest first. */
export async function listBlogPosts(authorId: string, page: number, pageSize = 10): Promise<Page<ArticleSummary>> {
  return pageOfArticles(and(eq(articles.authorId, authorId), eq(articles.type, "blog"), eq(articles.status, "published")), page, pageSize);
}
