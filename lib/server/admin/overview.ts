import "server-only";
import { count, desc } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, clientErrorReports, masters, strategies, users } from "@/lib/db/schema";
import { assertEditorRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";

/** Counts and the latest client error reports for the admin home. Editors and administrators. */
export async function adminOverview(viewer: Viewer) {
  assertEditorRights(viewer);
  const database = await db();
  const total = async (table: typeof users | typeof articles | typeof masters | typeof strategies) =>
    (await database.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [members, articleCount, masterCount, strategyCount, reports] = await Promise.all([
    total(users), total(articles), total(masters), total(strategies),
    database.select().from(clientErrorReports).orderBy(desc(clientErrorReports.createdAt)).limit(20),
  ]);
  return { members, articles: articleCount, masters: masterCount, strategies: strategyCount, reports };
}
