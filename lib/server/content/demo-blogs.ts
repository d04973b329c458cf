import "server-only";
import { eq } from "drizzle-orm";
import { DEMO_BLOG_POSTS } from "@/lib/db/seed/demo-articles";
import type { Database } from "@/lib/db";
import { appMeta, articles, users } from "@/lib/db/schema";
import { createUser } from "@/lib/server/members/users";

const SEEDED_KEY = "demo_blogs_seeded_at";

/** The demo bloggers (演示数据): members without a password, at addresses that can never receive mail. */
function demoEmail(index: number): string {
  return `demo-blogger-${index + 1}@demo.invalid`;
}

/** Loads the demo members' blog posts once, each by its own demo member. */
export async function seedDemoBlogs(database: Database, now = new Date()): Promise<boolean> {
  return database.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() }).onConflictDoNothing({ target: appMeta.key }).returning();
    if (claimed.length === 0) return false;
    const authors = [...new Set(DEMO_BLOG_POSTS.map((p) => p.blogAuthor))];
    const ids = new Map<string, string>();
    for (const [i, nickname] of authors.entries()) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demoEmail(i))).limit(1);
      ids.set(nickname, existing?.id ?? (await createUser({ email: demoEmail(i), nickname }, {}, tx)).id);
    }
    await tx.insert(articles).values(
      DEMO_BLOG_POSTS.map((p, i) => ({
        type: "blog",
        title: p.title,
        summary: p.summary,
        body: p.body,
        coverUrl: p.coverUrl,
        authorId: ids.get(p.blogAuthor)!,
        status: "published" as const,
        isDemo: true,
        publishedAt: new Date(now.getTime() - (i + 1) * 36 * 3_600_000),
      })),
    );
    return true;
  });
}
