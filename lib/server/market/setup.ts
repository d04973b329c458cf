import "server-only";
import { config } from "@/lib/config";
import type { MarketDataSetup } from "@/lib/domain/market/bar-source";
import { hasAdminRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";

/**
 * For an administrator, which market data provider is configured, so an empty chart can say what to do (configure
 * one, sync, or import bars); null for everyone else, who is told only that the chart is not available yet.
 */
export function marketDataSetupFor(viewer: Viewer | null): MarketDataSetup | null {
  if (!hasAdminRights(viewer)) return null;
  const { provider } = config().marketData;
  return { provider };
}
