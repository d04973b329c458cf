import "server-only";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { articleLikes, articles, users } from "@/lib/db/schema";
import { autoSummary } from "@/lib/domain/article-summary";
import { levelById } from "@/lib/domain/levels";
import { leadIn } from "@/lib/domain/paywall";
import { canRead } from "@/lib/server/auth/entitlement";
import { hasEditorRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { logger } from "@/lib/server/logger";
import { refreshSearchDocuments } from "@/lib/server/search/indexer";
import { takeToken } from "@/lib/server/security/rate-limit";
import { bodyRenders, renderBody } from "./render";
import { BlogPostInput, type BlogPostInputValue } from "@/lib/domain/blog/schemas";
import { AppError, rateLimited } from "@/lib/server/http/app-error";
import { blogPostPath } from "@/lib/domain/seo";
import { queueBaiduPush } from "@/lib/server/seo/baidu-push";

export { BlogPostInput, BODY_MAX, TITLE_MAX, type BlogPostInputValue } from "@/lib/domain/blog/schemas";

/**
 * Members' blog posts (articles of type "blog" with an author). Every function takes the viewer and decides what
 * that viewer may see or change:
 * - published posts: everyone; drafts: the author only; hidden posts (hidden by an editor): the author and staff,
 *   with a note saying so;
 * - only the author writes, publishes and deletes a post; editors hide and unhide published ones;
 * - publishing is limited to PUBLISH_LIMIT per member and hour, changes to a published post (each one retires the
 *   cached article pages, ADR 0071) to LIVE_EDIT_LIMIT per hour, other saves to SAVE_BURST per 10 s;
 * - a body is stored only when it renders within the save budget (./render.ts), and is shown only as
 *   renderMarkdown's output;
 * - a post above the viewer's level (`min_level`, decided by `canRead` like every other article) leaves this module
 *   as its lead-in only — body, HTML and summary — except for its author and staff (P20).
 */
export const PUBLISH_LIMIT = { points: 10, seconds: 60 * 60 } as const;
export const SAVE_BURST = { points: 3, seconds: 10 } as const;
export const LIVE_EDIT_LIMIT = { points: 30, seconds: 60 * 60 } as const;
/** Drafts a member may keep (a bound on what an account can store). */
export const MAX_DRAFTS = 100;
export const BLOG_PAGE_SIZE = 10;

export type BlogStatus = "draft" | "published" | "hidden";

/** A post the author saved; refusals are thrown as AppError (400, 403, 404, 409, 429 with Retry-After). */
export interface SavedPost {
  infoguid: string;
  status: BlogStatus;
  created: boolean;
}

export interface BlogAuthor {
  uguid: string;
  nickname: string;
  avatarUrl: string;
}

export interface BlogPostSummary {
  infoguid: string;
  title: string;
  summary: string;
  status: BlogStatus;
  likes: number;
  views: number;
  publishedAt: Date | null;
  createdAt: Date;
}

export interface BlogPostView extends BlogPostSummary {
  author: BlogAuthor | null;
  /** renderMarkdown's output; null when the body could not be rendered within the view budget. */
  html: string | null;
  /** The Markdown source: only for the author (the editor), else null. */
  body: string | null;
  isAuthor: boolean;
  /** Staff: may hide or unhide. */
  canModerate: boolean;
  likedByViewer: boolean;
  /** Said above the post when it is not public (a draft, or hidden), or when only its lead-in is shown. */
  note: string | null;
  /** Only the lead-in is in `html` and `summary`: the viewer's level is below `requiredLevel` (P20). */
  locked: boolean;
  requiredLevel: number;
}

const NOT_FOUND = "文章不存在或已删除";
const TOO_COMPLEX = "正文结构过于复杂，无法排版，请简化后再保存";

function validPost(input: BlogPostInputValue) {
  const parsed = BlogPostInput.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message ?? "参数无效");
  return parsed.data;
}

function waitText(seconds: number): string {
  return seconds >= 60 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
}

