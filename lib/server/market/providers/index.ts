import "server-only";
import { config } from "@/lib/config";
import { EastmoneyProvider } from "./eastmoney";
import { TushareProvider } from "./tushare";
import type { MarketDataProvider, MarketDataProviderName } from "./types";

/**
 * The configured provider (MARKET_DATA_PROVIDER), a fresh instance so its `calls` count one run; null for `none`:
 * then bars come only from file imports. Instances share the spacing of requests to one API.
 */
export function marketDataProvider(): MarketDataProvider | null {
  const settings = config().marketData;
  switch (settings.provider) {
    case "tushare":
      return new TushareProvider({ token: settings.token, apiUrl: settings.apiUrl });
    case "eastmoney":
      return new EastmoneyProvider({ apiUrl: settings.apiUrl });
    case "none":
      return null;
  }
}

export interface MarketDataStatus {
  name: MarketDataProviderName;
  /** for people: "Tushare Pro", "东方财富", "未配置" */
  label: string;
  configured: boolean;
}

/** What /admin shows about the market data source. */
export function marketDataStatus(): MarketDataStatus {
  const settings = config().marketData;
  switch (settings.provider) {
    case "tushare":
      return { name: "tushare", label: "Tushare Pro", configured: settings.token.length > 0 };
    case "eastmoney":
      return { name: "eastmoney", label: "东方财富", configured: true };
    case "none":
      return { name: "none", label: "未配置", configured: false };
  }
}
