import "server-only";
import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { ARTICLE_TYPES, articles, users } from "@/lib/db/schema";
import { autoSummary } from "@/lib/domain/article-summary";
import { hasEditorRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { setBlogPostHidden } from "@/lib/server/blog/posts";
import { bodyRenders, renderBody } from "@/lib/server/blog/render";
import { logger } from "@/lib/server/logger";
import { refreshSearchDocuments } from "@/lib/server/search/indexer";
import { setArticleTags, tagsOf } from "./articles";

/**
 * The editors' article administration (/admin/articles, `cli article:create`): editorial articles and videos are
 * written, edited, published and unpublished here; members' blog posts are only hidden or shown again (their
 * author writes them). Staff only, checked in every function.
 */
export const ARTICLE_LEVELS = [0, 100, 200] as const;
export const ADMIN_TITLE_MAX = 100;
export const ADMIN_SUMMARY_MAX = 200;
export const ADMIN_BODY_MAX = 100_000;
export const ADMIN_TAGS_MAX = 10;
export const ADMIN_TAG_CHARS = 20;
export const ADMIN_PAGE_SIZE = 30;

export type ArticleStatus = "draft" | "published" | "hidden";
export type ArticleAction = "publish" | "unpublish" | "hide" | "unhide";

const clean = (s: string) => s.replace(/\u0000/g, "\uFFFD");

/** Our own paths (not `//host` or `/\host`, which browsers read as another host) and http(s) URLs; "" for none. */
export function isMediaAddress(value: string): boolean {
  return value === "" || /^https?:\/\/[^\s\\]+$/i.test(value) || /^\/(?![/\\])[^\s\\]*$/.test(value);
}

const mediaUrl = (label: string) =>
  z
    .string({ error: `${label}格式无效` })
    .trim()
    .max(500, `${label}最长 500 个字符`)
    .refine(isMediaAddress, `${label}须为 http(s) 链接或以 / 开头的站内路径`);

const level = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.union([z.literal(0), z.literal(100), z.literal(200)], { error: "可见等级须为 0（所有人）、100（VIP）或 200（SVIP）" }),
);

export const ArticleInput = z
  .object({
    type: z.enum(ARTICLE_TYPES, { error: "请选择类型：case、interpret、strategy、video 或 news" }),
    title: z
      .string({ error: "请填写标题" })
      .transform((s) => clean(s).replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, "请填写标题").max(ADMIN_TITLE_MAX, `标题最多 ${ADMIN_TITLE_MAX} 个字`)),
    summary: z
      .string({ error: "摘要格式无效" })
      .transform((s) => clean(s).replace(/\s+/g, " ").trim())
      .pipe(z.string().max(ADMIN_SUMMARY_MAX, `摘要最多 ${ADMIN_SUMMARY_MAX} 字`))
      .default(""),
    body: z
      .string({ error: "正文格式无效" })
      .max(ADMIN_BODY_MAX, `正文最多 ${ADMIN_BODY_MAX.toLocaleString("en-US")} 字`)
      .transform((s) => clean(s).replace(/\r\n?/g, "\n")),
    coverUrl: mediaUrl("封面地址").default(""),
    videoUrl: mediaUrl("视频地址").default(""),
    minLevel: level.default(0),
    tags: z
      .array(z.string({ error: "标签格式无效" }).transform((t) => t.replace(/\s+/g, " ").trim()), { error: "标签格式无效" })
      .transform((tags) => [...new Set(tags.filter(Boolean))])
      .refine((tags) => tags.length <= ADMIN_TAGS_MAX && tags.every((t) => [...t].length <= ADMIN_TAG_CHARS), `标签最多 ${ADMIN_TAGS_MAX} 个，每个不超过 ${ADMIN_TAG_CHARS} 个字`)
      .default([]),
  })
  .refine((v) => v.type !== "video" || v.videoUrl !== "", { path: ["videoUrl"], message: "教学视频需要填写视频地址" });

export type ArticleInputValue = z.input<typeof ArticleInput>;

export interface AdminFailure {
  ok: false;
  status: 400 | 403 | 404 | 409;
  message: string;
}
export type AdminOutcome<T> = ({ ok: true } & T) | AdminFailure;

const failure = (status: AdminFailure["status"], message: string): AdminFailure => ({ ok: false, status, message });
const FORBIDDEN = failure(403, "没有权限");
const NOT_FOUND = "文章不存在";

async function refreshSearch(infoguid: string): Promise<void> {
  try {
    await refreshSearchDocuments(await db(), "article", [infoguid]);
  } catch (err) {
    logger().warn({ err, infoguid }, "search refresh after an article change failed (the minute sync catches up)");
  }
}

type Prepared = { ok: true; values: z.output<typeof ArticleInput> & { summary: string } } | AdminFailure;

function prepare(input: ArticleInputValue): Prepared {
  const parsed = ArticleInput.safeParse(input);
  if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? "参数无效");
  const values = parsed.data;
  if (!bodyRenders(values.body)) return failure(400, "正文结构过于复杂，无法排版，请简化后再保存");
  // An empty summary is made from what every visitor may read: never from the paid part (ADR 0024).
  return { ok: true, values: { ...values, summary: values.summary || autoSummary(values.body, values.minLevel, renderBody) } };
}