/** Takes one token of the limit this save falls under; throws a 429 when it is used up. */
async function rateLimit(userId: string, publishing: boolean, live = false): Promise<void> {
  if (live) {
    const wait = await takeToken("blog-live-edit", userId, LIVE_EDIT_LIMIT.points, LIVE_EDIT_LIMIT.seconds);
    if (wait > 0) throw rateLimited(`已发布的文章修改过于频繁（每小时最多 ${LIVE_EDIT_LIMIT.points} 次），请 ${waitText(wait)}后再试`, wait);
  }
  if (publishing) {
    const wait = await takeToken("blog-publish", userId, PUBLISH_LIMIT.points, PUBLISH_LIMIT.seconds);
    if (wait > 0) throw rateLimited(`发布过于频繁（每小时最多 ${PUBLISH_LIMIT.points} 篇），请 ${waitText(wait)}后再试`, wait);
    return;
  }
  const wait = await takeToken("blog-save", userId, SAVE_BURST.points, SAVE_BURST.seconds);
  if (wait > 0) throw rateLimited(`保存过于频繁，请 ${waitText(wait)}后再试`, wait);
}

/** Summary of what every visitor may read of a body that has passed bodyRenders (so its HTML is cached). */
function summaryOf(body: string, minLevel = 0): string {
  return autoSummary(body, minLevel, renderBody);
}

async function refreshSearch(infoguid: string): Promise<void> {
  try {
    await refreshSearchDocuments(await db(), "article", [infoguid]);
  } catch (err) {
    logger().warn({ err, infoguid }, "search refresh after a blog change failed (the minute sync catches up)");
  }
}

interface PostRow {
  infoguid: string;
  authorId: string | null;
  status: BlogStatus;
  title: string;
  body: string;
  minLevel: number;
}

async function blogRow(infoguid: string): Promise<PostRow | null> {
  const [row] = await (await db())
    .select({ infoguid: articles.infoguid, authorId: articles.authorId, status: articles.status, minLevel: articles.minLevel, title: articles.title, body: articles.body })
    .from(articles)
    .where(and(eq(articles.infoguid, infoguid), eq(articles.type, "blog")))
    .limit(1);
  return row ?? null;
}

/** Why a viewer who is not the author may not change a post: 403 when they can see it, else 404 (drafts stay unknown). */
function notAuthor(viewer: Viewer, row: PostRow): AppError {
  const visible = row.status === "published" || (row.status === "hidden" && hasEditorRights(viewer));
  return visible ? new AppError("forbidden", "只能修改自己的文章") : new AppError("not_found", NOT_FOUND);
}

/** Writes a new post as a draft or published. */
export async function createBlogPost(viewer: Viewer, input: BlogPostInputValue): Promise<SavedPost> {
  const { title, body, publish } = validPost(input);
  const database = await db();
  if (!publish) {
    const [drafts] = await database.select({ n: count() }).from(articles)
      .where(and(eq(articles.authorId, viewer.userId), eq(articles.type, "blog"), eq(articles.status, "draft")));
    if ((drafts?.n ?? 0) >= MAX_DRAFTS) throw new AppError("conflict", `草稿最多 ${MAX_DRAFTS} 篇，请先发布或删除一些草稿`);
  }
  await rateLimit(viewer.userId, publish);
  if (!bodyRenders(body)) throw new AppError("invalid", TOO_COMPLEX);
  const [row] = await database
    .insert(articles)
    .values({
      type: "blog", title, body, summary: summaryOf(body), authorId: viewer.userId, minLevel: 0,
      status: publish ? "published" : "draft", publishedAt: publish ? new Date() : null,
    })
    .returning({ infoguid: articles.infoguid, status: articles.status });
  if (publish) {
    await refreshSearch(row!.infoguid);
    await queueBaiduPush(database, `post:${row!.infoguid}`, [blogPostPath(viewer.userId, row!.infoguid)]);
  }
  return { infoguid: row!.infoguid, status: row!.status, created: true };
}

/**
 * The author saves a post: as a draft (a published post goes back to draft) or published. A post an editor hid
 * stays hidden: it may be edited but not published.
 */
