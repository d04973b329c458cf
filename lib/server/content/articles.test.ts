import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { MORE_MARKER } from "@/lib/domain/paywall";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken, type Viewer } from "@/lib/server/auth/viewer";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import {
  articleForViewer, countSitemapArticles, feedArticles, likeArticle, listArticles, listBlogPosts, recordArticleView,
  relatedArticles, setArticleTags, sitemapArticles,
} from "./articles";

process.env.LOG_LEVEL = "silent";

/** Each gated body's paid part carries one of these; none may reach a viewer below the article's level. */
const PAID = { 100: "VIP付费句：止损线设在成本下方百分之五", 200: "SVIP付费句：仓位按波动率倒数分配" } as const;
const PAID_VIDEO = "/videos/svip-secret.m3u8";
const FREE = "所有人都能读的开头。";

function gatedBody(level: 100 | 200, marked: boolean): string {
  const paid = `${PAID[level]}。\n\n- 列表里的${PAID[level]}\n\n| 表 | ${PAID[level]} |\n|---|---|\n| 1 | 2 |`;
  return marked
    ? `## 开头\n\n${FREE}\n\n第二段也免费。\n\n${MORE_MARKER}\n\n${paid}`
    : `${FREE}\n\n第二段也免费。\n\n${paid}\n\n${PAID[level]}，更多付费内容，很长很长很长很长很长很长很长很长很长很长很长很长很长很长。`;
}

/** Everything a read function answered, as one string (Dates as ISO). */
const dump = (value: unknown): string => JSON.stringify(value);

