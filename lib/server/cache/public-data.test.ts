import { eq, sql } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { articles, marketBars, masters, plans } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { articleForViewer, listArticles, recordArticleView } from "@/lib/server/content/articles";
import { listPlans } from "@/lib/server/payments/catalog";
import { masterHub } from "@/lib/server/statements/master-hub";
import { AsyncLocalStorage } from "node:async_hooks";
import { rememberStartupContext } from "@/lib/server/startup-context";
import { forgetPublicData, MAX_AGE_MS, publicData } from "./public-data";

process.env.LOG_LEVEL = "silent";

describeOnEachEngine("public data kept between requests", (engine) => {
  beforeEach(() => forgetPublicData());
  afterAll(() => reloadConfigForTests());

  it("answers a read again without loading it while its data is unchanged, and one load serves concurrent callers", async () => {
    const load = jest.fn(async () => ({ n: 1 }));
    const [a, b] = await Promise.all([publicData("k", ["statements"], load), publicData("k", ["statements"], load)]);
    expect(await publicData("k", ["statements"], load)).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads again after any write to the tables of its kind, whoever made it (triggers, not callers, invalidate)", async () => {
    const load = jest.fn(async () => (await (await db()).select().from(masters)).length);
    const other = jest.fn(async () => "articles only");
    expect(await publicData("masters", ["statements"], load)).toBe(0);
    await publicData("other", ["articles"], other);
    await (await db()).insert(masters).values({ name: `缓存测试-${engine}` });
    expect(await publicData("masters", ["statements"], load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    await publicData("other", ["articles"], other);
    expect(other).toHaveBeenCalledTimes(1); // another kind of data is untouched
    await (await db()).execute(sql`delete from masters`);
    expect(await publicData("masters", ["statements"], load)).toBe(0);
  });

  it("a write inside a transaction that rolls back changes nothing; one that commits is seen at once", async () => {
    const load = jest.fn(async () => (await (await db()).select().from(marketBars)).length);
    await publicData("bars", ["market"], load);
    await expect(
      (await db()).transaction(async (tx) => {
        await tx.insert(marketBars).values({ code: "600000", tradeDate: "2026-11-20", open: 1, high: 1, low: 1, close: 1, volume: 1 } as never);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await publicData("bars", ["market"], load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("after MAX_AGE_MS without a write, answers the old value once while one reload runs behind it (bounds how old reading counts get)", async () => {
    let version = 0;
    let finishReload: () => void = () => {};
    const load = jest.fn(() => {
      version += 1;
      const v = `v${version}`;
      return version === 1 ? Promise.resolve(v) : new Promise<string>((resolve) => (finishReload = () => resolve(v)));
    });
    const t0 = Date.now();
    expect(await publicData("aged", ["plans"], load, t0)).toBe("v1");
    expect(await publicData("aged", ["plans"], load, t0 + MAX_AGE_MS - 1)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
    // old: answered at once, not after the reload; concurrent callers start no second reload
    expect(await publicData("aged", ["plans"], load, t0 + MAX_AGE_MS)).toBe("v1");
    expect(await publicData("aged", ["plans"], load, t0 + MAX_AGE_MS + 5)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(2);
    finishReload();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await publicData("aged", ["plans"], load, t0 + MAX_AGE_MS + 10)).toBe("v2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a failed age reload keeps the old value and is tried again by the next request", async () => {
    const load = jest.fn<Promise<string>, []>().mockResolvedValueOnce("old").mockRejectedValueOnce(new Error("database hiccup")).mockResolvedValueOnce("new");
    const t0 = Date.now();
    await publicData("aged-flaky", ["plans"], load, t0);
    expect(await publicData("aged-flaky", ["plans"], load, t0 + MAX_AGE_MS)).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await publicData("aged-flaky", ["plans"], load, t0 + MAX_AGE_MS + 1)).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await publicData("aged-flaky", ["plans"], load, t0 + MAX_AGE_MS + 2)).toBe("new");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("an old entry whose data changed is not answered again: the caller waits for the fresh load", async () => {
    const load = jest.fn(async () => (await (await db()).select().from(masters)).length);
    const t0 = Date.now();
    const before = await publicData("aged-changed", ["statements"], load, t0);
    await (await db()).insert(masters).values({ name: `过期且已改-${engine}` });
    expect(await publicData("aged-changed", ["statements"], load, t0 + MAX_AGE_MS)).toBe(before + 1);
    await (await db()).execute(sql`delete from masters where name = ${`过期且已改-${engine}`}`);
  });

  it("loads and reloads outside the request that asked, so a kept entry does not keep that request alive", async () => {
    rememberStartupContext();
    const request = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const load = jest.fn(async () => {
      seen.push(request.getStore());
      return "x";
    });
    const t0 = Date.now();
    await request.run("GET /god", () => publicData("outside", ["plans"], load, t0));
    await request.run("GET /rank", () => publicData("outside", ["plans"], load, t0 + MAX_AGE_MS));
    await new Promise((resolve) => setImmediate(resolve));
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([undefined, undefined]);
  });

  it("does not keep a failed load", async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error("database hiccup")).mockResolvedValueOnce("ok");
    await expect(publicData("flaky", ["plans"], load)).rejects.toThrow("database hiccup");
    expect(await publicData("flaky", ["plans"], load)).toBe("ok");
  });

  it("hands out frozen values outside production: a caller cannot change what other visitors get", async () => {
    const value = await publicData("frozen", ["plans"], async () => ({ rows: [{ name: "VIP" }] }));
    expect(() => {
      (value.rows as { name: string }[]).push({ name: "changed" });
    }).toThrow(TypeError);
    expect(() => {
      (value.rows[0] as { name: string }).name = "changed";
    }).toThrow(TypeError);
  });

  it("PUBLIC_DATA_CACHE=off loads every time", async () => {
    reloadConfigForTests({ ...process.env, PUBLIC_DATA_CACHE: "off" });
    try {
      const load = jest.fn(async () => 1);
      await publicData("off", ["plans"], load);
      await publicData("off", ["plans"], load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      reloadConfigForTests();
    }
  });

  it("an article edit shows on the next read; a reading does not throw the cached article away, and the count it returns is current", async () => {
    const database = await db();
    const [row] = await database.insert(articles)
      .values({ type: "case", title: "原标题", body: "正文", status: "published", publishedAt: new Date() })
      .returning({ infoguid: articles.infoguid });
    const id = row!.infoguid;
    expect((await articleForViewer(id, null))?.title).toBe("原标题");
    expect((await listArticles({ pageSize: 50 })).items.some((a) => a.title === "原标题")).toBe(true);
    const first = await articleForViewer(id, null);
    expect(await recordArticleView(id)).toBe(1);
    expect(await recordArticleView(id)).toBe(2);
    expect(await articleForViewer(id, null)).toEqual(first); // the same cached article, its count one minute stale at most
    await database.update(articles).set({ title: "新标题" }).where(eq(articles.infoguid, id));
    expect((await articleForViewer(id, null))?.title).toBe("新标题");
    expect((await listArticles({ pageSize: 50 })).items.some((a) => a.title === "新标题")).toBe(true);
    await database.update(articles).set({ status: "hidden" }).where(eq(articles.infoguid, id));
    expect(await articleForViewer(id, null)).toBeNull(); // taken down: gone at once
  });

  it("a plan's new price and the masters page follow their tables at once", async () => {
    const before = await listPlans();
    const plan = before[0]!;
    await (await db()).update(plans).set({ priceFen: plan.priceFen + 100 }).where(eq(plans.id, plan.id));
    expect((await listPlans()).find((p) => p.id === plan.id)?.priceFen).toBe(plan.priceFen + 100);

    const hub = await masterHub(null);
    await (await db()).insert(masters).values({ name: `新高手-${engine}` });
    const after = await masterHub(null);
    expect(after.masters.length).toBe(hub.masters.length + 1);
    expect(after.masters.some((m) => m.name === `新高手-${engine}`)).toBe(true);
  });
});
