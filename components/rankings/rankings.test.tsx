import { render, screen, within } from "@testing-library/react";
import type { ClosedLoss, MasterRankRow, OpenLoss, StockRankRow } from "@/lib/domain/statements/views";
import { ClosedLossTable, OpenLossTable } from "./LossTables";
import { NoAuditedMasters, NoRankings } from "./RankNotes";
import { MasterRankTable, StockRankTable } from "./RankTables";

const master = (guid: string, isDemo: boolean, best: MasterRankRow["best"]): MasterRankRow => ({
  rank: 1, masterGuid: guid, masterName: `大神${guid}`, isDemo, pnl: 1234.5, trips: 21, wins: 12, best,
});

describe("MasterRankTable", () => {
  it("links each master and the best trade to that day's K-line, with the P&L and trips", () => {
    render(<MasterRankTable rows={[master("g1", false, { code: "600519", name: "贵州茅台", pnl: 800 }), master("g2", false, null)]} day="2025-01-08" />);
    const table = screen.getByTestId("rank-table");
    expect(within(table).getByRole("link", { name: "大神g1" })).toHaveAttribute("href", "/detail/g1");
    expect(within(table).getByRole("link", { name: /贵州茅台/ })).toHaveAttribute("href", "/detail/g1/2025-01-08/600519");
    expect(within(table).getAllByText("21（胜 12）")).toHaveLength(2);
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("—");
  });

  it("says 演示数据 once for an all-demo list and on each demo row of a mixed one", () => {
    const { unmount } = render(<MasterRankTable rows={[master("g1", true, null), master("g2", true, null)]} day="2025-01-08" />);
    expect(screen.getByTestId("demo-section-note")).toBeInTheDocument();
    expect(screen.getAllByText("演示数据")).toHaveLength(1);
    unmount();
    render(<MasterRankTable rows={[master("g1", true, null), master("g2", false, null)]} day="2025-01-08" />);
    expect(screen.queryByTestId("demo-section-note")).toBeNull();
    expect(within(screen.getAllByRole("row")[1]!).getByText("演示数据")).toBeInTheDocument();
  });
});

describe("StockRankTable", () => {
  it("lists the stock, the amount bought, how many masters and their names", () => {
    const row: StockRankRow = { rank: 1, code: "600519", name: "贵州茅台", masters: 5, buyAmount: 1_234_567, masterNames: ["甲", "乙"], moreMasters: 3 };
    render(<StockRankTable rows={[row]} />);
    const cells = within(screen.getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual(["1", "贵州茅台 · 600519", "¥123.46万 · 5 位", "甲、乙 等 5 位"]);
    expect(screen.queryByTestId("demo-section-note")).toBeNull();
  });
});

describe("loss tables", () => {
  const base = { masterGuid: "g1", masterName: "甲", isDemo: false, code: "600519", name: "贵州茅台", openDate: "2025-01-02" };
  it("link a closed loss to its closing day and an open one to its opening day", () => {
    const closed: ClosedLoss = { ...base, closeDate: "2025-01-08", holdingDays: 4, buyAmount: 1000, pnl: -120.5, pnlRatio: -0.12 };
    const open: OpenLoss = { ...base, quantity: 300, cost: 200, close: 180, closeDate: "2025-01-08", unrealized: -6000, ratio: -0.1 };
    render(<><ClosedLossTable rows={[closed]} /><OpenLossTable rows={[open]} /></>);
    expect(within(screen.getByTestId("closed-losses")).getByRole("link")).toHaveAttribute("href", "/detail/g1/2025-01-08/600519");
    expect(within(screen.getByTestId("closed-losses")).getByText("-¥120.50")).toBeInTheDocument();
    expect(within(screen.getByTestId("open-losses")).getByRole("link")).toHaveAttribute("href", "/detail/g1/2025-01-02/600519");
    expect(within(screen.getByTestId("open-losses")).getByText("-10.00%")).toHaveClass("text-down-text");
  });
});

describe("NoRankings", () => {
  it("says what the span lacked for each list, and what it takes to be ranked", () => {
    render(<NoRankings range="2025-01-06 至 2025-01-10" show="stocks" />);
    expect(screen.getByTestId("empty-state")).toHaveTextContent("2025-01-06 至 2025-01-10 没有可排名的买入。进入排行需至少 20 笔已平仓交易且覆盖 20 个交易日。");
  });

  it("with the 交割单体检 filter, names how many masters it keeps (docs/adr/0079)", () => {
    render(<NoRankings range="2025-01-06" show="profit" audited={3} />);
    expect(screen.getByTestId("empty-state")).toHaveTextContent("体检全部通过的大神共 3 位；2025-01-06 没有可排名的盈利交易。");
  });
});

describe("NoAuditedMasters", () => {
  it("says that no master's fills have all been checked against market data, and why", () => {
    render(<NoAuditedMasters />);
    expect(screen.getByTestId("empty-state")).toHaveTextContent("暂无成交全部经行情核验通过的大神体检需要行情数据，导入行情后会自动核验；有成交未通过或无法核验的大神不列入，演示数据不做体检。");
  });
});
