import "server-only";
import { desc } from "drizzle-orm";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { marketSyncRuns } from "@/lib/db/schema";
import type { SyncRequest, SyncSummary } from "./types";

/**
 * The sync engine (branch h-sync) and the provider status (branch h-providers) as the jobs and /admin call them. This
 * file stands in for them until those branches are merged into this one, then re-exports theirs.
 */

export const NO_PROVIDER_MESSAGE = "未配置行情数据源：设置 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 eastmoney";

const LABELS = { tushare: "Tushare Pro", eastmoney: "东方财富", none: "未配置" } as const;

export function marketDataStatus(): { name: keyof typeof LABELS; label: string; configured: boolean } {
  const name = config().marketData.provider;
  return { name, label: LABELS[name], configured: name !== "none" };
}

export async function runMarketSync(request: SyncRequest): Promise<SyncSummary> {
  const now = new Date();
  return {
    runId: null,
    provider: config().marketData.provider,
    status: "failed",
    codes: request.codes?.length ?? 0,
    bars: 0,
    calls: 0,
    failures: [],
    message: "行情同步引擎尚未并入此分支",
    startedAt: now,
    finishedAt: now,
  };
}

export async function lastMarketSync() {
  const [row] = await (await db()).select().from(marketSyncRuns).orderBy(desc(marketSyncRuns.startedAt)).limit(1);
  return row ?? null;
}
