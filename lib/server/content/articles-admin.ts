import "server-only";
import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { ARTICLE_TYPES, articles, users } from "@/lib/db/schema";
import { autoSummary } from "@/lib/domain/article-summary";
import { ArticleInput, type ArticleAction, type ArticleValues } from "@/lib/domain/content/schemas";
import { actorUserId, assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { setBlogPostHidden } from "@/lib/server/blog/posts";
import { bodyRenders, renderBody } from "@/lib/server/blog/render";
import { logger } from "@/lib/server/logger";
import { refreshSearchDocuments } from "@/lib/server/search/indexer";
import { setArticleTags, tagsOf } from "./articles";
import { articlePath } from "@/lib/domain/seo";
import { queueBaiduPush } from "@/lib/server/seo/baidu-push";

/**
 * The editors' article administration (/admin/articles, `cli article:create`): editorial articles and videos are
 * written, edited, published and unpublished here; members' blog posts are only hidden or shown again (their
 * author writes them). Staff only, checked in every function.
 */
export const ADMIN_PAGE_SIZE = 30;

export type ArticleStatus = "draft" | "published" | "hidden";

const NOT_FOUND = "文章不存在";

async function refreshSearch(infoguid: string): Promise<void> {
  try {
    await refreshSearchDocuments(await db(), "article", [infoguid]);
  } catch (err) {
    logger().warn({ err, infoguid }, "search refresh after an article change failed (the minute sync catches up)");
  }
}

/** The input checked by the shared schema (an unparsed one from the CLI, or the route's parsed body again: idempotent). */
function prepare(input: ArticleInput): ArticleValues & { summary: string } {
  const parsed = ArticleInput.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message ?? "参数无效");
  const values = parsed.data;
  if (!bodyRenders(values.body)) throw new AppError("invalid", "正文结构过于复杂，无法排版，请简化后再保存");
  // An empty summary is made from what every visitor may read: never from the paid part (ADR 0024).
  return { ...values, summary: values.summary || autoSummary(values.body, values.minLevel, renderBody) };
}

/**
 * Staff write an editorial article or video, as a draft or published at once; the operator's `article:create`
 * publishes one with no author.
 */
export async function createArticle(actor: Actor, input: ArticleInput, publish: boolean): Promise<{ infoguid: string; status: ArticleStatus }> {
  assertEditorRights(actor);
  const { tags, videoUrl, ...values } = prepare(input);
  const [row] = await (await db())
    .insert(articles)
    .values({ ...values, videoUrl: videoUrl || null, authorId: actorUserId(actor), status: publish ? "published" : "draft", publishedAt: publish ? new Date() : null })
    .returning({ infoguid: articles.infoguid, status: articles.status });
  if (tags.length) await setArticleTags(row!.infoguid, tags);
  if (publish) {
    await refreshSearch(row!.infoguid);
    await queueBaiduPush(await db(), `article:${row!.infoguid}`, [articlePath(row!.infoguid)]);
  }
  return { infoguid: row!.infoguid, status: row!.status };
}

async function rowOf(infoguid: string) {
  const [row] = await (await db())
    .select({ infoguid: articles.infoguid, type: articles.type, status: articles.status })
    .from(articles)
    .where(eq(articles.infoguid, infoguid))
    .limit(1);
  return row ?? null;
}

/** Staff edit an editorial article; its status does not change. A member's blog post is its author's to edit. */
export async function updateArticle(viewer: Viewer, infoguid: string, input: ArticleInput): Promise<void> {
  assertEditorRights(viewer);
  const row = await rowOf(infoguid);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  if (row.type === "blog") throw new AppError("conflict", "会员博客只能由作者修改，编辑可以隐藏它");
  const { tags, videoUrl, ...values } = prepare(input);
  const updated = await (await db())
    .update(articles)
    .set({ ...values, videoUrl: videoUrl || null })
    .where(and(eq(articles.infoguid, infoguid), sql`${articles.type} <> 'blog'`))
    .returning({ infoguid: articles.infoguid });
  if (!updated.length) throw new AppError("not_found", NOT_FOUND);
  await setArticleTags(infoguid, tags);
  await refreshSearch(infoguid);
}

/**
 * Publish or unpublish an editorial article (a first publication sets its date; later ones keep it); hide or
 * unhide a member's published blog post. Answers the article's new status.
 */