async function insertArticle(input: ArticleInputValue, authorId: string | null, publish: boolean): Promise<AdminOutcome<{ infoguid: string; status: ArticleStatus }>> {
  const prepared = prepare(input);
  if (!prepared.ok) return prepared;
  const { tags, videoUrl, ...values } = prepared.values;
  const [row] = await (await db())
    .insert(articles)
    .values({ ...values, videoUrl: videoUrl || null, authorId, status: publish ? "published" : "draft", publishedAt: publish ? new Date() : null })
    .returning({ infoguid: articles.infoguid, status: articles.status });
  if (tags.length) await setArticleTags(row!.infoguid, tags);
  if (publish) await refreshSearch(row!.infoguid);
  return { ok: true, infoguid: row!.infoguid, status: row!.status };
}

/** Staff write an editorial article or video, as a draft or published at once. */
export async function createArticle(viewer: Viewer | null, input: ArticleInputValue, publish: boolean) {
  if (!hasEditorRights(viewer)) return FORBIDDEN;
  return insertArticle(input, viewer!.userId, publish);
}

/** The operator command line (`article:create`): whoever runs it holds the database; the article is published. */
export async function createArticleAsOperator(input: ArticleInputValue) {
  return insertArticle(input, null, true);
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
export async function updateArticle(viewer: Viewer | null, infoguid: string, input: ArticleInputValue): Promise<AdminOutcome<{ infoguid: string }>> {
  if (!hasEditorRights(viewer)) return FORBIDDEN;
  const row = await rowOf(infoguid);
  if (!row) return failure(404, NOT_FOUND);
  if (row.type === "blog") return failure(409, "会员博客只能由作者修改，编辑可以隐藏它");
  const prepared = prepare(input);
  if (!prepared.ok) return prepared;
  const { tags, videoUrl, ...values } = prepared.values;
  const updated = await (await db())
    .update(articles)
    .set({ ...values, videoUrl: videoUrl || null })
    .where(and(eq(articles.infoguid, infoguid), sql`${articles.type} <> 'blog'`))
    .returning({ infoguid: articles.infoguid });
  if (!updated.length) return failure(404, NOT_FOUND);
  await setArticleTags(infoguid, tags);
  await refreshSearch(infoguid);
  return { ok: true, infoguid };
}

/**
 * Publish or unpublish an editorial article (a first publication sets its date; later ones keep it); hide or
 * unhide a member's published blog post.
 */
export async function changeArticleStatus(viewer: Viewer | null, infoguid: string, action: ArticleAction): Promise<AdminOutcome<{ status: ArticleStatus }>> {
  if (!hasEditorRights(viewer)) return FORBIDDEN;
  const row = await rowOf(infoguid);
  if (!row || (row.type === "blog" && row.status === "draft")) return failure(404, NOT_FOUND);
  if (action === "hide" || action === "unhide") {
    if (row.type !== "blog") return failure(409, "只有会员博客可以隐藏；编辑文章请用“撤回”");
    const outcome = await setBlogPostHidden(viewer!, infoguid, action === "hide");
    if (!outcome.ok) return failure(outcome.status === 429 ? 409 : outcome.status, outcome.message);
    return { ok: true, status: outcome.status as ArticleStatus };
  }
  if (row.type === "blog") return failure(409, "会员博客由作者发布或撤回，编辑可以隐藏它");
  const [from, to] = action === "publish" ? (["draft", "published"] as const) : (["published", "draft"] as const);
  const updated = await (await db())
    .update(articles)
    .set({ status: to, ...(to === "published" ? { publishedAt: sql`coalesce(${articles.publishedAt}, now())` } : {}) })
    .where(and(eq(articles.infoguid, infoguid), eq(articles.status, from), sql`${articles.type} <> 'blog'`))
    .returning({ status: articles.status });
  if (!updated.length) return failure(409, action === "publish" ? "这篇文章已经发布了" : "这篇文章还没有发布");
  await refreshSearch(infoguid);
  return { ok: true, status: to };
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
export async function adminArticleList(viewer: Viewer | null, filters: AdminArticleFilterValues): Promise<AdminOutcome<{ items: AdminArticleRow[]; total: number; page: number; pageSize: number }>> {
  if (!hasEditorRights(viewer)) return FORBIDDEN;
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
  return { ok: true, items, total: totals?.n ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
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
export async function adminArticleDetail(viewer: Viewer | null, infoguid: string): Promise<AdminOutcome<{ article: AdminArticleDetail | null }>> {
  if (!hasEditorRights(viewer)) return FORBIDDEN;
  const [row] = await (await db())
    .select({ ...rowColumns, summary: articles.summary, body: articles.body, coverUrl: articles.coverUrl, videoUrl: articles.videoUrl })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(eq(articles.infoguid, infoguid), sql`not (${articles.type} = 'blog' and ${articles.status} = 'draft')`))
    .limit(1);
  if (!row) return { ok: true, article: null };
  const tags = (await tagsOf([infoguid])).get(infoguid) ?? [];
  // An automatic summary is shown as none, so that saving the form makes it again from the current body and level
  // instead of keeping it as the editor's (a public article made paid would keep a summary of its paid part).
  const summary = row.summary === autoSummary(row.body, row.minLevel, renderBody) ? "" : row.summary;
  return { ok: true, article: { ...row, summary, videoUrl: row.videoUrl ?? "", tags } };
}
