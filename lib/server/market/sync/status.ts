import "server-only";
import { desc } from "drizzle-orm";
import { db } from "@/lib/db";
import { marketSyncRuns } from "@/lib/db/schema";

export type MarketSyncRun = typeof marketSyncRuns.$inferSelect;

/** The latest runs of the market data sync, newest first (a running one included). */
export async function recentMarketSyncs(limit: number): Promise<MarketSyncRun[]> {
  return (await db()).select().from(marketSyncRuns).orderBy(desc(marketSyncRuns.startedAt), desc(marketSyncRuns.id)).limit(limit);
}

/** The latest run, null before the first. */
export async function lastMarketSync(): Promise<MarketSyncRun | null> {
  return (await recentMarketSyncs(1))[0] ?? null;
}
