import { render, screen } from "@testing-library/react";
import { ChartCredit } from "./ChartCredit";
import { NoMarketData } from "./NoMarketData";

describe("NoMarketData", () => {
  it("tells a visitor or member only that the chart is not available yet", () => {
    render(<NoMarketData code="600519" setup={null} />);
    const box = screen.getByTestId("empty-state");
    expect(box).toHaveTextContent("暂无该股票的行情数据");
    expect(box).not.toHaveTextContent(/MARKET_DATA_PROVIDER|npm run|管理后台|同步行情/);
  });

  it("tells an administrator without a provider how to configure one or import bars", () => {
    render(<NoMarketData code="600519" setup={{ provider: "none" }} />);
    const box = screen.getByTestId("empty-state");
    for (const text of ["MARKET_DATA_PROVIDER=tushare", "TUSHARE_TOKEN", "MARKET_DATA_PROVIDER=eastmoney", "npm run cli -- import:bars"]) expect(box).toHaveTextContent(text);
    expect(box).not.toHaveTextContent("market:sync");
  });

  it("tells an administrator with a provider to sync this stock", () => {
    render(<NoMarketData code="300750" setup={{ provider: "tushare" }} />);
    const box = screen.getByTestId("empty-state");
    for (const text of ["行情数据源为 Tushare Pro", "在管理后台点击「同步行情」", "npm run cli -- market:sync --codes 300750"]) expect(box).toHaveTextContent(text);
    expect(screen.getByRole("link", { name: "管理后台" })).toHaveAttribute("href", "/admin");
    expect(box).not.toHaveTextContent("MARKET_DATA_PROVIDER");
  });
});

describe("ChartCredit", () => {
  it("names the bars' source before the chart library's credit, and nothing when it is not known", () => {
    const { unmount } = render(<ChartCredit dataSource="东方财富" />);
    expect(screen.getByTestId("chart-credit")).toHaveTextContent(/^行情来源：东方财富 · 图表由 TradingView Lightweight Charts 提供$/);
    unmount();
    render(<ChartCredit />);
    expect(screen.queryByTestId("chart-data-source")).toBeNull();
  });
});