export async function updateBlogPost(viewer: Viewer, infoguid: string, input: BlogPostInputValue): Promise<SavedPost> {
  const { title, body, publish } = validPost(input);
  const row = await blogRow(infoguid);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  if (row.authorId !== viewer.userId) throw notAuthor(viewer, row);
  if (row.status === "hidden" && publish) throw new AppError("conflict", "这篇文章已被编辑隐藏，暂时不能发布");
  const becomesPublished = publish && row.status !== "published";
  // A change to what readers see of a published post (or its withdrawal) retires every cached article page.
  const changesLivePost = row.status === "published" && (!publish || row.title !== title || row.body !== body);
  await rateLimit(viewer.userId, becomesPublished, changesLivePost);
  if (!bodyRenders(body)) throw new AppError("invalid", TOO_COMPLEX);
  const status: BlogStatus = row.status === "hidden" ? "hidden" : publish ? "published" : "draft";
  const updated = await (await db())
    .update(articles)
    .set({
      // A post made paid keeps its summary to its lead-in (the schema allows a level; the app saves posts public).
      title, body, summary: summaryOf(body, row.minLevel), status,
      ...(becomesPublished ? { publishedAt: sql`coalesce(${articles.publishedAt}, now())` } : {}),
    })
    // The status and level read above still hold: an editor hiding it meanwhile wins.
    .where(and(eq(articles.infoguid, infoguid), eq(articles.authorId, viewer.userId), eq(articles.status, row.status), eq(articles.minLevel, row.minLevel)))
    .returning({ status: articles.status });
  if (!updated.length) throw new AppError("conflict", "文章状态刚刚发生了变化，请刷新后再试");
  if (row.status === "published" || status === "published") await refreshSearch(infoguid);
  if (becomesPublished && status === "published") await queueBaiduPush(await db(), `post:${infoguid}`, [blogPostPath(viewer.userId, infoguid)]);
  return { infoguid, status, created: false };
}

/** The author deletes a post (its likes and tags go with it). */
export async function deleteBlogPost(viewer: Viewer, infoguid: string): Promise<void> {
  const row = await blogRow(infoguid);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  if (row.authorId !== viewer.userId) throw notAuthor(viewer, row);
  const deleted = await (await db())
    .delete(articles)
    .where(and(eq(articles.infoguid, infoguid), eq(articles.authorId, viewer.userId), eq(articles.type, "blog")))
    .returning({ infoguid: articles.infoguid });
  if (!deleted.length) throw new AppError("not_found", NOT_FOUND);
  await refreshSearch(infoguid);
}

/**
 * Editors and administrators hide a published post (only its author and staff see it then) or show it again; answers
 * its new status. Refusals are thrown as AppError: 403 not staff, 404 no such post (or a draft), 409 already so.
 */
export async function setBlogPostHidden(viewer: Viewer, infoguid: string, hidden: boolean): Promise<BlogStatus> {
  if (!hasEditorRights(viewer)) throw new AppError("forbidden", "没有权限");
  const [from, to] = hidden ? (["published", "hidden"] as const) : (["hidden", "published"] as const);
  const updated = await (await db())
    .update(articles)
    .set({ status: to })
    .where(and(eq(articles.infoguid, infoguid), eq(articles.type, "blog"), eq(articles.status, from)))
    .returning({ infoguid: articles.infoguid });
  if (!updated.length) {
    const row = await blogRow(infoguid);
    if (!row || row.status === "draft") throw new AppError("not_found", NOT_FOUND);
    throw new AppError("conflict", hidden ? "这篇文章已经隐藏了" : "这篇文章没有被隐藏");
  }
  await refreshSearch(infoguid);
  return to;
}

const summaryColumns = {
  infoguid: articles.infoguid, title: articles.title, summary: articles.summary, status: articles.status,
  likes: articles.likes, views: articles.views, publishedAt: articles.publishedAt, createdAt: articles.createdAt,
};

/** The statuses of a member's posts this viewer may list. */
function listableStatuses(viewer: Viewer | null, authorId: string): BlogStatus[] {
  if (viewer?.userId === authorId) return ["published", "draft", "hidden"];
  return hasEditorRights(viewer) ? ["published", "hidden"] : ["published"];
}

