import { render, screen, within } from "@testing-library/react";
import { FillsTable } from "./FillsTable";
import { MetricsGrid } from "./MetricsGrid";
import { MonthlyReturnsTable } from "./MonthlyReturnsTable";
import { monthlyReturnsFromNav, yearRows } from "./monthly-data";
import { PositionsTable, positionValue } from "./PositionsTable";
import { ReplicabilityCard } from "./ReplicabilityCard";
import { SignalList } from "./SignalList";
import { StrategyTable } from "./StrategyTable";
import { sortStrategyRows, type StrategyTableRow } from "./strategy-rows";
import type { StrategyMetricsJson } from "@/lib/domain/quant/explain";

const row = (over: Partial<StrategyTableRow>): StrategyTableRow => ({
  guid: "g", name: "策略", author: "量化学堂", status: "live", startDate: "2024-01-02", isDemo: false,
  annualReturn: 0.1, maxDrawdown: -0.1, sharpe: 1, dailyWinRate: 0.5, periods: 250, ranked: true, ...over,
});

const rows: StrategyTableRow[] = [
  row({ guid: "a", name: "龙头打板", annualReturn: 0.3521, maxDrawdown: -0.2345, sharpe: 1.8765, dailyWinRate: 0.5432 }),
  row({ guid: "b", name: "低吸轮动", status: "paper", annualReturn: -0.05, sharpe: "NaN", isDemo: true }),
  row({ guid: "c", name: "小市值回测", status: "backtest", annualReturn: 0.8 }),
  row({ guid: "d", name: "新策略", ranked: false, periods: 8, annualReturn: 1.5 }),
];

