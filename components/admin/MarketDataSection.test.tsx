import "@/components/ui/test-polyfills";
import { render, screen, within } from "@testing-library/react";
import type { MarketSyncOverview } from "@/lib/domain/market/sync-overview";
import { MarketDataSection } from "./MarketDataSection";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh() {} }) }));

const DEMO: MarketSyncOverview = {
  provider: { name: "none", label: "未配置", configured: false },
  setupHint: "设置环境变量 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 MARKET_DATA_PROVIDER=eastmoney",
  lastRun: null,
  nextDaily: null,
  queued: 0,
  syntheticStocks: 12,
};

describe("MarketDataSection", () => {
  it("on the demo: 未配置 with what to set and how to import, no sync, no automatic sync, the 模拟行情 stocks", () => {
    render(<MarketDataSection overview={DEMO} />);
    const section = screen.getByTestId("market-data");
    for (const text of ["未配置", "MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）", "npm run cli -- import:bars", "演示数据中的 12 只股票使用模拟行情", "尚未同步", "未配置数据源，不会自动同步"]) {
      expect(section).toHaveTextContent(text);
    }
    expect(screen.getByRole("button", { name: "同步行情" })).toBeEnabled();
  });

  it("with a provider: the last run in Chinese, its first failures and how many more, the next daily sync in Shanghai time", () => {
    render(
      <MarketDataSection
        overview={{
          ...DEMO,
          provider: { name: "tushare", label: "Tushare Pro", configured: true },
          setupHint: null,
          syntheticStocks: 0,
          lastRun: {
            startedAt: new Date("2026-11-27T08:00:03Z"),
            finishedAt: new Date("2026-11-27T08:02:00Z"),
            trigger: "daily",
            status: "partial",
            codes: 40,
            bars: 33,
            calls: 41,
            message: null,
            failures: [
              { code: "@calendar", message: "Tushare Pro trade_cal: HTTP 502" },
              { code: "600000", message: "Tushare daily 600000.SH: 抱歉，您每分钟最多访问该接口200次" },
            ],
            moreFailures: 2,
          },
          nextDaily: { date: "2026-11-30", runAfter: new Date("2026-11-30T08:00:00Z") },
          queued: 1,
        }}
      />,
    );
    const section = screen.getByTestId("market-data");
    expect(section).toHaveTextContent("Tushare Pro");
    expect(section).not.toHaveTextContent("未配置");
    expect(section).toHaveTextContent("2026-11-27 16:00:03每日收盘后部分失败");
    expect(section).toHaveTextContent("股票 40 只 · K 线 33 根 · 请求 41 次");
    const failures = within(screen.getByRole("list", { name: "同步失败的股票" })).getAllByRole("listitem");
    expect(failures.map((li) => li.textContent)).toEqual([
      "交易日历Tushare Pro trade_cal: HTTP 502",
      "600000Tushare daily 600000.SH: 抱歉，您每分钟最多访问该接口200次",
      "另有 2 只失败",
    ]);
    expect(section).toHaveTextContent("下次 2026-11-30 16:00（每个交易日收盘后 16:00）");
    expect(section).toHaveTextContent("排队中的同步任务 1 个");
  });
});
