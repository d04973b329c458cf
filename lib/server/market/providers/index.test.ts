import { parseConfig, reloadConfigForTests } from "@/lib/config";
import { EastmoneyProvider } from "./eastmoney";
import { marketDataProvider, marketDataStatus } from "./index";
import { TushareProvider } from "./tushare";

afterAll(() => reloadConfigForTests());

describe("market data configuration", () => {
  it("has no provider by default", () => {
    expect(parseConfig({}).marketData).toEqual({ provider: "none" });
    reloadConfigForTests({});
    expect(marketDataProvider()).toBeNull();
    expect(marketDataStatus()).toEqual({ name: "none", label: "未配置", configured: false });
  });

  it("takes Tushare with its token, at the official endpoint unless told otherwise", () => {
    expect(parseConfig({ MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: "abc" }).marketData).toEqual({ provider: "tushare", token: "abc", apiUrl: "http://api.tushare.pro" });
    expect(parseConfig({ MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: "abc", TUSHARE_API_URL: "http://127.0.0.1:12112/" }).marketData)
      .toMatchObject({ apiUrl: "http://127.0.0.1:12112" });
    reloadConfigForTests({ MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: "abc" });
    const provider = marketDataProvider();
    expect(provider).toBeInstanceOf(TushareProvider);
    expect(provider).toMatchObject({ name: "tushare", label: "Tushare Pro", calls: 0 });
    expect(marketDataProvider()).not.toBe(provider);
    expect(marketDataStatus()).toEqual({ name: "tushare", label: "Tushare Pro", configured: true });
  });

  it("refuses Tushare without a token, saying where to get one", () => {
    expect(() => parseConfig({ MARKET_DATA_PROVIDER: "tushare" })).toThrow("MARKET_DATA_PROVIDER=tushare needs TUSHARE_TOKEN (your Tushare Pro token, https://tushare.pro/user/token)");
  });

  it("takes 东方财富 without a key, at push2his unless told otherwise", () => {
    expect(parseConfig({ MARKET_DATA_PROVIDER: "eastmoney" }).marketData).toEqual({ provider: "eastmoney", apiUrl: "https://push2his.eastmoney.com" });
    reloadConfigForTests({ MARKET_DATA_PROVIDER: "eastmoney", EASTMONEY_API_URL: "http://127.0.0.1:12113" });
    expect(marketDataProvider()).toBeInstanceOf(EastmoneyProvider);
    expect(marketDataStatus()).toEqual({ name: "eastmoney", label: "东方财富", configured: true });
  });

  it("names what is wrong with a bad setting", () => {
    expect(() => parseConfig({ MARKET_DATA_PROVIDER: "wind" })).toThrow("MARKET_DATA_PROVIDER must be none, tushare or eastmoney");
    expect(() => parseConfig({ MARKET_DATA_PROVIDER: "eastmoney", EASTMONEY_API_URL: "ftp://x" })).toThrow(/EASTMONEY_API_URL/);
    expect(() => parseConfig({ MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: "t", TUSHARE_API_URL: "not a url" })).toThrow(/TUSHARE_API_URL/);
  });
});
