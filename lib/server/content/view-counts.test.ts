import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { rememberStartupContext } from "@/lib/server/startup-context";
import { storesOfTimersMade } from "@/lib/server/timer-contexts.test-support";
import { countArticleView, flushArticleViews, pendingArticleViews } from "./view-counts";

process.env.LOG_LEVEL = "silent";

describeOnEachEngine("reading counts written behind", () => {
  async function article(status: "published" | "draft" = "published") {
    const [row] = await (await db()).insert(articles)
      .values({ type: "case", title: "计数", body: "正文", status, publishedAt: new Date() })
      .returning({ infoguid: articles.infoguid });
    return row!.infoguid;
  }
  const storedViews = async (id: string) => (await (await db()).select({ v: articles.views }).from(articles).where(eq(articles.infoguid, id)))[0]!.v;

  it("each reader sees a count that includes their reading; the database gets them all in one write", async () => {
    const id = await article();
    expect(countArticleView(id, 0)).toBe(1);
    expect(countArticleView(id, 0)).toBe(2);
    expect(countArticleView(id, 0)).toBe(3);
    expect(await storedViews(id)).toBe(0); // not yet: nothing on the page's critical path
    await flushArticleViews();
    expect(await storedViews(id)).toBe(3);
    expect(pendingArticleViews(id)).toBe(0);
    // a reader served a cached article with the old count still sees the current one
    expect(countArticleView(id, 0)).toBe(4);
    await flushArticleViews();
    expect(await storedViews(id)).toBe(4);
  });

  it("writes by itself within a second", async () => {
    const id = await article();
    countArticleView(id, 0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await flushArticleViews(); // waits for the timer's write if it is still running
    expect(await storedViews(id)).toBe(1);
  });

  it("the timer that writes behind is made outside the reading's request, which it outlives", async () => {
    rememberStartupContext();
    const request = new AsyncLocalStorage<string>();
    const id = await article();
    const madeIn = await storesOfTimersMade(request, "GET /info/detail/…", () => countArticleView(id, 0));
    expect(madeIn).toEqual([undefined]);
    await flushArticleViews();
    expect(await storedViews(id)).toBe(1);
  });

  it("an article that is not published is not counted", async () => {
    const id = await article("draft");
    countArticleView(id, 0);
    await flushArticleViews();
    expect(await storedViews(id)).toBe(0);
  });
});
