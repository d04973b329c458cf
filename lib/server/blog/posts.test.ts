import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { Viewer } from "@/lib/server/auth/viewer";
import { likeArticle } from "@/lib/server/content/articles";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import { AppError } from "@/lib/server/http/app-error";
import * as posts from "./posts";
import { blogPostForViewer, listMemberPosts, MAX_DRAFTS, PUBLISH_LIMIT, SAVE_BURST } from "./posts";

/** Input a client could send that the types rule out: the data layer still validates it. */
const malformed = (value: unknown) => value as posts.BlogPostInputValue;

type Refusal = { ok: false; status: number; message: string; retryAfter?: number };

/** A change's value, or the AppError it threw as `{ok: false, status, message, retryAfter}`, so each case reads as one line. */
async function outcome<T extends object>(work: Promise<T>): Promise<({ ok: true } & T) | Refusal> {
  try {
    return { ok: true, ...(await work) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const wait = err.headers?.["Retry-After"];
    return { ok: false, status: err.status, message: err.message, ...(wait ? { retryAfter: Number(wait) } : {}) };
  }
}

const createBlogPost = (...args: Parameters<typeof posts.createBlogPost>) => outcome(posts.createBlogPost(...args));
const updateBlogPost = (...args: Parameters<typeof posts.updateBlogPost>) => outcome(posts.updateBlogPost(...args));
const deleteBlogPost = (...args: Parameters<typeof posts.deleteBlogPost>) => outcome(posts.deleteBlogPost(...args).then(() => ({ deleted: true })));
const setBlogPostHidden = (...args: Parameters<typeof posts.setBlogPostHidden>) => outcome(posts.setBlogPostHidden(...args).then((status) => ({ status })));

process.env.LOG_LEVEL = "silent";

let serial = 0;
/** A fresh account per use: the rate limits are per member and per process. */
async function person(role: "member" | "editor" = "member"): Promise<Viewer> {
  const user = await createUser({ email: `blog-${role}-${++serial}-${randomUUID().slice(0, 8)}@example.com`, role });
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

async function publishOne(author: Viewer, title = "我的复盘", body = "今天**打板**失败。") {
  const saved = await createBlogPost(author, { title, body, publish: true });
  if (!saved.ok) throw new Error(saved.message);
  return saved.infoguid;
}

const stored = async (infoguid: string) => (await (await db()).select().from(articles).where(eq(articles.infoguid, infoguid)))[0];

describeOnEachEngine("blog posts", () => {
  let editor: Viewer;
  beforeAll(async () => {
    editor = await person("editor");
  });

  it("validates titles and bodies in Chinese, cleans them and derives the summary from the rendered text", async () => {
    const author = await person();
    const cases: [Parameters<typeof createBlogPost>[1], string][] = [
      [{ title: "  ", body: "x", publish: false }, "请填写标题"],
      [{ title: "题".repeat(81), body: "x", publish: false }, "标题最多 80 个字"],
      [{ title: "t", body: "字".repeat(50_001), publish: false }, "正文最多 50,000 字"],
      [{ title: "t", body: " \n ", publish: true }, "发布前请填写正文"],
      [malformed({ title: 42, body: "x", publish: false }), "请填写标题"],
      [malformed({ title: "t", body: "x" }), "参数无效"],
    ];
    for (const [input, message] of cases) expect(await createBlogPost(author, input)).toEqual({ ok: false, status: 400, message });
    expect(await listMemberPosts(author, author.userId)).toMatchObject({ total: 0 });

    const body = "# 复盘\r\n\r\n**打板** &amp; [低吸](https://example.com) `代码`\r\n\r\n```\n不进摘要的代码\n```\n\n<script>alert(1)</script>";
    const saved = await createBlogPost(author, { title: " 第一\n篇\u0000 ", body, publish: false });
    expect(saved).toMatchObject({ ok: true, status: "draft", created: true });
    const row = await stored((saved as { infoguid: string }).infoguid);
    expect(row).toMatchObject({ type: "blog", title: "第一 篇\uFFFD", minLevel: 0, status: "draft", publishedAt: null, authorId: author.userId });
    expect(row!.body).not.toContain("\r");
    expect(row!.summary).toBe("复盘 打板 & 低吸 代码");

    const long = await createBlogPost(author, { title: "长文", body: "很长的正文。".repeat(100), publish: false });
    const longSummary = (await stored((long as { infoguid: string }).infoguid))!.summary;
    expect([...longSummary]).toHaveLength(120);
    expect(longSummary.endsWith("…")).toBe(true);
  });

  it("keeps drafts to their author", async () => {
    const author = await person();
    const other = await person();
    const saved = await createBlogPost(author, { title: "草稿", body: "还没写完", publish: false });
    if (!saved.ok) throw new Error(saved.message);

    const own = await blogPostForViewer(author, saved.infoguid);
    expect(own).toMatchObject({ status: "draft", isAuthor: true, body: "还没写完", note: "这是草稿，只有你自己能看到。" });
    expect(own!.html).toContain("还没写完");
    for (const viewer of [null, other, editor]) expect(await blogPostForViewer(viewer, saved.infoguid)).toBeNull();

    expect((await listMemberPosts(author, author.userId)).items.map((p) => p.status)).toEqual(["draft"]);
    for (const viewer of [null, other, editor]) expect(await listMemberPosts(viewer, author.userId)).toMatchObject({ items: [], total: 0 });

    // Someone else cannot learn that the draft exists, nor change it.
    expect(await updateBlogPost(other, saved.infoguid, { title: "改", body: "改", publish: true })).toMatchObject({ ok: false, status: 404 });
    expect(await deleteBlogPost(other, saved.infoguid)).toMatchObject({ ok: false, status: 404 });
    expect(await stored(saved.infoguid)).toMatchObject({ title: "草稿", status: "draft" });
  });

  it("publishes for everyone, renders only sanitised HTML and gives the Markdown only to the author", async () => {
    const author = await person();
    const reader = await person();
    const infoguid = await publishOne(author, "恶意载荷", "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) **正文**");
    const row = await stored(infoguid);
    expect(row!.publishedAt).toBeInstanceOf(Date);

    const seen = await blogPostForViewer(null, infoguid);
    expect(seen).toMatchObject({ title: "恶意载荷", status: "published", isAuthor: false, body: null, note: null, likedByViewer: false, author: { uguid: author.userId } });
    expect(seen!.html).toContain("<strong>正文</strong>");
    expect(seen!.html).not.toMatch(/<script|onerror|javascript:/i);

    expect(await likeArticle(reader, infoguid)).toMatchObject({ likes: 1 });
    expect(await blogPostForViewer(reader, infoguid)).toMatchObject({ likes: 1, likedByViewer: true });
    expect(await blogPostForViewer(author, infoguid)).toMatchObject({ isAuthor: true, body: expect.stringContaining("<script>"), likedByViewer: false });
    expect((await listMemberPosts(null, author.userId)).items.map((p) => p.infoguid)).toEqual([infoguid]);
  });

  it("lets only the author edit, unpublish and delete", async () => {
    const author = await person();
    const other = await person();
    const infoguid = await publishOne(author);
    const firstPublished = (await stored(infoguid))!.publishedAt;

    expect(await updateBlogPost(other, infoguid, { title: "篡改", body: "篡改", publish: true })).toEqual({ ok: false, status: 403, message: "只能修改自己的文章" });
    expect(await updateBlogPost(editor, infoguid, { title: "篡改", body: "篡改", publish: true })).toMatchObject({ ok: false, status: 403 });
    expect(await deleteBlogPost(other, infoguid)).toMatchObject({ ok: false, status: 403 });
    expect(await deleteBlogPost(editor, infoguid)).toMatchObject({ ok: false, status: 403 });
    expect(await stored(infoguid)).toMatchObject({ title: "我的复盘", status: "published" });

    expect(await updateBlogPost(author, infoguid, { title: "改为草稿", body: "先撤回", publish: false })).toMatchObject({ ok: true, status: "draft" });
    expect(await blogPostForViewer(null, infoguid)).toBeNull();
    expect(await updateBlogPost(author, infoguid, { title: "再发布", body: "新的正文", publish: true })).toMatchObject({ ok: true, status: "published" });
    expect(await stored(infoguid)).toMatchObject({ title: "再发布", body: "新的正文", summary: "新的正文", status: "published", publishedAt: firstPublished });

    expect(await updateBlogPost(author, randomUUID(), { title: "t", body: "b", publish: false })).toMatchObject({ ok: false, status: 404 });
    expect(await deleteBlogPost(author, infoguid)).toEqual({ ok: true, deleted: true });
    expect(await stored(infoguid)).toBeUndefined();
    expect(await blogPostForViewer(author, infoguid)).toBeNull();
    expect(await deleteBlogPost(author, infoguid)).toMatchObject({ ok: false, status: 404 });
  });

  it("lets editors hide a published post from everyone but its author and staff", async () => {
    const author = await person();
    const other = await person();
    const infoguid = await publishOne(author);

    expect(await setBlogPostHidden(other, infoguid, true)).toEqual({ ok: false, status: 403, message: "没有权限" });
    expect(await setBlogPostHidden(editor, infoguid, true)).toEqual({ ok: true, status: "hidden" });
    expect(await setBlogPostHidden(editor, infoguid, true)).toMatchObject({ ok: false, status: 409 });

    expect(await blogPostForViewer(author, infoguid)).toMatchObject({ status: "hidden", note: "这篇文章已被编辑隐藏，只有你和编辑能看到。" });
    expect(await blogPostForViewer(editor, infoguid)).toMatchObject({ status: "hidden", canModerate: true, body: null, note: "这篇文章已隐藏，只有作者和编辑能看到。" });
    for (const viewer of [null, other]) {
      expect(await blogPostForViewer(viewer, infoguid)).toBeNull();
      expect((await listMemberPosts(viewer, author.userId)).total).toBe(0);
    }
    expect((await listMemberPosts(editor, author.userId)).items.map((p) => p.status)).toEqual(["hidden"]);
    expect((await listMemberPosts(author, author.userId)).items.map((p) => p.status)).toEqual(["hidden"]);

    // The author may still edit it, but it stays hidden; publishing it is refused.
    expect(await updateBlogPost(author, infoguid, { title: "修改后", body: "删掉了违规内容", publish: true })).toEqual({
      ok: false, status: 409, message: "这篇文章已被编辑隐藏，暂时不能发布",
    });
    expect(await updateBlogPost(author, infoguid, { title: "修改后", body: "删掉了违规内容", publish: false })).toMatchObject({ ok: true, status: "hidden" });
    expect(await stored(infoguid)).toMatchObject({ title: "修改后", status: "hidden" });

    expect(await setBlogPostHidden(editor, infoguid, false)).toEqual({ ok: true, status: "published" });
    expect(await blogPostForViewer(null, infoguid)).toMatchObject({ title: "修改后", status: "published" });

    const draft = await createBlogPost(author, { title: "草稿", body: "x", publish: false });
    expect(await setBlogPostHidden(editor, (draft as { infoguid: string }).infoguid, true)).toMatchObject({ ok: false, status: 404 });
    expect(await setBlogPostHidden(editor, randomUUID(), true)).toMatchObject({ ok: false, status: 404 });
  });

  it(`allows ${PUBLISH_LIMIT.points} publications per hour and ${SAVE_BURST.points} other saves per 10 s`, async () => {
    const author = await person();
    for (let i = 0; i < PUBLISH_LIMIT.points; i += 1) await publishOne(author, `第 ${i + 1} 篇`);
    const refused = await createBlogPost(author, { title: "第 11 篇", body: "x", publish: true });
    expect(refused).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/^发布过于频繁（每小时最多 10 篇），请 \d+ 分钟后再试$/) });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(50 * 60);
    expect((await listMemberPosts(author, author.userId)).total).toBe(PUBLISH_LIMIT.points);

    // Drafts have their own, short limit; editing a published post without republishing counts there too.
    const infoguid = (await listMemberPosts(author, author.userId)).items[0]!.infoguid;
    for (let i = 0; i < SAVE_BURST.points; i += 1) {
      expect(await createBlogPost(author, { title: `草稿 ${i}`, body: "x", publish: false })).toMatchObject({ ok: true });
    }
    expect(await createBlogPost(author, { title: "草稿 x", body: "x", publish: false })).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/^保存过于频繁，请 \d+ 秒后再试$/) });
    expect(await updateBlogPost(author, infoguid, { title: "t", body: "x", publish: true })).toMatchObject({ ok: false, status: 429 });
    expect((await listMemberPosts(author, author.userId)).total).toBe(PUBLISH_LIMIT.points + SAVE_BURST.points);

    // Another member is not affected.
    expect(await createBlogPost(await person(), { title: "别人", body: "x", publish: true })).toMatchObject({ ok: true });
  });

  it("caps the drafts a member keeps", async () => {
    const author = await person();
    await (await db()).insert(articles).values(
      Array.from({ length: MAX_DRAFTS }, (_, i) => ({ type: "blog", title: `草稿 ${i}`, authorId: author.userId, status: "draft" as const })),
    );
    expect(await createBlogPost(author, { title: "再来", body: "x", publish: false })).toEqual({
      ok: false, status: 409, message: `草稿最多 ${MAX_DRAFTS} 篇，请先发布或删除一些草稿`,
    });
    expect(await createBlogPost(author, { title: "直接发布", body: "x", publish: true })).toMatchObject({ ok: true });
  });

  it("refuses a body the parser cannot lay out within the save budget, storing nothing", async () => {
    const author = await person();
    const hostile = `${"*".repeat(24_000)}a${"*".repeat(24_000)}`;
    const started = Date.now();
    expect(await createBlogPost(author, { title: "炸弹", body: hostile, publish: true })).toEqual({
      ok: false, status: 400, message: "正文结构过于复杂，无法排版，请简化后再保存",
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await listMemberPosts(author, author.userId)).total).toBe(0);
  }, 30_000);

  it("lists newest first, drafts by creation time, and pages", async () => {
    const author = await person();
    const database = await db();
    const at = (s: string) => new Date(`2025-0${s}T00:00:00Z`);
    await database.insert(articles).values([
      { type: "blog", title: "一月", authorId: author.userId, status: "published", publishedAt: at("1-10"), createdAt: at("1-01") },
      { type: "blog", title: "三月草稿", authorId: author.userId, status: "draft", createdAt: at("3-01") },
      { type: "blog", title: "二月", authorId: author.userId, status: "published", publishedAt: at("2-10"), createdAt: at("1-02") },
      { type: "case", title: "不是博客", authorId: author.userId, status: "published", publishedAt: at("4-01") },
    ]);
    expect((await listMemberPosts(author, author.userId)).items.map((p) => p.title)).toEqual(["三月草稿", "二月", "一月"]);
    expect(await listMemberPosts(null, author.userId, 2, 1)).toMatchObject({ items: [{ title: "一月" }], total: 2, page: 2, pageSize: 1 });
  });
});
