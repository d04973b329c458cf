import { render, screen, within } from "@testing-library/react";
import type { AnalysisSummary } from "@/lib/domain/statements/types";
import { FillTable } from "./FillTable";
import { HoldingDistribution } from "./HoldingDistribution";
import { MonthlyHeatmap, heatColor } from "./MonthlyHeatmap";
import { PerStockTable } from "./PerStockTable";
import { ProvenanceBadge } from "./ProvenanceBadge";
import { RoundTripTable } from "./RoundTripTable";
import { SimulatedDataBadge } from "./SimulatedDataBadge";
import { SkippedRows } from "./SkippedRows";
import { StyleMix } from "./StyleMix";
import { SummaryCards } from "./SummaryCards";
import { HkSection, UnreconciledFills } from "./StatementFindings";
import type { RoundTripJson } from "./types";

const summary: AnalysisSummary = {
  realizedPnl: -12_345.6, totalFees: 2345.67, roundTrips: 20, wins: 8, losses: 12, winRate: 0.4, profitFactor: 0.62,
  avgHoldingDays: 2.46, maxConsecutiveWins: 3, maxConsecutiveLosses: 5, avgWin: 3000, avgLoss: -2500, turnover: 1_234_567, openPositions: 2,
};

function card(key: string) {
  return screen.getByTestId("summary-cards").querySelector(`[data-key="${key}"]`) as HTMLElement;
}

describe("SummaryCards", () => {
  it("shows every figure with its explanation, losses green and gains red", () => {
    render(<SummaryCards summary={summary} />);
    expect(card("pnl")).toHaveTextContent("-¥1.23万");
    expect(within(card("pnl")).getByText("-¥1.23万")).toHaveClass("text-down-text");
    expect(card("pnl")).toHaveTextContent("持仓中 2");
    expect(card("winRate")).toHaveTextContent("40.00%");
    expect(card("profitFactor")).toHaveTextContent("0.62");
    expect(within(card("avg")).getByText("+¥3,000.00")).toHaveClass("text-up");
    expect(within(card("avg")).getByText("-¥2,500.00")).toHaveClass("text-down-text");
    expect(card("avg")).toHaveTextContent("盈亏比 1.20");
    expect(card("holding")).toHaveTextContent("2.5天");
    expect(card("streak")).toHaveTextContent("3 / 5");
    expect(card("fees")).toHaveTextContent("¥2,345.67");
    expect(card("turnover")).toHaveTextContent("¥123.46万");
    expect(card("profitFactor")).toHaveAttribute("title", expect.stringContaining("总盈利 ÷ 总亏损"));
  });

  it("shows ∞ and 无亏损 without losses, whether Infinity arrives as a number, a string or null", () => {
    for (const profitFactor of [Infinity, "Infinity", null]) {
      const { unmount } = render(
        <SummaryCards summary={{ ...summary, wins: 3, losses: 0, profitFactor, winRate: 1, realizedPnl: 500 }} />,
      );
      expect(card("profitFactor")).toHaveTextContent("∞");
      expect(card("profitFactor")).toHaveTextContent("无亏损");
      unmount();
    }
  });

  it("takes the API's slimmer summary (strings for NaN) and leaves out what it lacks", () => {
    render(
      <SummaryCards compact summary={{
        realizedPnl: 0, totalFees: 0, roundTrips: 0, wins: 0, losses: 0, winRate: "NaN", profitFactor: "NaN", avgHoldingDays: "NaN",
        maxConsecutiveWins: 0, maxConsecutiveLosses: 0,
      }} />,
    );
    expect(card("winRate")).toHaveTextContent("—");
    expect(card("profitFactor")).toHaveTextContent("—");
    expect(card("holding")).toHaveTextContent("—");
    expect(card("avg")).toBeNull();
    expect(card("turnover")).toBeNull();
  });
});

