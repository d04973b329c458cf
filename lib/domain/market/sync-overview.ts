/** What /admin's 行情数据 section shows (built by lib/server/market/sync/admin.ts). */

export type SyncTriggerName = "cli" | "admin" | "import" | "publish" | "daily";
export type SyncRunStatus = "running" | "ok" | "partial" | "failed";

export const SYNC_TRIGGER_LABELS: Readonly<Record<SyncTriggerName, string>> = {
  cli: "命令行",
  admin: "管理后台",
  import: "导入交割单",
  publish: "公开交割单",
  daily: "每日收盘后",
};

export const SYNC_STATUS_LABELS: Readonly<Record<SyncRunStatus, string>> = {
  running: "进行中",
  ok: "成功",
  partial: "部分失败",
  failed: "失败",
};

/** What a failure is about, for people: the sync's own markers (`@calendar`, `@names`) in words, codes as they are. */
export function syncTargetLabel(code: string): string {
  if (code === "@calendar") return "交易日历";
  if (code === "@names") return "股票名称";
  return code;
}

/** How many of the last run's failures are listed; the rest are counted. */
export const FAILURES_SHOWN = 5;

export interface MarketSyncOverview {
  provider: { name: string; label: string; configured: boolean };
  /** what to configure, when no provider is */
  setupHint: string | null;
  lastRun: {
    startedAt: Date;
    finishedAt: Date | null;
    trigger: SyncTriggerName;
    status: SyncRunStatus;
    codes: number;
    bars: number;
    calls: number;
    /** why the run stopped as a whole (bad token …) */
    message: string | null;
    /** the first FAILURES_SHOWN */
    failures: { code: string; message: string }[];
    moreFailures: number;
  } | null;
  /** the queued daily sync (none without a provider, or before the worker first started) */
  nextDaily: { date: string; runAfter: Date } | null;
  /** market-sync jobs waiting or running */
  queued: number;
  /** stocks whose bars are the demo's 模拟行情, which the sync leaves alone */
  syntheticStocks: number;
}
