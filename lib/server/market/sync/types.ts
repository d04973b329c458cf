import type { MarketDataProvider } from "@/lib/server/market/providers/types";

export type SyncTrigger = "cli" | "admin" | "import" | "publish" | "daily";

export interface SyncRequest {
  trigger: SyncTrigger;
  /** six-digit codes; every code in any statement (masters' and members') and any strategy when absent */
  codes?: readonly string[];
  /** clamp the wanted spans to this window (YYYY-MM-DD, inclusive) */
  from?: string;
  to?: string;
  /** the configured provider when absent (tests and the benchmark pass one) */
  provider?: MarketDataProvider | null;
  onProgress?: (progress: SyncProgress) => void;
  signal?: AbortSignal;
  now?: Date;
}

export interface SyncProgress {
  done: number;
  total: number;
  /** the code (or `000300.SH`, `@calendar`) just finished */
  current?: string;
}

export interface SyncFailure {
  code: string;
  message: string;
}

export interface SyncSummary {
  /** the market_sync_runs row, null when nothing was recorded */
  runId: number | null;
  provider: string;
  status: "ok" | "partial" | "failed";
  codes: number;
  bars: number;
  calls: number;
  failures: SyncFailure[];
  /** why the run did not start or stopped as a whole (no provider configured, bad token) */
  message: string | null;
  /** codes whose suspensions, limit prices or history of names this run stored (their fills' 交割单体检 is worked out again) */
  auditFacts: string[];
  startedAt: Date;
  finishedAt: Date;
}