describe("MonthlyHeatmap", () => {
  const rows = [
    { month: "2023-12", pnl: -800, roundTrips: 2, wins: 0 },
    { month: "2024-01", pnl: 12_000, roundTrips: 5, wins: 4 },
    { month: "2024-02", pnl: 3000, roundTrips: 4, wins: 2 },
  ];

  it("draws years × months in red and green and lists every month in a table", () => {
    const { container } = render(<MonthlyHeatmap rows={rows} />);
    const jan = container.querySelector('[data-month="2024-01"]') as HTMLElement;
    const dec = container.querySelector('[data-month="2023-12"]') as HTMLElement;
    expect(jan.style.background).toContain("224, 40, 46");
    expect(dec.style.background).toContain("22, 163, 74");
    expect(jan).toHaveAttribute("title", "2024-01：+¥12,000.00，5 笔，胜 4");
    const table = screen.getByRole("table");
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows.map((r) => r.textContent)).toEqual([
      "2024-02+¥3,000.00450.0%",
      "2024-01+¥12,000.00580.0%",
      "2023-12-¥800.0020.0%",
    ]);
  });

  it("grows intensity with |pnl|", () => {
    expect(heatColor(0, 100).background).toBe("#f1f5f9");
    expect(heatColor(100, 100)).toEqual({ background: "rgba(224, 40, 46, 0.90)", strong: true });
    expect(heatColor(-1, 100).strong).toBe(false);
  });
});

describe("RoundTripTable", () => {
  const trips: RoundTripJson[] = [
    { code: "600519", exchange: "SH", name: "贵州茅台", openDate: "2024-03-01", closeDate: "2024-03-05", quantity: 100, buyAmount: 170_000, sellAmount: 175_000, fees: 60.5, pnl: 4939.5, holdingDays: 2, feesEstimated: true },
    { code: "000001", name: "平安银行", openDate: "2024-03-06", closeDate: null, quantity: 1000, buyAmount: 10_500, sellAmount: 0, fees: 5, pnl: -10_505, holdingDays: 4 },
  ];

  it("lists trips with links, 估 fees, coloured P&L and open trips as 持仓中", () => {
    render(<RoundTripTable trips={trips} hrefFor={(t) => `/detail/x/${t.openDate}/${t.code}`} />);
    const [, closed, open] = screen.getAllByRole("row");
    expect(within(closed!).getByRole("link")).toHaveAttribute("href", "/detail/x/2024-03-01/600519");
    expect(closed).toHaveTextContent("估");
    expect(within(closed!).getByText("+¥4,939.50")).toHaveClass("text-up");
    expect(closed).toHaveTextContent("+2.91%");
    expect(within(open!).getByText("持仓中")).toHaveAttribute("title", "持仓中：尚未清仓，清仓后计算盈亏");
    expect(open).not.toHaveTextContent("-¥10,505.00");
    expect(screen.getByRole("region", { name: "交易明细" })).toHaveClass("overflow-x-auto");
  });

  it("says when there are none", () => {
    render(<RoundTripTable trips={[]} emptyText="没有交易" />);
    expect(screen.getByText("没有交易")).toBeInTheDocument();
  });
});

describe("PerStockTable and HoldingDistribution", () => {
  it("shows per-stock P&L with win rate", () => {
    render(<PerStockTable rows={[{ code: "300750", name: "宁德时代", roundTrips: 4, wins: 1, pnl: -3200, fees: 88, turnover: 456_000 }]} />);
    const row = screen.getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("宁德时代");
    expect(row).toHaveTextContent("25.0%");
    expect(within(row).getByText("-¥3,200.00")).toHaveClass("text-down-text");
    expect(row).toHaveTextContent("¥45.60万");
  });

  it("draws holding buckets as CSS bars", () => {
    const { container } = render(
      <HoldingDistribution rows={[{ bucket: "当日", count: 2, pnl: 100 }, { bucket: "1天", count: 8, pnl: -500 }]} />,
    );
    const bars = container.querySelectorAll<HTMLElement>("li span.absolute");
    expect([...bars].map((b) => b.style.width)).toEqual(["25%", "100%"]);
    expect(screen.getByText("8 笔")).toBeInTheDocument();
    expect(screen.getByText("共 10 笔")).toBeInTheDocument();
  });
});

describe("StyleMix", () => {
  it("names the entry kinds, time-of-day buckets and boards", () => {
    render(
      <StyleMix
        entries={{ 打板: 6, 低吸: 2, 追涨: 0, 半路: 2, 未知: 0 }}
        timeOfDay={[{ bucket: "集合竞价", count: 1 }, { bucket: "09:30–10:00", count: 9 }]}
        boards={[{ board: "main", count: 5, pnl: 1200 }, { board: "gem", count: 3, pnl: -800 }, { board: "star", count: 0, pnl: 0 }]}
      />,
    );
    expect(screen.getByText("打板").closest("li")).toHaveTextContent("60.0%");
    expect(screen.getByText("低吸").closest("li")).toHaveTextContent("20.0%");
    expect(screen.queryByText("追涨")).toBeNull();
    expect(screen.getByText("09:30–10:00")).toBeInTheDocument();
    expect(screen.getByText("创业板").closest("li")).toHaveTextContent("-¥800");
    expect(screen.getByText("主板")).toBeInTheDocument();
  });
});