describe("StrategyTable", () => {
  const renderTable = () =>
    render(<StrategyTable rows={rows} sort="sharpe" dir="desc" sortHref={(k) => `/quant?sort=${k}`} hrefFor={(g) => `/quant/${g}`} />);

  it("makes every figure header a sort link and marks the active one with aria-sort", () => {
    renderTable();
    const table = screen.getByRole("table");
    for (const [name, key] of [["年化收益", "annualReturn"], ["最大回撤", "maxDrawdown"], ["夏普", "sharpe"], ["日胜率", "dailyWinRate"], ["起始日", "startDate"], ["交易日", "periods"]]) {
      expect(within(table).getByRole("link", { name })).toHaveAttribute("href", `/quant?sort=${key}`);
    }
    const active = within(table).getByRole("columnheader", { name: "夏普" });
    expect(active).toHaveAttribute("aria-sort", "descending");
    expect(within(table).getByRole("columnheader", { name: "年化收益" })).not.toHaveAttribute("aria-sort");
  });

  it("marks ascending order", () => {
    render(<StrategyTable rows={rows} sort="maxDrawdown" dir="asc" sortHref={(k) => `?s=${k}`} hrefFor={(g) => g} />);
    expect(screen.getByRole("columnheader", { name: "最大回撤" })).toHaveAttribute("aria-sort", "ascending");
  });

  it("shows the figures, the status badges (回测 always labelled, with its warning) and links each row", () => {
    renderTable();
    const a = screen.getByRole("link", { name: "龙头打板" }).closest("tr")!;
    expect(screen.getByRole("link", { name: "龙头打板" })).toHaveAttribute("href", "/quant/a");
    expect(a).toHaveTextContent("+35.21%");
    expect(a).toHaveTextContent("-23.45%");
    expect(a).toHaveTextContent("1.88");
    expect(a).toHaveTextContent("54.32%");
    expect(within(a).getByText("+35.21%")).toHaveClass("text-up");
    expect(within(a).getByText("-23.45%")).toHaveClass("text-down-text");
    expect(a).toHaveTextContent("实盘");
    const b = screen.getByRole("link", { name: "低吸轮动" }).closest("tr")!;
    expect(b).toHaveTextContent("模拟盘");
    expect(b).toHaveTextContent("演示数据");
    expect(b).toHaveTextContent("—");
    const c = screen.getByRole("link", { name: "小市值回测" }).closest("tr")!;
    const badge = c.querySelector('[data-status="backtest"]')!;
    expect(badge.firstChild?.textContent).toBe("回测");
    expect(badge).toHaveAttribute("title", expect.stringContaining("不是实盘成绩"));
  });

  it("ranks the ranked rows and lists the unranked below as 记录不足", () => {
    renderTable();
    const bodies = screen.getAllByRole("rowgroup").slice(1);
    expect(bodies).toHaveLength(2);
    const ranked = within(bodies[0]!).getAllByRole("row");
    expect(ranked.map((r) => r.getAttribute("data-guid"))).toEqual(["a", "b", "c"]);
    expect(ranked[0]).toHaveTextContent(/^第1名龙头打板/);
    const unranked = screen.getByTestId("unranked-rows");
    expect(unranked).toHaveTextContent("记录不足 20 个交易日");
    const d = within(unranked).getByRole("link", { name: "新策略" }).closest("tr")!;
    expect(d).toHaveAttribute("data-ranked", "false");
    expect(within(d).getByText("记录不足")).toBeInTheDocument();
    expect(d).not.toHaveTextContent(/第\d+名/);
  });

  it("says so without rows", () => {
    render(<StrategyTable rows={[]} sortHref={() => ""} hrefFor={() => ""} />);
    expect(screen.getByText("暂无策略")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("sortStrategyRows keeps ranked first and missing figures last", () => {
    expect(sortStrategyRows(rows, "sharpe", "desc").map((r) => r.guid)).toEqual(["a", "c", "b", "d"]);
    expect(sortStrategyRows(rows, "annualReturn", "asc").map((r) => r.guid)).toEqual(["b", "a", "c", "d"]);
    expect(sortStrategyRows(rows, "maxDrawdown", "desc").map((r) => r.guid)).toEqual(["b", "c", "a", "d"]);
  });
});

const metrics: StrategyMetricsJson = {
  cumulativeReturn: 0.4567, annualReturn: 0.2, annualVolatility: 0.25, sharpe: "NaN", sortino: "Infinity", calmar: "-Infinity",
  maxDrawdown: -0.1834, maxDrawdownPeak: "2024-02-01", maxDrawdownTrough: "2024-03-05", maxDrawdownRecovery: null,
  drawdownEpisodes: [], dailyWinRate: 0.55, alpha: null, beta: 0.8123, informationRatio: "0.5", psr: 0.9312, periods: 240,
};

describe("MetricsGrid", () => {
  it("prints NaN / null as —, Infinity strings as ∞ and explains each figure", () => {
    render(<MetricsGrid metrics={metrics} />);
    const card = (key: string) => screen.getByTestId("metrics-grid").querySelector(`[data-key="${key}"]`)!;
    expect(card("cumulativeReturn")).toHaveTextContent("累计收益+45.67%");
    expect(within(card("cumulativeReturn") as HTMLElement).getByText("+45.67%")).toHaveClass("text-up");
    expect(card("sharpe")).toHaveTextContent("夏普比率—");
    expect(card("sortino")).toHaveTextContent("索提诺比率∞");
    expect(card("calmar")).toHaveTextContent("卡玛比率-∞");
    expect(card("alpha")).toHaveTextContent("Alpha—");
    expect(card("beta")).toHaveTextContent("0.81");
    expect(card("informationRatio")).toHaveTextContent("0.50");
    expect(card("psr")).toHaveTextContent("93.12%");
    expect(card("annualVolatility")).toHaveTextContent("25.00%");
    expect(card("beta")).toHaveTextContent("沪深300");
    expect(screen.getAllByText(/。$/).length).toBeGreaterThanOrEqual(12);
    expect(screen.getByText(/240 个交易日/)).toBeInTheDocument();
  });

  it("shows the max drawdown's peak → trough → recovery", () => {
    render(<MetricsGrid metrics={metrics} />);
    const dates = screen.getByTestId("max-drawdown-dates");
    expect(dates).toHaveTextContent("高点2024-02-01→低点2024-03-05→修复尚未修复");
    expect(within(screen.getByTestId("metrics-grid").querySelector('[data-key="maxDrawdown"]') as HTMLElement).getByText("-18.34%")).toHaveClass("text-down-text");
  });
});

describe("ReplicabilityCard", () => {
  it("shows the share of un-buyable entries and the next-open gap", () => {
    render(<ReplicabilityCard entries={40} limitUpEntries={6} avgNextOpenGap={0.0123} />);
    expect(screen.getByTestId("replicability-limit-up")).toHaveTextContent("15.00%");
    expect(screen.getByTestId("replicability-limit-up")).toHaveTextContent("40 次买入中 6 次");
    expect(screen.getByTestId("replicability-gap")).toHaveTextContent("+1.23%");
    expect(screen.getByTestId("replicability-gap")).toHaveTextContent("跟单平均多付");
  });

  it("copes with no entries and an unknown gap", () => {
    render(<ReplicabilityCard entries={0} limitUpEntries={0} avgNextOpenGap={null} />);
    expect(screen.getByTestId("replicability-limit-up")).toHaveTextContent("—暂无买入记录");
    expect(screen.getByTestId("replicability-gap")).toHaveTextContent("—数据不足");
  });
});

describe("MonthlyReturnsTable", () => {
  const nav = [
    { date: "2023-12-15", nav: 1 },
    { date: "2023-12-29", nav: 1.1 },
    { date: "2024-01-31", nav: 0.99 },
    { date: "2024-02-29", nav: 1.089 },
  ];

  it("computes month-end to month-end returns and compounds the year", () => {
    const months = monthlyReturnsFromNav(nav);
    expect(months.map((m) => [m.month, Number(m.value.toFixed(6))])).toEqual([["2023-12", 0.1], ["2024-01", -0.1], ["2024-02", 0.1]]);
    const years = yearRows(months);
    expect(years.map((y) => y.year)).toEqual(["2024", "2023"]);
    expect(years[0]!.total).toBeCloseTo(-0.01);
    expect(years[0]!.months.slice(0, 3)).toEqual([expect.closeTo(-0.1), expect.closeTo(0.1), null]);
  });

  it("renders years × months with shading and the yearly total", () => {
    render(<MonthlyReturnsTable nav={nav} />);
    const y2024 = screen.getByRole("row", { name: /^2024/ });
    expect(y2024).toHaveTextContent("-10.0%");
    expect(y2024).toHaveTextContent("+10.0%");
    expect(y2024).toHaveTextContent("-1.00%");
    expect(within(y2024).getByText("-1.00%")).toHaveClass("text-down-text");
    expect((y2024.querySelector('[data-month="2024-01"]') as HTMLElement).style.background).toMatch(/rgba\(22, 163, 74/);
    expect((y2024.querySelector('[data-month="2024-02"]') as HTMLElement).style.background).toMatch(/rgba\(224, 40, 46/);
    expect(screen.getAllByRole("columnheader")).toHaveLength(14);
  });

  it("says so without data", () => {
    render(<MonthlyReturnsTable months={[]} />);
    expect(screen.getByText("暂无净值数据")).toBeInTheDocument();
  });
});

describe("fills, positions and signals", () => {
  it("FillsTable colours the side and adds the strategy column when rows name it", () => {
    render(
      <FillsTable
        fills={[
          { date: "2024-03-05", time: "09:31:02", code: "600519.SH", name: "贵州茅台", side: "buy", quantity: 200, price: 1688.5, amount: 337_700, strategyName: "龙头打板", strategyHref: "/quant/a" },
          { date: "2024-03-05", time: null, code: "000001.SZ", name: "平安银行", side: "sell", quantity: 1000, price: 10.52, amount: 10_520 },
        ]}
      />,
    );
    expect(screen.getByRole("columnheader", { name: /^策略/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "龙头打板" })).toHaveAttribute("href", "/quant/a");
    expect(screen.getByText("买入")).toHaveClass("text-up");
    expect(screen.getByText("卖出")).toHaveClass("text-down-text");
    expect(screen.getByText("¥337,700.00")).toBeInTheDocument();
    expect(screen.getByText("200股")).toBeInTheDocument();
  });

  it("PositionsTable shows market value and unrealised P&L when the price is known", () => {
    expect(positionValue({ date: "d", code: "c", name: "n", quantity: 1000, cost: 10, price: 11 })).toEqual({ marketValue: 11_000, unrealizedPnl: 1000, unrealizedPct: expect.closeTo(0.1) });
    render(
      <PositionsTable
        positions={[
          { date: "2024-03-05", code: "600519.SH", name: "贵州茅台", quantity: 100, cost: 1700, price: 1600 },
          { date: "2024-03-05", code: "000001.SZ", name: "平安银行", quantity: 1000, cost: 10, price: null },
        ]}
      />,
    );
    const moutai = screen.getByText("贵州茅台").closest("tr")!;
    expect(moutai).toHaveTextContent("¥160,000.00");
    expect(within(moutai).getByText("-¥10,000.00")).toHaveClass("text-down-text");
    expect(moutai).toHaveTextContent("-5.88%");
    const pingan = screen.getByText("平安银行").closest("tr")!;
    expect(pingan.querySelectorAll("td")[4]).toHaveTextContent("—");
    expect(screen.getByTestId("strategy-positions")).toHaveTextContent("1 只缺现价未计");
  });

  it("SignalList shows side, time, price, weight, note and the strategy", () => {
    render(
      <SignalList
        signals={[
          { externalId: "1", date: "2024-03-05", time: "14:55:00", code: "600519.SH", name: "贵州茅台", side: "buy", price: 1688, weight: 0.2, note: "放量突破", strategyName: "龙头打板" },
          { externalId: "2", date: "2024-03-05", time: null, code: "000001.SZ", name: "平安银行", side: "sell", price: null, weight: null, note: "" },
        ]}
      />,
    );
    const [buy, sell] = screen.getAllByRole("listitem");
    expect(within(buy!).getByText("买入")).toHaveClass("text-up");
    for (const text of ["贵州茅台(600519)", "2024-03-05 14:55:00", "建议买价 1,688.00", "目标仓位 20.00%", "放量突破", "策略 龙头打板"]) expect(buy).toHaveTextContent(text);
    expect(within(sell!).getByText("卖出")).toHaveClass("text-down-text");
    expect(sell).not.toHaveTextContent("建议");
  });
});
