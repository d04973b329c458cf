import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, articleTags } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { blogPostForViewer, createBlogPost } from "@/lib/server/blog/posts";
import { isMediaAddress } from "@/lib/domain/content/limits";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { adminArticleDetail, adminArticleList, AdminArticleFilters } from "@/lib/server/content/articles-admin";
import { createUser } from "@/lib/server/members/users";
import { postJson, routeContext, statusAndMessage as answer, type Sender } from "../../request.test-support";
import { POST as articlePost } from "./[infoguid]/route";
import { POST as createPost } from "./route";

process.env.LOG_LEVEL = "silent";

const create = (body: unknown, who: Sender = {}) => createPost(postJson("/api/admin/articles", body, who));

const act = (infoguid: string, body: unknown, who: Sender = {}) =>
  articlePost(postJson(`/api/admin/articles/${infoguid}`, body, who), routeContext({ infoguid }));
const row = async (infoguid: string) => (await (await db()).select().from(articles).where(eq(articles.infoguid, infoguid)))[0];

const ARTICLE = { type: "case", title: "打板案例", summary: "", body: "## 首板\n\n**次日**低开。", coverUrl: "/covers/a.png", videoUrl: "", minLevel: 100, tags: ["打板", "案例"] };

describeOnEachEngine("POST /api/admin/articles…", (engine) => {
  let staff: string;
  let member: string;
  let memberId: string;

  beforeAll(async () => {
    const editor = await createUser({ email: `articles-editor-${engine}@example.com`, role: "editor" });
    const plain = await createUser({ email: `articles-member-${engine}@example.com` });
    staff = (await createSession(editor.id)).token;
    member = (await createSession(plain.id)).token;
    memberId = plain.id;
  });

  it("refuses foreign origins, visitors and members on every route, and changes nothing", async () => {
    const body = { ...ARTICLE, title: "不该出现", publish: true };
    const id = randomUUID();
    for (const [res, expected] of [
      [await create(body, { token: staff, origin: "https://evil.example" }), [403, "请求来源无效"]],
      [await create(body), [401, "请先登录"]],
      [await create(body, { token: "forged" }), [401, "请先登录"]],
      [await create(body, { token: member }), [403, "没有权限"]],
      [await act(id, { action: "publish" }, { token: staff, origin: "https://evil.example" }), [403, "请求来源无效"]],
      [await act(id, { action: "hide" }), [401, "请先登录"]],
      [await act(id, { action: "update", ...ARTICLE }, { token: member }), [403, "没有权限"]],
      [await act(id, { action: "unhide" }, { token: member }), [403, "没有权限"]],
    ] as const) {
      expect(await answer(res)).toEqual(expected);
    }
    expect(await (await db()).select().from(articles).where(eq(articles.title, "不该出现"))).toHaveLength(0);

    // The data layer refuses members on its own too.
    const viewer = await viewerForToken(member);
    await expect(adminArticleList(viewer!, AdminArticleFilters.parse({}))).rejects.toThrow(RoleRefusedError);
    await expect(adminArticleDetail(viewer!, id)).rejects.toThrow(RoleRefusedError);
  });

  it("explains bad input in Chinese", async () => {
    const cases: [unknown, string][] = [
      [{ ...ARTICLE }, "参数无效"],
      [{ ...ARTICLE, publish: "yes" }, "参数无效"],
      [{ ...ARTICLE, type: "blog", publish: false }, "请选择类型：交易案例、交割单解读、策略分享、教学视频或市场资讯"],
      [{ ...ARTICLE, title: " ", publish: false }, "请填写标题"],
      [{ ...ARTICLE, minLevel: 50, publish: false }, "可见等级须为 0（所有人）、100（VIP）或 200（SVIP）"],
      [{ ...ARTICLE, coverUrl: "javascript:alert(1)", publish: false }, "封面地址须为 http(s) 链接或以 / 开头的站内路径"],
      [{ ...ARTICLE, coverUrl: "//evil.example/a.png", publish: false }, "封面地址须为 http(s) 链接或以 / 开头的站内路径"],
      [{ ...ARTICLE, type: "video", videoUrl: "", publish: false }, "教学视频需要填写视频地址"],
      [{ ...ARTICLE, videoUrl: "data:video/mp4;base64,AAAA", publish: false }, "视频地址须为 http(s) 链接或以 / 开头的站内路径"],
      [{ ...ARTICLE, tags: Array.from({ length: 11 }, (_, i) => `t${i}`), publish: false }, "标签最多 10 个，每个不超过 20 个字"],
      [{ ...ARTICLE, body: "x".repeat(100_001), publish: false }, "正文最多 100,000 字"],
    ];
    for (const [body, message] of cases) expect(await answer(await create(body, { token: staff }))).toEqual([400, message]);
    expect(await answer(await act(randomUUID(), { action: "rename" }, { token: staff }))).toEqual([400, "参数无效"]);
    expect(await answer(await act("nope", { action: "publish" }, { token: staff }))).toEqual([404, "文章不存在"]);
    expect(await answer(await act(randomUUID(), { action: "publish" }, { token: staff }))).toEqual([404, "文章不存在"]);
  });

  it("writes a draft, edits it, publishes and unpublishes it, with tags and a derived summary", async () => {
    const res = await create({ ...ARTICLE, publish: false }, { token: staff });
    const { infoguid, status, message } = await res.json();
    expect([res.status, message, status]).toEqual([200, "草稿已保存", "draft"]);
    // a VIP article's automatic summary is cut from its lead-in (the heading), never from its paid paragraph (issue 20)
    expect(await row(infoguid)).toMatchObject({ type: "case", title: "打板案例", summary: "首板", minLevel: 100, coverUrl: "/covers/a.png", videoUrl: null, status: "draft", publishedAt: null });
    expect((await (await db()).select().from(articleTags).where(eq(articleTags.infoguid, infoguid))).map((t) => t.tag).sort()).toEqual(["打板", "案例"]);

    const edit = { action: "update", ...ARTICLE, type: "video", title: "打板视频", summary: "手写摘要", videoUrl: "https://cdn.example/v.m3u8", minLevel: "200", tags: ["视频"] };
    expect(await answer(await act(infoguid, edit, { token: staff }))).toEqual([200, "已保存"]);
    expect(await row(infoguid)).toMatchObject({ type: "video", title: "打板视频", summary: "手写摘要", videoUrl: "https://cdn.example/v.m3u8", minLevel: 200, status: "draft" });

    expect(await answer(await act(infoguid, { action: "unpublish" }, { token: staff }))).toEqual([409, "这篇文章还没有发布"]);
    expect(await answer(await act(infoguid, { action: "publish" }, { token: staff }))).toEqual([200, "已发布"]);
    const published = (await row(infoguid))!.publishedAt;
    expect(published).toBeInstanceOf(Date);
    expect(await answer(await act(infoguid, { action: "publish" }, { token: staff }))).toEqual([409, "这篇文章已经发布了"]);
    expect(await answer(await act(infoguid, { action: "hide" }, { token: staff }))).toEqual([409, "只有会员博客可以隐藏；编辑文章请用“撤回”"]);
    expect(await answer(await act(infoguid, { action: "unpublish" }, { token: staff }))).toEqual([200, "已撤回为草稿"]);
    expect(await answer(await act(infoguid, { action: "publish" }, { token: staff }))).toEqual([200, "已发布"]);
    expect((await row(infoguid))!.publishedAt).toEqual(published);

    const detail = await adminArticleDetail((await viewerForToken(staff))!, infoguid);
    expect(detail).toMatchObject({ title: "打板视频", tags: ["视频"], videoUrl: "https://cdn.example/v.m3u8", status: "published" });
  });

  it("hides and unhides members' blog posts, but never edits or publishes them, nor shows their drafts", async () => {
    const author = await viewerForToken((await createSession(memberId)).token);
    const post = await createBlogPost(author!, { title: "会员博客", body: "内容", publish: true });
    const draft = await createBlogPost(author!, { title: "会员草稿", body: "内容", publish: false });

    expect(await answer(await act(post.infoguid, { action: "update", ...ARTICLE }, { token: staff }))).toEqual([409, "会员博客只能由作者修改，编辑可以隐藏它"]);
    expect(await answer(await act(post.infoguid, { action: "unpublish" }, { token: staff }))).toEqual([409, "会员博客由作者发布或撤回，编辑可以隐藏它"]);
    expect(await answer(await act(post.infoguid, { action: "hide" }, { token: staff }))).toEqual([200, "已隐藏"]);
    expect(await blogPostForViewer(null, post.infoguid)).toBeNull();
    expect(await answer(await act(post.infoguid, { action: "hide" }, { token: staff }))).toEqual([409, "这篇文章已经隐藏了"]);
    expect(await answer(await act(post.infoguid, { action: "unhide" }, { token: staff }))).toEqual([200, "已恢复显示"]);
    expect(await blogPostForViewer(null, post.infoguid)).toMatchObject({ status: "published" });

    expect(await answer(await act(draft.infoguid, { action: "hide" }, { token: staff }))).toEqual([404, "文章不存在"]);
    const staffViewer = (await viewerForToken(staff))!;
    expect(await adminArticleDetail(staffViewer, draft.infoguid)).toBeNull();
    const blogs = await adminArticleList(staffViewer, AdminArticleFilters.parse({ type: "blog" }));
    expect(blogs.items.map((i) => i.title)).toEqual(["会员博客"]);
    expect(blogs.items[0]).toMatchObject({ authorId: memberId, authorNickname: expect.any(String), status: "published" });
  });

  it("filters the list by type, status, level and title (a literal fragment, wildcards escaped)", async () => {
    const staffViewer = (await viewerForToken(staff))!;
    for (const [title, minLevel, publish] of [["百分之100%的胜率", 0, true], ["下划线_标题", 200, false]] as const) {
      expect((await create({ ...ARTICLE, type: "news", title, minLevel, publish }, { token: staff })).status).toBe(200);
    }
    const list = async (query: Record<string, string>) => {
      const res = await adminArticleList(staffViewer, AdminArticleFilters.parse(query));
      return res.items.map((i) => i.title);
    };
    expect(await list({ type: "news" })).toEqual(["下划线_标题", "百分之100%的胜率"]);
    expect(await list({ type: "news", status: "published" })).toEqual(["百分之100%的胜率"]);
    expect(await list({ type: "news", level: "200" })).toEqual(["下划线_标题"]);
    expect(await list({ q: "100%" })).toEqual(["百分之100%的胜率"]);
    expect(await list({ q: "_" })).toEqual(["下划线_标题"]);
    expect(await list({ q: "%" })).toEqual(["百分之100%的胜率"]);
    // Invalid filters are dropped rather than failing the page.
    expect(AdminArticleFilters.parse({ type: "x", status: "y", level: "5", page: "-3" })).toEqual({ page: 1 });
  });

  it("accepts only our paths and http(s) URLs as media addresses", () => {
    for (const ok of ["", "/a.png", "/videos/x.m3u8?t=1", "https://cdn.example/v.mp4", "http://x.example/a b".replace(" ", "")]) expect(isMediaAddress(ok)).toBe(true);
    for (const bad of ["//evil.example/a", "/\\evil.example/a", "javascript:alert(1)", "data:image/png;base64,AA", "https://x.example/a b", "ftp://x/a", "a.png"]) {
      expect(isMediaAddress(bad)).toBe(false);
    }
  });
});
