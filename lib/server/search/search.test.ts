import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, masters, searchDocuments, statementFills, statements, stocks, strategies, users } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { shanghaiDate } from "@/lib/domain/membership";
import { viewerForToken, type Viewer } from "@/lib/server/auth/viewer";
import { createSession } from "@/lib/server/auth/sessions";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { ensureSearchIndex, freshSearchIndex, refreshSearchDocuments, reindexAll, resetSearchFreshness, syncSearchIndex } from "./indexer";
import { siteSearch, suggest } from "./site-search";
import { stockMasters } from "./stock-masters";

process.env.LOG_LEVEL = "silent";

const SECRET_BODY = "付费正文里的独家密钥词语量子纠缠";

async function viewerWithLevel(email: string, level: 0 | 100 | 200): Promise<Viewer> {
  const user = await createUser({ email, nickname: email.split("@")[0] });
  if (level !== 0) await grantDays({ userId: user.id, levelId: level, days: 30, source: "admin", sourceKey: `search-test:${user.id}` });
  const { token } = await createSession(user.id);
  return (await viewerForToken(token))!;
}

const titles = (r: Awaited<ReturnType<typeof siteSearch>>) => r.groups.flatMap((g) => g.items.map((i) => `${i.kind}:${i.titleText}`));

describeOnEachEngine("site search", (engine) => {
  let masterGuid: string;
  let vipArticle: string;
  let publicArticle: string;
  let memberId: string;
  let free: Viewer;
  let vip: Viewer;

  beforeAll(async () => {
    const database = await db();
    const [m] = await database.insert(masters).values({ name: "炒股养家", bio: "擅长打板与情绪周期", styleTags: ["打板", "龙头"] }).returning({ guid: masters.guid });
    masterGuid = m!.guid;
    await database.insert(stocks).values([
      { code: "600519", exchange: "SH", name: "贵州茅台" },
      { code: "000001", exchange: "SZ", name: "平安银行" },
      { code: "000858", exchange: "SZ", name: "五粮液" },
    ]);
    await database.insert(strategies).values({ name: "小市值轮动", author: "量化老王", description: "每月调仓的小市值策略", status: "paper", startDate: "2024-01-02" });
    const [pub] = await database.insert(articles).values({
      type: "case", title: "龙头战法入门", summary: "公开摘要", body: "## 正文\n公开正文讲**涨停板接力**的要点", status: "published", publishedAt: new Date("2024-05-01T00:00:00Z"),
    }).returning({ infoguid: articles.infoguid });
    publicArticle = pub!.infoguid;
    const [gated] = await database.insert(articles).values({
      type: "interpret", title: "情绪周期深度解读", summary: "VIP 摘要：周期的四个阶段", body: SECRET_BODY, minLevel: 100, status: "published", publishedAt: new Date("2024-06-01T00:00:00Z"),
    }).returning({ infoguid: articles.infoguid });
    vipArticle = gated!.infoguid;
    await database.insert(articles).values({ type: "news", title: "草稿里的茅台新闻", summary: "", body: "", status: "draft" });
    const member = await createUser({ email: `search-member-${engine}@example.com`, nickname: "韭菜小王子" });
    memberId = member.id;
    free = await viewerWithLevel(`search-free-${engine}@example.com`, 0);
    vip = await viewerWithLevel(`search-vip-${engine}@example.com`, 100);
    await reindexAll(database);
  });

  it("finds 贵州茅台 by pinyin initials, part of the name, code and code with exchange", async () => {
    for (const q of ["gzmt", "GZMT", "茅台", "贵州茅台", "600519", "600519.SH", "guizhoumaotai"]) {
      const r = await siteSearch(null, q, { kind: "stock" });
      expect([q, r.groups[0]?.items[0]?.titleText]).toEqual([q, "贵州茅台"]);
      expect(r.groups[0]!.items[0]!.url).toBe("/search/600519");
      expect(r.groups[0]!.items[0]!.extra).toMatchObject({ code: "600519", symbol: "600519.SH" });
    }
    const all = await siteSearch(null, "茅台");
    expect(titles(all)).toEqual(["stock:贵州茅台"]); // the draft article is not indexed
    expect(all.groups[0]!.items[0]!.title).toEqual([{ text: "贵州", hit: false }, { text: "茅台", hit: true }]);
    expect((await siteSearch(null, "600519.SZ")).total).toBe(0);
  });

  it("finds masters by name, pinyin and style tag, strategies by name and author", async () => {
    expect(titles(await siteSearch(null, "养家"))).toEqual(["master:炒股养家"]);
    expect(titles(await siteSearch(null, "cgyj"))).toEqual(["master:炒股养家"]);
    expect(titles(await siteSearch(null, "小市值"))).toEqual(["strategy:小市值轮动"]);
    const byAuthor = await siteSearch(null, "老王", { kind: "strategy" });
    expect(byAuthor.groups[0]!.items[0]).toMatchObject({ titleText: "小市值轮动", url: expect.stringMatching(/^\/quant\?s=/), extra: { status: "paper", author: "量化老王" } });
    const master = (await siteSearch(null, "打板", { kind: "master" })).groups[0]!.items[0]!;
    expect(master).toMatchObject({ url: `/detail/${masterGuid}`, extra: { tags: ["打板", "龙头"] } });
    expect(master.snippet).toEqual([{ text: "擅长", hit: false }, { text: "打板", hit: true }, { text: "与情绪周期", hit: false }]);
  });

  it("never finds a gated article by its body, for any viewer, but finds its title and summary", async () => {
    for (const viewer of [null, free, vip]) {
      for (const q of ["独家密钥", "量子纠缠", "付费正文"]) expect((await siteSearch(viewer, q)).total).toBe(0);
      expect(await suggest("独家密钥")).toEqual([]);
    }
    const [row] = await (await db()).select().from(searchDocuments).where(and(eq(searchDocuments.kind, "article"), eq(searchDocuments.refId, vipArticle)));
    expect(row!.body).not.toContain("密钥");
    expect(row!.tokens).not.toContain("密钥");
    expect(row!.tsv).not.toContain("密钥");

    const visitorHit = (await siteSearch(null, "情绪周期", { kind: "article" })).groups[0]!.items;
    expect(visitorHit.map((i) => [i.titleText, i.locked, i.minLevel])).toEqual([["情绪周期深度解读", true, 100]]);
    expect((await siteSearch(free, "四个阶段", { kind: "article" })).groups[0]!.items[0]!.locked).toBe(true);
    expect((await siteSearch(vip, "情绪周期", { kind: "article" })).groups[0]!.items[0]!.locked).toBe(false);
  });

  it("finds a public article by its body, with a highlighted snippet", async () => {
    const hit = (await siteSearch(null, "涨停板接力")).groups[0]!;
    expect(hit.kind).toBe("article");
    expect(hit.items[0]).toMatchObject({ titleText: "龙头战法入门", url: `/info/detail/${publicArticle}`, locked: false });
    expect(hit.items[0]!.snippet.filter((s) => s.hit).map((s) => s.text)).toEqual(["涨停板接力"]);
    expect(hit.items[0]!.snippet.map((s) => s.text).join("")).not.toMatch(/[#*]/);
  });

  it("finds a member by nickname and its pinyin", async () => {
    for (const q of ["韭菜", "小王子", "jcxwz"]) {
      const r = await siteSearch(null, q, { kind: "member" });
      expect([q, r.groups[0]?.items.map((i) => [i.titleText, i.url])]).toEqual([q, [["韭菜小王子", `/user/${memberId}`]]]);
    }
  });

  it("groups results per kind with totals on the all tab", async () => {
    const r = await siteSearch(null, "龙头");
    expect(r.totals).toEqual({ master: 1, stock: 0, strategy: 0, article: 1, member: 0 });
    expect(r.groups.map((g) => [g.kind, g.label, g.total, g.items.length])).toEqual([["master", "大神", 1, 1], ["article", "文章", 1, 1]]);
    expect(r.kind).toBeNull();
  });

  it("paginates one kind and clamps the page", async () => {
    const database = await db();
    await database.insert(stocks).values(Array.from({ length: 23 }, (_, i) => ({ code: String(300100 + i), exchange: "SZ", name: `翻页测试${String(i).padStart(2, "0")}` })));
    await syncSearchIndex(database);
    const p1 = await siteSearch(null, "翻页测试", { kind: "stock", page: 1, pageSize: 10 });
    expect([p1.totals.stock, p1.pageCount, p1.page, p1.groups[0]!.items.length]).toEqual([23, 3, 1, 10]);
    const p3 = await siteSearch(null, "翻页测试", { kind: "stock", page: 3, pageSize: 10 });
    expect([p3.page, p3.groups[0]!.items.length]).toEqual([3, 3]);
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) for (const i of (await siteSearch(null, "翻页测试", { kind: "stock", page, pageSize: 10 })).groups[0]!.items) seen.add(i.refId);
    expect(seen.size).toBe(23);
    expect((await siteSearch(null, "翻页测试", { kind: "stock", page: 99, pageSize: 10 })).page).toBe(3);
    expect((await siteSearch(null, "翻页测试", { kind: "stock", page: -1, pageSize: 1000 })).pageSize).toBe(50);
    const allTab = await siteSearch(null, "翻页测试");
    expect(allTab.groups[0]!.items).toHaveLength(5);
    expect(allTab.groups[0]!.total).toBe(23);
  });

  it("suggests up to 8 items by prefix, the typed code first", async () => {
    expect((await suggest("gzm"))[0]).toEqual({ kind: "stock", title: "贵州茅台", url: "/search/600519", detail: "600519.SH" });
    expect((await suggest("600519"))[0]!.title).toBe("贵州茅台");
    expect(await suggest("翻页")).toHaveLength(8);
    expect(await suggest("   ")).toEqual([]);
    expect(await siteSearch(null, "！！")).toMatchObject({ total: 0, groups: [] });
  });

  it("follows the source tables: sync touches only changed rows; the write hook is immediate", async () => {
    const database = await db();
    expect(await syncSearchIndex(database)).toEqual({
      indexed: { master: 0, stock: 0, strategy: 0, article: 0, member: 0 },
      removed: { master: 0, stock: 0, strategy: 0, article: 0, member: 0 },
    });
    await database.update(users).set({ nickname: "韭菜大王" }).where(eq(users.id, memberId));
    await database.update(articles).set({ status: "hidden" }).where(eq(articles.infoguid, publicArticle));
    await database.insert(stocks).values({ code: "002594", exchange: "SZ", name: "比亚迪" });
    const report = await syncSearchIndex(database);
    expect(report.indexed).toMatchObject({ member: 1, stock: 1, article: 0 });
    expect(report.removed).toMatchObject({ article: 1 });
    expect(titles(await siteSearch(null, "byd"))).toEqual(["stock:比亚迪"]);
    expect((await siteSearch(null, "涨停板接力")).total).toBe(0);
    expect(titles(await siteSearch(null, "韭菜"))).toEqual(["member:韭菜大王"]);

    // the hook: publish again, re-level the VIP article to public (its body becomes searchable)
    await database.update(articles).set({ status: "published" }).where(eq(articles.infoguid, publicArticle));
    await database.update(articles).set({ minLevel: 0 }).where(eq(articles.infoguid, vipArticle));
    await database.transaction(async (tx) => refreshSearchDocuments(tx, "article", [publicArticle, vipArticle, "not-a-guid"]));
    expect((await siteSearch(null, "涨停板接力")).total).toBe(1);
    expect((await siteSearch(null, "量子纠缠")).total).toBe(1);
    await database.update(articles).set({ minLevel: 100 }).where(eq(articles.infoguid, vipArticle));
    await refreshSearchDocuments(database, "article", [vipArticle]);
    expect((await siteSearch(null, "量子纠缠")).total).toBe(0);
  });

  it("checks for changes at most once a minute, and builds an empty index at start", async () => {
    const database = await db();
    await database.delete(searchDocuments);
    await ensureSearchIndex();
    expect(titles(await siteSearch(null, "gzmt"))).toEqual(["stock:贵州茅台"]);
    resetSearchFreshness(database);
    await freshSearchIndex(database, 1_000_000);
    await database.insert(stocks).values({ code: "601318", exchange: "SH", name: "中国平安" });
    await freshSearchIndex(database, 1_000_000 + 30_000);
    expect((await (await db()).select().from(searchDocuments).where(eq(searchDocuments.refId, "601318"))).length).toBe(0);
    await freshSearchIndex(database, 1_000_000 + 61_000);
    expect(titles(await siteSearch(null, "zgpa"))).toEqual(["stock:中国平安"]);
  });

  it("lists the masters who traded a stock, within what the viewer may see", async () => {
    const database = await db();
    const [st] = await database.insert(statements).values({
      masterGuid, fileName: "a.csv", fileHash: `h-${engine}`, fileSize: 1, format: "test", formatLabel: "测试", encoding: "utf-8", rowCount: 3, fillCount: 3, eventCount: 0,
    }).returning({ id: statements.id });
    const today = shanghaiDate(new Date());
    const fill = (line: number, tradeDate: string, side: "buy" | "sell") => ({
      statementId: st!.id, masterGuid, line, tradeDate, code: "600519", exchange: "SH", name: "贵州茅台", side, quantity: 100, price: 1500, amount: 150000,
    });
    await database.insert(statementFills).values([fill(1, "2024-03-04", "buy"), fill(2, "2024-03-06", "sell"), fill(3, today, "buy")]);

    const seenByVisitor = await stockMasters(null, "600519");
    expect(seenByVisitor).toMatchObject({ code: "600519", name: "贵州茅台", delayed: true });
    expect(seenByVisitor!.masters).toEqual([{ guid: masterGuid, name: "炒股养家", isDemo: false, firstDate: "2024-03-04", lastDate: "2024-03-06", buys: 1, sells: 1, url: `/detail/${masterGuid}/2024-03-06/600519` }]);
    const seenByVip = await stockMasters(vip, "600519");
    expect(seenByVip!.delayed).toBe(false);
    expect(seenByVip!.masters[0]).toMatchObject({ lastDate: today, buys: 2 });
    expect(await stockMasters(null, "999999")).toBeNull();
    expect(await stockMasters(null, "abc")).toBeNull();
    expect((await stockMasters(null, "000001"))!.masters).toEqual([]);
  });
});
