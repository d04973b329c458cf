import { db } from "@/lib/db";
import { articles, masters, strategies } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { MORE_MARKER } from "@/lib/domain/paywall";
import { createUser } from "@/lib/server/members/users";
import robots from "./robots";
import { GET as rss } from "./rss.xml/route";
import sitemap from "./sitemap";
import { GET as articleSitemap } from "./sitemaps/[file]/route";

process.env.LOG_LEVEL = "silent";
const PAID = "SVIP付费句：只给会员看的这一句";
const BASE = "http://localhost:3000";

describeOnEachEngine("sitemap, robots and RSS", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const database = await db();
    const rows = await database.insert(articles).values([
      { type: "case", title: "公开 & <文章>", summary: "摘要", body: "公开全文。", status: "published", publishedAt: new Date("2026-03-02T01:00:00Z") },
      { type: "video", title: "SVIP 视频", body: `免费开头。\n\n${MORE_MARKER}\n\n${PAID}`, minLevel: 200, videoUrl: "/v/secret.m3u8", coverUrl: "/demo/covers/video.svg", status: "published", publishedAt: new Date("2026-03-01T01:00:00Z") },
      { type: "blog", title: "博客", body: "博客", status: "published", publishedAt: new Date() },
      { type: "case", title: "草稿", body: PAID, status: "draft" },
    ]).returning({ infoguid: articles.infoguid });
    for (const [i, key] of ["free", "svip", "blog", "draft"].entries()) ids[key] = rows[i]!.infoguid;
    const author = await createUser({ email: "sitemap-author@example.com" });
    const posts = await database.insert(articles).values([
      { type: "blog", title: "会员公开博客", body: "复盘", status: "published", authorId: author.id, publishedAt: new Date("2026-03-03T01:00:00Z") },
      { type: "blog", title: "会员草稿", body: "草稿", status: "draft", authorId: author.id },
      { type: "blog", title: "被隐藏的博客", body: "隐藏", status: "hidden", authorId: author.id, publishedAt: new Date("2026-03-04T01:00:00Z") },
    ]).returning({ infoguid: articles.infoguid });
    ids.author = author.id;
    for (const [i, key] of ["post", "postDraft", "postHidden"].entries()) ids[key] = posts[i]!.infoguid;
    const [m] = await database.insert(masters).values({ name: "青山短线" }).returning({ guid: masters.guid });
    const [s] = await database.insert(strategies).values({ name: "动量", author: "研究组", status: "paper", startDate: "2025-01-02" }).returning({ guid: strategies.guid });
    ids.master = m!.guid;
    ids.strategy = s!.guid;
  });

  it("lists public pages, masters, strategies and published editorial articles only", async () => {
    const entries = await sitemap();
    const urls = entries.map((e) => e.url);
    for (const path of ["/", "/god", "/rank", "/quant", "/info/case", "/info/video", "/price", `/detail/${ids.master}`, `/quant?s=${ids.strategy}`, `/info/detail/${ids.free}`, `/info/detail/${ids.svip}`]) {
      expect(urls).toContain(`${BASE}${path}`);
    }
    expect(urls.some((u) => u.includes(ids.blog!) || u.includes(ids.draft!) || u.includes("/admin"))).toBe(false);
    // a member's published post, at its public address; never a draft or a hidden one, nor other member pages
    expect(urls).toContain(`${BASE}/user/blog/${ids.author}/${ids.post}`);
    expect(urls.filter((u) => u.includes("/user"))).toEqual([`${BASE}/user/blog/${ids.author}/${ids.post}`]);
    expect(entries.find((e) => e.url.endsWith(ids.svip!))).toMatchObject({ images: [`${BASE}/demo/covers/video.svg`] });
    expect(JSON.stringify(entries)).not.toContain(PAID);
  });

  it("has no extra article files while all articles fit, and refuses other names", async () => {
    for (const file of ["articles-1.xml", "articles-0.xml", "x.xml"]) {
      const res = await articleSitemap(new Request(`${BASE}/sitemaps/${file}`), { params: Promise.resolve({ file }) });
      expect(res.status).toBe(404);
    }
  });

  it("keeps crawlers out of member, admin, payment and API pages but for members' posts, and names the sitemap", async () => {
    const r = await robots();
    expect(r.rules).toEqual([expect.objectContaining({ userAgent: "*", allow: ["/", "/user/blog/"], disallow: expect.arrayContaining(["/admin", "/api/", "/user"]) })]);
    expect(r.sitemap).toEqual([`${BASE}/sitemap.xml`]);
  });

  it("feeds public articles whole and gated ones as their lead-in, never the paid part or a gated video", async () => {
    const res = await rss();
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain("<title>公开 &amp; &lt;文章&gt;</title>");
    expect(xml).toContain("公开全文。");
    expect(xml).toContain("免费开头。");
    expect(xml).toContain("本文为 SVIP 专享内容");
    expect(xml).not.toContain(PAID);
    expect(xml).not.toContain("secret.m3u8");
    expect(xml).not.toContain("博客");
  });
});
