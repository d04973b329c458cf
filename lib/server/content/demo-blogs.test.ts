import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { DEMO_BLOG_POSTS } from "@/lib/db/seed/demo-articles";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { seedDemoBlogs } from "./demo-blogs";

describeOnEachEngine("demo blogs", () => {
  it("publishes every demo blog post once, each by a demo member", async () => {
    const database = await db();
    expect(await seedDemoBlogs(database)).toBe(true);
    expect(await seedDemoBlogs(database)).toBe(false);
    const posts = await database.select().from(articles).where(and(eq(articles.type, "blog"), isNotNull(articles.authorId)));
    expect(posts.map((p) => p.title).sort()).toEqual(DEMO_BLOG_POSTS.map((p) => p.title).sort());
    expect(posts.every((p) => p.isDemo && p.status === "published")).toBe(true);
  });
});