export interface BlogPage {
  items: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** A member's posts, newest first: drafts only for the member, hidden ones for the member and staff. */
export async function listMemberPosts(viewer: Viewer | null, authorId: string, page = 1, pageSize = BLOG_PAGE_SIZE): Promise<BlogPage> {
  const where = and(eq(articles.authorId, authorId), eq(articles.type, "blog"), inArray(articles.status, listableStatuses(viewer, authorId)));
  const database = await db();
  const [rows, [totals]] = await Promise.all([
    database.select({ ...summaryColumns, minLevel: articles.minLevel }).from(articles).where(where)
      .orderBy(desc(sql`coalesce(${articles.publishedAt}, ${articles.createdAt})`), desc(articles.infoguid))
      .limit(pageSize).offset((page - 1) * pageSize),
    database.select({ n: count() }).from(articles).where(where),
  ]);
  // The stored summary is cut from the whole body: a post this viewer may not read gets one cut from its lead-in.
  const lockedGuids = rows.filter((r) => !mayReadWhole(viewer, authorId, r.minLevel)).map((r) => r.infoguid);
  const leadSummaries = new Map<string, string>();
  if (lockedGuids.length > 0) {
    const bodies = await database.select({ infoguid: articles.infoguid, body: articles.body }).from(articles).where(inArray(articles.infoguid, lockedGuids));
    for (const { infoguid, body } of bodies) leadSummaries.set(infoguid, summaryOf(leadIn(body)));
  }
  const items: BlogPostSummary[] = rows.map((r) => ({
    infoguid: r.infoguid, title: r.title, summary: leadSummaries.get(r.infoguid) ?? r.summary, status: r.status,
    likes: r.likes, views: r.views, publishedAt: r.publishedAt, createdAt: r.createdAt,
  }));
  return { items, total: totals?.n ?? 0, page, pageSize };
}

/**
 * May this viewer read the whole of a post that requires `minLevel`? The same `canRead` as every other article; its
 * author wrote it, and staff moderate it, so they read it whole whatever their level.
 */
function mayReadWhole(viewer: Viewer | null, authorId: string | null, minLevel: number): boolean {
  return canRead(viewer, minLevel) || (viewer !== null && viewer.userId === authorId) || hasEditorRights(viewer);
}

function lockedNote(minLevel: number): string {
  return `这是 ${levelById(minLevel)?.levelName ?? "会员"} 专享文章，升级会员后可阅读全文。`;
}

function noteFor(status: BlogStatus, isAuthor: boolean): string | null {
  if (status === "draft") return "这是草稿，只有你自己能看到。";
  if (status === "hidden") return isAuthor ? "这篇文章已被编辑隐藏，只有你和编辑能看到。" : "这篇文章已隐藏，只有作者和编辑能看到。";
  return null;
}

/** One post as this viewer may read it, or null (missing, someone else's draft, hidden from this viewer). */
export async function blogPostForViewer(viewer: Viewer | null, infoguid: string): Promise<BlogPostView | null> {
  const database = await db();
  const [row] = await database
    .select({
      ...summaryColumns, body: articles.body, authorId: articles.authorId, minLevel: articles.minLevel,
      nickname: users.nickname, avatarUrl: users.avatarUrl,
    })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(eq(articles.infoguid, infoguid), eq(articles.type, "blog")))
    .limit(1);
  if (!row) return null;
  const isAuthor = viewer !== null && row.authorId === viewer.userId;
  const canModerate = hasEditorRights(viewer);
  if (row.status === "draft" && !isAuthor) return null;
  if (row.status === "hidden" && !isAuthor && !canModerate) return null;
  let likedByViewer = false;
  if (viewer && row.status === "published") {
    const [liked] = await database.select({ n: count() }).from(articleLikes)
      .where(and(eq(articleLikes.infoguid, infoguid), eq(articleLikes.userId, viewer.userId)));
    likedByViewer = (liked?.n ?? 0) > 0;
  }
  const { body, authorId, minLevel, nickname, avatarUrl, ...summary } = row;
  // P20: the paid part leaves the server only for a viewer who may read it, exactly as for articles.
  const locked = !mayReadWhole(viewer, authorId, minLevel);
  const readable = locked ? leadIn(body) : body;
  return {
    ...summary,
    summary: locked ? summaryOf(readable) : summary.summary,
    author: authorId && nickname !== null ? { uguid: authorId, nickname, avatarUrl: avatarUrl ?? "" } : null,
    html: renderBody(readable),
    body: isAuthor ? body : null,
    isAuthor,
    canModerate,
    likedByViewer,
    note: noteFor(row.status, isAuthor) ?? (locked ? lockedNote(minLevel) : null),
    locked,
    requiredLevel: minLevel,
  };
}