describe("FillTable", () => {
  it("shows 买入 red and 卖出 green with fees and 估 marks", () => {
    render(
      <FillTable fills={[
        { date: "2024-03-05", time: "09:35:12", code: "600519", name: "贵州茅台", side: "buy", quantity: 100, price: 1688, amount: 168_800, fees: { commission: 42.2, stampDuty: 0, transferFee: 1.69, other: 0 }, feesEstimated: false },
        { date: "2024-03-05", time: null, code: "000001", name: "平安银行", side: "sell", quantity: 2000, price: 10.52, amount: 21_040, fees: 15.74, feesEstimated: true },
      ]} />,
    );
    const [, buy, sell] = screen.getAllByRole("row");
    expect(within(buy!).getByText("买入")).toHaveClass("text-up");
    expect(buy).toHaveTextContent("100股");
    expect(buy).toHaveTextContent("1,688.00");
    expect(buy).toHaveTextContent("¥43.89");
    expect(within(sell!).getByText("卖出")).toHaveClass("text-down-text");
    expect(sell).toHaveTextContent("2,000股");
    expect(sell).toHaveTextContent("¥15.74估");
  });
});

describe("SkippedRows", () => {
  const rows = Array.from({ length: 8 }, (_, i) => ({ line: i + 2, reason: `原因${i}` }));

  it("folds the rows after the first few into <details>", () => {
    const { container } = render(<SkippedRows rows={rows} visible={5} />);
    expect(screen.getByText("未能读取的行（8 行）")).toBeInTheDocument();
    const details = container.querySelector("details")!;
    expect(details).not.toHaveAttribute("open");
    expect(within(details).getByText("展开其余 3 行")).toBeInTheDocument();
    expect(within(details).getByText("原因7")).toBeInTheDocument();
  });

  it("says all rows were read when none were skipped", () => {
    render(<SkippedRows rows={[]} />);
    expect(screen.getByText("所有数据行都已读取")).toBeInTheDocument();
  });
});

describe("badges", () => {
  it("writes out the file provenance with the first 8 hash characters, the whole hash also in the title", () => {
    const hash = "AB12CD34".padEnd(64, "0");
    render(<ProvenanceBadge provenance={{ kind: "file", fileName: "交割单.csv", fileHash: hash, importedAt: "2024-03-05T08:00:00Z" }} />);
    const badge = screen.getByTestId("provenance-badge");
    expect(badge).toHaveTextContent(/^券商文件导入 · SHA-256 ab12cd34$/);
    expect(badge.tagName).not.toBe("BUTTON");
    expect(badge.closest("button, a, [role=button]")).toBeNull();
    expect(badge.title).toContain(`SHA-256：${hash.toLowerCase()}`);
    expect(badge.title).toContain("2024-03-05 16:00:00");
  });

  it("marks an editor's entry and simulated market data", () => {
    render(<><ProvenanceBadge provenance={{ kind: "editor" }} /><SimulatedDataBadge /></>);
    expect(screen.getAllByTestId("provenance-badge")[0]).toHaveTextContent(/^编辑录入（据公开资料整理，非券商文件）$/);
    expect(screen.getAllByTestId("provenance-badge")[0]).not.toHaveAttribute("title");
    expect(screen.getByTestId("simulated-data-badge")).toHaveTextContent("模拟行情");
  });
});

