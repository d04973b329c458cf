import "server-only";
import { config } from "@/lib/config";
import type { MarketDataProvider } from "@/lib/server/market/providers/types";

/** The provider MARKET_DATA_PROVIDER names; null for none. */
export function configuredMarketDataProvider(): MarketDataProvider | null {
  const settings = config().marketData;
  if (settings.provider === "none") return null;
  // The Tushare and 东方财富 clients arrive with lib/server/market/providers/index.ts (branch h-providers).
  throw new Error(`MARKET_DATA_PROVIDER=${settings.provider}: the market data client is not built into this version`);
}
