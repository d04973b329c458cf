import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { appMeta, articles, articleTags, masters, strategies } from "../schema";
import { DEMO_ARTICLES, DEMO_MASTER_ROWS, DEMO_STRATEGIES } from "./demo-content";

const SEEDED_KEY = "demo_seeded_at";

/** Loads the demo data once per database; later starts (and deletions by editors) are left alone. */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflictDoNothing({ target: appMeta.key })
      .returning();
    if (claimed.length === 0) return false;
    await tx.insert(masters).values(DEMO_MASTER_ROWS.map((m) => ({ ...m, isDemo: true })));
    await tx.insert(strategies).values(DEMO_STRATEGIES.map((s) => ({ ...s, isDemo: true })));
    const inserted = await tx
      .insert(articles)
      .values(
        DEMO_ARTICLES.map((a, i) => ({
          ...a,
          status: "published" as const,
          isDemo: true,
          publishedAt: new Date(now.getTime() - i * 86_400_000),
        })),
      )
      .returning({ infoguid: articles.infoguid, title: articles.title });
    const tagsByTitle = new Map(DEMO_ARTICLES.map((a) => [a.title, a.tags]));
    const tagRows = inserted.flatMap((row) => (tagsByTitle.get(row.title) ?? []).map((tag, position) => ({ infoguid: row.infoguid, tag, position })));
    if (tagRows.length) await tx.insert(articleTags).values(tagRows);
    return true;
  });
}

export async function demoSeededAt(db: Database): Promise<string | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return row?.value ?? null;
}