export async function changeArticleStatus(viewer: Viewer, infoguid: string, action: ArticleAction): Promise<ArticleStatus> {
  assertEditorRights(viewer);
  const row = await rowOf(infoguid);
  if (!row || (row.type === "blog" && row.status === "draft")) throw new AppError("not_found", NOT_FOUND);
  if (action === "hide" || action === "unhide") {
    if (row.type !== "blog") throw new AppError("conflict", "只有会员博客可以隐藏；编辑文章请用“撤回”");
    return setBlogPostHidden(viewer, infoguid, action === "hide");
  }
  if (row.type === "blog") throw new AppError("conflict", "会员博客由作者发布或撤回，编辑可以隐藏它");
  const [from, to] = action === "publish" ? (["draft", "published"] as const) : (["published", "draft"] as const);
  const updated = await (await db())
    .update(articles)
    .set({ status: to, ...(to === "published" ? { publishedAt: sql`coalesce(${articles.publishedAt}, now())` } : {}) })
    .where(and(eq(articles.infoguid, infoguid), eq(articles.status, from), sql`${articles.type} <> 'blog'`))
    .returning({ status: articles.status });
  if (!updated.length) throw new AppError("conflict", action === "publish" ? "这篇文章已经发布了" : "这篇文章还没有发布");
  await refreshSearch(infoguid);
  // pushed on its first publication only (the key), not on each later one
  if (to === "published") await queueBaiduPush(await db(), `article:${infoguid}`, [articlePath(infoguid)]);
  return to;
}

export const ADMIN_STATUSES = ["draft", "published", "hidden"] as const;
const ADMIN_TYPES = [...ARTICLE_TYPES, "blog"] as const;

/** The list's filters from the query string; anything invalid is dropped (the unfiltered list). */
export const AdminArticleFilters = z.object({
  type: z.enum(ADMIN_TYPES).optional().catch(undefined),
  status: z.enum(ADMIN_STATUSES).optional().catch(undefined),
  level: z.enum(["0", "100", "200"]).optional().catch(undefined),
  q: z.string().trim().max(50).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminArticleFilterValues = z.output<typeof AdminArticleFilters>;

export interface AdminArticleRow {
  infoguid: string;
  type: string;
  title: string;
  minLevel: number;
  status: ArticleStatus;
  authorId: string | null;
  authorNickname: string | null;
  isDemo: boolean;
  likes: number;
  views: number;
  publishedAt: Date | null;
  createdAt: Date;
}

const rowColumns = {
  infoguid: articles.infoguid, type: articles.type, title: articles.title, minLevel: articles.minLevel, status: articles.status,
  authorId: articles.authorId, authorNickname: users.nickname, isDemo: articles.isDemo, likes: articles.likes, views: articles.views,
  publishedAt: articles.publishedAt, createdAt: articles.createdAt,
};

/** Articles and blog posts for staff, newest first, filtered by type, status, level and a title fragment. */
export async function adminArticleList(viewer: Viewer, filters: AdminArticleFilterValues): Promise<{ items: AdminArticleRow[]; total: number; page: number; pageSize: number }> {
  assertEditorRights(viewer);
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(articles.type, filters.type));
  if (filters.status) conditions.push(eq(articles.status, filters.status));
  if (filters.level) conditions.push(eq(articles.minLevel, Number(filters.level)));
  if (filters.q) conditions.push(ilike(articles.title, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  // Members' drafts are theirs alone, even for staff.
  conditions.push(sql`not (${articles.type} = 'blog' and ${articles.status} = 'draft')`);
  const where = and(...conditions);
  const database = await db();
  const page = filters.page;
  const [items, [totals]] = await Promise.all([
    database.select(rowColumns).from(articles).leftJoin(users, eq(users.id, articles.authorId)).where(where)
      .orderBy(desc(sql`coalesce(${articles.publishedAt}, ${articles.createdAt})`), desc(articles.infoguid))
      .limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE),
    database.select({ n: count() }).from(articles).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}

export interface AdminArticleDetail extends AdminArticleRow {
  /** The editor's own summary; "" when the stored one was made automatically (saving it empty makes it again). */
  summary: string;
  body: string;
  coverUrl: string;
  videoUrl: string;
  tags: string[];
}

/** One article or (published or hidden) blog post with everything the edit page shows; null when there is none. */
export async function adminArticleDetail(viewer: Viewer, infoguid: string): Promise<AdminArticleDetail | null> {
  assertEditorRights(viewer);
  const [row] = await (await db())
    .select({ ...rowColumns, summary: articles.summary, body: articles.body, coverUrl: articles.coverUrl, videoUrl: articles.videoUrl })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(eq(articles.infoguid, infoguid), sql`not (${articles.type} = 'blog' and ${articles.status} = 'draft')`))
    .limit(1);
  if (!row) return null;
  const tags = (await tagsOf([infoguid])).get(infoguid) ?? [];
  // An automatic summary is shown as none, so that saving the form makes it again from the current body and level
  // instead of keeping it as the editor's (a public article made paid would keep a summary of its paid part).
  const summary = row.summary === autoSummary(row.body, row.minLevel, renderBody) ? "" : row.summary;
  return { ...row, summary, videoUrl: row.videoUrl ?? "", tags };
}