describe("issue 21: trip states, fee bases and 港股通 codes", () => {
  const base: RoundTripJson = {
    code: "600519", name: "贵州茅台", openDate: "2024-01-02", closeDate: "2024-01-05", quantity: 100, buyAmount: 10_000, sellAmount: 9000, fees: 10, pnl: -1010, holdingDays: 3,
  };

  it("shows a P&L only for realised trips: 持仓中, 已转出 and 成本未知 say why instead, with a footnote", () => {
    render(
      <RoundTripTable
        trips={[
          { ...base, status: "closed", realized: true },
          { ...base, code: "600036", name: "招商银行", status: "open", closeDate: null, pnl: -10_010 },
          { ...base, code: "600016", name: "民生银行", status: "transferred", pnl: -10_010 },
          { ...base, code: "601318", name: "中国平安", status: "closed", openingUnknown: true, realized: false, pnl: 8990 },
        ]}
      />,
    );
    const table = screen.getByTestId("round-trip-table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("data-state"))).toEqual(["realized", "open", "transferred", "opening_unknown"]);
    expect(rows[0]).toHaveTextContent("-¥1,010.00");
    expect(rows[1]).toHaveTextContent("持仓中");
    expect(rows[2]).toHaveTextContent("已转出");
    expect(rows[3]).toHaveTextContent("成本未知");
    expect(table).not.toHaveTextContent("-¥10,010.00");
    expect(table).not.toHaveTextContent("+¥8,990.00");
    const note = screen.getByTestId("trip-state-note");
    expect(note).toHaveTextContent("股份托管转出，没有卖出价格，不计盈亏");
    expect(note).toHaveTextContent("导入前已持有的股份，成本未知，不计入已实现盈亏");
  });

  it("marks derived fees 推算 and estimated fees 估, and explains both under the table in plain text", () => {
    render(
      <FillTable
        fills={[
          { date: "2024-01-02", time: null, code: "00700", exchange: "HK", market: "HK", currency: "HKD", name: "腾讯控股", side: "buy", quantity: 200, price: 371.2, amount: 69_310.46, fees: 75.73, feeBasis: "derived" },
          { date: "2024-01-02", time: null, code: "600519", name: "贵州茅台", side: "buy", quantity: 100, price: 1500, amount: 150_000, fees: 5.0, feesEstimated: true, feeBasis: "schedule" },
          { date: "2024-01-02", time: null, code: "000001", name: "平安银行", side: "sell", quantity: 100, price: 10, amount: 1000, fees: 5.0, feeBasis: "file" },
        ]}
      />,
    );
    const rows = within(screen.getByTestId("fill-table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("00700.HK");
    expect(rows[0]).toHaveTextContent("HK$69,310.46");
    expect(rows[0]).toHaveTextContent("HK$75.73");
    expect(rows[0]!.querySelector("[data-fee-basis]")).toHaveTextContent("推算");
    expect(rows[1]!.querySelector("[data-fee-basis]")).toHaveTextContent("估");
    expect(rows[2]!.querySelector("[data-fee-basis]")).toBeNull();
    const note = screen.getByTestId("fee-basis-note");
    expect(note).toHaveTextContent("按清算金额与成交金额之差算出");
    expect(note).toHaveTextContent("按成交日的费率估算");
  });

  it("writes no fee footnote when every fee was read from the file", () => {
    render(<RoundTripTable trips={[{ ...base, feeBasis: "file" }]} />);
    expect(screen.queryByTestId("fee-basis-note")).toBeNull();
    expect(screen.queryByTestId("trip-state-note")).toBeNull();
  });
});

describe("HkSection", () => {
  it("shows 港股通 figures in their own currency, codes as 00700.HK, apart from the A-share figures", () => {
    render(
      <HkSection
        hk={{ currency: "HKD", summary: { ...summary, realizedPnl: 1840, totalFees: 160, roundTrips: 1, wins: 1, losses: 0, winRate: 1 },
          perStock: [{ code: "01810", name: "小米集团-W", roundTrips: 1, wins: 1, pnl: 1840, fees: 160, turnover: 122_000 }] }}
        trips={[{ code: "01810", name: "小米集团-W", market: "HK", openDate: "2024-03-05", closeDate: "2024-03-12", quantity: 2000, buyAmount: 30_000, sellAmount: 32_000,
          fees: 160, pnl: 1840, holdingDays: 5, status: "closed", realized: true, feeBasis: "file" }]}
      />,
    );
    const hk = screen.getByTestId("hk-section");
    expect(hk).toHaveTextContent("金额单位：港币");
    expect(hk).toHaveTextContent("+HK$1,840.00");
    expect(hk).toHaveTextContent("HK$160.00");
    expect(hk).toHaveTextContent("01810.HK");
    expect(hk).not.toHaveTextContent("001810");
    expect(hk).not.toHaveTextContent("¥");
  });
});

describe("UnreconciledFills", () => {
  it("lists the first five rows with their difference and folds the rest", () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ line: 10 + i, amount: 1000, fees: 5, netAmount: -1005.3, difference: 0.3 }));
    render(<UnreconciledFills rows={rows} />);
    const card = screen.getByTestId("unreconciled-fills");
    expect(card).toHaveTextContent("金额对不上的成交（8）");
    expect(card).toHaveTextContent("第 10 行");
    expect(card).toHaveTextContent("差 ¥0.30");
    expect(within(card).getByText("展开其余 3 条")).toBeInTheDocument();
    expect(card.querySelector("details")).toHaveTextContent("第 17 行");
  });
});