describeOnEachEngine("articles: the paywall in the data layer", (engine) => {
  const ids: Record<string, string> = {};
  const viewers: Record<string, Viewer | null> = { visitor: null };

  beforeAll(async () => {
    const database = await db();
    const now = Date.now();
    const author = await createUser({ email: `blogger-${engine}@example.com` });
    const rows = [
      { key: "free", type: "case", title: "公开文章", summary: "公开的摘要", body: `${FREE}\n\n全文公开。`, minLevel: 0 },
      { key: "vip", type: "case", title: "VIP 文章", summary: "VIP 摘要", body: gatedBody(100, true), minLevel: 100 },
      { key: "svip", type: "case", title: "SVIP 文章", summary: "", body: gatedBody(200, true), minLevel: 200 },
      { key: "svipNoMarker", type: "interpret", title: "SVIP 无分隔", summary: "", body: gatedBody(200, false), minLevel: 200 },
      { key: "svipVideo", type: "video", title: "SVIP 视频", summary: "视频摘要", body: gatedBody(200, true), minLevel: 200, videoUrl: PAID_VIDEO },
      { key: "svipBlog", type: "blog", title: "SVIP 博客", summary: "", body: gatedBody(200, true), minLevel: 200, authorId: author.id },
      { key: "draft", type: "case", title: "草稿", summary: "", body: gatedBody(200, true), minLevel: 0, status: "draft" as const },
    ];
    for (const [i, { key, ...row }] of rows.entries()) {
      const [inserted] = await database.insert(articles)
        .values({ status: "published", publishedAt: new Date(now - i * 60_000), ...row })
        .returning({ infoguid: articles.infoguid });
      ids[key] = inserted!.infoguid;
    }
    ids.author = author.id;

    const member = async (name: string, level: 0 | 100 | 200, grantAgoDays = 0) => {
      const user = await createUser({ email: `${name}-${engine}@example.com` });
      if (level) {
        await grantDays({ userId: user.id, levelId: level, days: 30, source: "admin", sourceKey: `articles-test:${user.id}`, now: new Date(now - grantAgoDays * 86_400_000) });
      }
      const { token } = await createSession(user.id, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
      return viewerForToken(token);
    };
    viewers.free = await member("free", 0);
    viewers.expiredVip = await member("expired", 100, 60);
    viewers.vip = await member("vip", 100);
    viewers.svip = await member("svip", 200);
    expect(viewers.expiredVip?.userInfo.levelId).toBe(0);
    expect(viewers.vip?.userInfo.levelId).toBe(100);
    expect(viewers.svip?.userInfo.levelId).toBe(200);
  }, 60_000);

  const levelOf = (who: string) => viewers[who]?.userInfo.levelId ?? 0;
  /** Paid sentences this viewer must not receive. */
  const forbidden = (who: string) => [PAID[100], PAID[200], PAID_VIDEO].filter((s) => (s === PAID[100] ? levelOf(who) < 100 : levelOf(who) < 200));

  /** Every read function of articles, as this viewer. */
  async function everything(viewer: Viewer | null): Promise<string> {
    const answers: unknown[] = [
      await listArticles({ viewer }),
      await listArticles({ type: "case", viewer }),
      await listArticles({ type: "video", viewer }),
      await listBlogPosts(ids.author!, 1, 10, viewer),
      await feedArticles(),
      await sitemapArticles({ limit: 100 }),
    ];
    for (const key of ["free", "vip", "svip", "svipNoMarker", "svipVideo", "svipBlog", "draft"]) {
      answers.push(await articleForViewer(ids[key]!, viewer));
      answers.push(await relatedArticles({ infoguid: ids[key]!, type: "case" }, viewer));
      answers.push(await relatedArticles({ infoguid: ids[key]!, type: "video" }, viewer));
      if (viewer) answers.push(await likeArticle(viewer, ids[key]!).catch((refusal: Error) => refusal.message));
    }
    return dump(answers);
  }

  it.each(["visitor", "free", "expiredVip", "vip"])("never gives the paid part to a %s (through every read function)", async (who) => {
    const all = await everything(viewers[who]!);
    for (const secret of forbidden(who)) expect(all).not.toContain(secret);
    expect(all).toContain(FREE); // the lead-ins are there
  });

  it("gives the paid part to those who may read it", async () => {
    expect(dump(await articleForViewer(ids.vip!, viewers.vip!))).toContain(PAID[100]);
    expect(await everything(viewers.svip!)).toEqual(expect.stringContaining(PAID[200]));
    const video = await articleForViewer(ids.svipVideo!, viewers.svip!);
    expect(video).toMatchObject({ locked: false, requiredLevel: 200, videoUrl: PAID_VIDEO });
  });

  it("answers a locked article with its lead-in, the lock and the needed level", async () => {
    const article = await articleForViewer(ids.svip!, viewers.vip!);
    expect(article).toMatchObject({ locked: true, requiredLevel: 200, minLevel: 200, videoUrl: null });
    expect(article!.body).toBe(`## 开头\n\n${FREE}\n\n第二段也免费。\n\n${MORE_MARKER}`);
    expect(article!.description).toBe(`开头 ${FREE} 第二段也免费。`);
    const noMarker = await articleForViewer(ids.svipNoMarker!, null);
    expect(noMarker!.body).toBe(`${FREE}\n\n第二段也免费。\n\n${MORE_MARKER}`);
    const open = await articleForViewer(ids.free!, null);
    expect(open).toMatchObject({ locked: false, requiredLevel: 0, body: `${FREE}\n\n全文公开。`, description: "公开的摘要" });
  });

  it("marks list items locked per viewer, and the feed as a visitor whoever asks", async () => {
    const lockedFor = async (v: Viewer | null) =>
      Object.fromEntries((await listArticles({ type: "case", viewer: v })).items.map((a) => [a.title, a.locked]));
    expect(await lockedFor(null)).toEqual({ 公开文章: false, "VIP 文章": true, "SVIP 文章": true });
    expect(await lockedFor(viewers.vip!)).toEqual({ 公开文章: false, "VIP 文章": false, "SVIP 文章": true });
    const feed = await feedArticles();
    expect(feed.map((a) => a.title)).not.toContain("SVIP 博客");
    expect(feed.map((a) => a.title)).not.toContain("草稿");
    expect(feed.find((a) => a.title === "公开文章")!.content).toBe(`${FREE}\n\n全文公开。`);
    expect(feed.find((a) => a.title === "VIP 文章")!.content.endsWith(MORE_MARKER)).toBe(true);
  });

  it("lists related articles of the same type with readable snippets", async () => {
    const related = await relatedArticles({ infoguid: ids.free!, type: "case" }, null);
    expect(related.map((a) => a.title)).toEqual(["VIP 文章", "SVIP 文章"]);
    expect(related.map((a) => a.snippet)).toEqual(["VIP 摘要", `开头 ${FREE} 第二段也免费。`]);
  });

  it("lists sitemap entries without blog posts or drafts", async () => {
    const entries = await sitemapArticles({ limit: 100 });
    expect(entries.map((e) => e.infoguid).sort()).toEqual([ids.free, ids.vip, ids.svip, ids.svipNoMarker, ids.svipVideo].sort());
    expect(await countSitemapArticles()).toBe(5);
    expect(await sitemapArticles({ offset: 4, limit: 10 })).toHaveLength(1);
  });

  it("counts views, likes once per member, and refuses likes on what the member may not read", async () => {
    await recordArticleView(ids.free!);
    await recordArticleView(ids.free!);
    await recordArticleView(ids.draft!);
    const [{ views }] = await (await db()).select({ views: articles.views }).from(articles).where(eq(articles.infoguid, ids.free!)) as [{ views: number }];
    expect(views).toBe(2);
    const [{ views: draftViews }] = await (await db()).select({ views: articles.views }).from(articles).where(eq(articles.infoguid, ids.draft!)) as [{ views: number }];
    expect(draftViews).toBe(0);

    const member = await viewerForToken((await createSession((await createUser({ email: `liker-${engine}@example.com` })).id)).token);
    const first = await likeArticle(member!, ids.free!);
    const again = await likeArticle(member!, ids.free!);
    expect(first).toMatchObject({ first: true });
    expect(again).toEqual({ first: false, likes: first.likes });
    expect((await articleForViewer(ids.free!, member!))!.likedByViewer).toBe(true);
    expect((await articleForViewer(ids.free!, null))!.likedByViewer).toBe(false);
    await expect(likeArticle(member!, ids.svip!)).rejects.toMatchObject({ code: "forbidden" });
    await expect(likeArticle(member!, ids.draft!)).rejects.toMatchObject({ code: "not_found" });
    await expect(likeArticle(member!, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps tags in order, trimmed and unique", async () => {
    expect(await setArticleTags(ids.vip!, [" 止损 ", "风控", "止损", "", "x".repeat(21), "算例"])).toEqual(["止损", "风控", "算例"]);
    expect((await articleForViewer(ids.vip!, null))!.tags).toEqual(["止损", "风控", "算例"]);
    await setArticleTags(ids.vip!, ["风控"]);
    expect((await articleForViewer(ids.vip!, null))!.tags).toEqual(["风控"]);
  });
});
