import { renderToStaticMarkup } from "react-dom/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { requireEditorRights } from "@/lib/server/auth/gate";
import type { Viewer } from "@/lib/server/auth/viewer";
import { createBlogPost } from "@/lib/server/blog/posts";
import { createArticle } from "@/lib/server/content/articles-admin";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser, type UserRow } from "@/lib/server/members/users";
import AdminArticlePage from "./[infoguid]/page";
import NewArticlePage from "./new/page";
import AdminArticlesPage from "./page";

jest.mock("@/lib/server/auth/gate", () => ({ requireEditorRights: jest.fn(), requireAdminRights: jest.fn(), requireViewer: jest.fn() }));
jest.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
  forbidden: () => {
    throw new Error("NEXT_FORBIDDEN");
  },
  useRouter: () => ({ refresh() {}, push() {}, replace() {} }),
  usePathname: () => "/admin/articles",
}));
process.env.LOG_LEVEL = "silent";

const html = async (element: Promise<React.ReactElement>) => renderToStaticMarkup(await element);
const search = (q: Record<string, string> = {}) => ({ searchParams: Promise.resolve(q) });
const viewerOf = async (user: UserRow): Promise<Viewer> => ({ userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) });

describeOnEachEngine("admin article pages render from the database", (engine) => {
  let staff: Viewer;
  let member: Viewer;

  beforeAll(async () => {
    staff = await viewerOf(await createUser({ email: `articles-pages-editor-${engine}@example.com`, role: "editor", nickname: "编辑小王" }));
    member = await viewerOf(await createUser({ email: `articles-pages-member-${engine}@example.com`, nickname: "写手小张" }));
    jest.mocked(requireEditorRights).mockResolvedValue(staff);
  });

  it("lists articles and blog posts with filters, and opens the editor or the blog view", async () => {
    expect(await html(AdminArticlesPage(search()))).toContain("没有符合条件的文章");
    const draft = await createArticle(staff, { type: "case", title: "打板<b>案例</b>", body: "**正文**", minLevel: 100 }, false);
    const published = await createArticle(staff, { type: "video", title: "K线视频", body: "讲解", videoUrl: "/v.m3u8", tags: ["K线"] }, true);
    const blog = await createBlogPost(member, { title: "会员复盘", body: "<script>alert(1)</script>\n\n**复盘**", publish: true });
    const memberDraft = await createBlogPost(member, { title: "会员草稿", body: "x", publish: false });

    const list = await html(AdminArticlesPage(search()));
    expect(list).toContain("文章（3）");
    expect(list).toContain("打板&lt;b&gt;案例&lt;/b&gt;");
    expect(list).not.toContain("会员草稿");
    expect(list).toContain(`href="/admin/articles/${draft.infoguid}"`);
    expect(list).toContain(`href="/info/detail/${published.infoguid}"`);
    expect(list).toContain(`href="/user/blog/${member.userId}/${blog.infoguid}"`);
    expect(list).toContain("写手小张");
    for (const label of ["发布 打板&lt;b&gt;案例&lt;/b&gt;", "撤回 K线视频", "隐藏 会员复盘"]) expect(list).toContain(`aria-label="${label}"`);
    expect(list).toContain('href="/admin/articles/new"');

    const blogs = await html(AdminArticlesPage(search({ type: "blog", status: "published" })));
    expect(blogs).toContain("文章（1）");
    expect(blogs).toContain('<option value="blog" selected="">');
    expect(await html(AdminArticlesPage(search({ q: "视频" })))).toContain("文章（1）");
    expect(await html(AdminArticlesPage(search({ type: "nonsense", page: "x" })))).toContain("文章（3）");

    const edit = await html(AdminArticlePage({ params: Promise.resolve({ infoguid: published.infoguid }) }));
    expect(edit).toContain('aria-label="编辑文章"');
    expect(edit).toContain('value="K线视频"');
    expect(edit).toContain('value="/v.m3u8"');
    expect(edit).toContain('value="K线"');

    const blogView = await html(AdminArticlePage({ params: Promise.resolve({ infoguid: blog.infoguid }) }));
    expect(blogView).toContain("会员博客");
    expect(blogView).toContain("<strong>复盘</strong>");
    expect(blogView).not.toContain("<script>alert(1)");
    expect(blogView).not.toContain('aria-label="编辑文章"');

    await expect(html(AdminArticlePage({ params: Promise.resolve({ infoguid: memberDraft.infoguid }) }))).rejects.toThrow("NEXT_NOT_FOUND");
    await expect(html(AdminArticlePage({ params: Promise.resolve({ infoguid: "not-a-guid" }) }))).rejects.toThrow("NEXT_NOT_FOUND");
    expect(await html(NewArticlePage())).toContain('aria-label="写文章"');
  }, 60_000);

  it("shows an automatic summary as none (saving makes it again) and warns when an editor's quotes the paid part", async () => {
    const body = "免费导读：先看资金余额。\n\n<!-- more -->\n\n付费正文：仓位按波动率倒数分配，止损线设在成本下方。";
    const auto = await createArticle(staff, { type: "case", title: "自动摘要", body, minLevel: 100 }, true);
    const quoting = await createArticle(staff, { type: "case", title: "引用付费", summary: "本文：仓位按波动率倒数分配", body, minLevel: 200 }, true);
    const autoPage = await html(AdminArticlePage({ params: Promise.resolve({ infoguid: auto.infoguid }) }));
    expect(autoPage).toMatch(/<textarea[^>]*placeholder="留空则取免费导读的开头"[^>]*><\/textarea>/);
    expect(autoPage).toContain("自动摘要：免费导读：先看资金余额。");
    expect(autoPage).not.toContain("摘要引用了付费部分");
    const quotingPage = await html(AdminArticlePage({ params: Promise.resolve({ infoguid: quoting.infoguid }) }));
    expect(quotingPage).toContain("本文：仓位按波动率倒数分配</textarea>");
    expect(quotingPage).toContain("摘要引用了付费部分：“文：仓位按波动率倒数分配”"); // “正文：” is in the paid part too
  }, 60_000);

  it("is refused by the data layer when the gate lets a member through", async () => {
    jest.mocked(requireEditorRights).mockResolvedValueOnce(member);
    await expect(html(AdminArticlesPage(search()))).rejects.toThrow("NEXT_FORBIDDEN");
  });
});
