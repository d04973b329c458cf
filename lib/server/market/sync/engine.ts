import "server-only";
import { config } from "@/lib/config";

/**
 * The provider status as /admin calls it. This file stands in for lib/server/market/providers/index.ts
 * (branch h-providers) until that branch is merged into this one, then goes.
 */

const LABELS = { tushare: "Tushare Pro", eastmoney: "东方财富", none: "未配置" } as const;

export function marketDataStatus(): { name: keyof typeof LABELS; label: string; configured: boolean } {
  const name = config().marketData.provider;
  return { name, label: LABELS[name], configured: name !== "none" };
}
