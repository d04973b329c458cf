import "server-only";
import { reloadConfigForTests } from "@/lib/config";

/**
 * Lets a test file choose the market data provider (MARKET_DATA_PROVIDER, read again at once); after the file's tests
 * the variable is unset and the configuration read again.
 */
export function providerSwitch(): (name: "none" | "eastmoney") => void {
  afterAll(() => {
    delete process.env.MARKET_DATA_PROVIDER;
    reloadConfigForTests();
  });
  return (name) => {
    process.env.MARKET_DATA_PROVIDER = name;
    reloadConfigForTests();
  };
}
