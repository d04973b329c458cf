import { readStatement } from "@/lib/domain/statements/import";
import { table, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";

const HEADER = ["成交日期", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费"];
const read = (rows: readonly Cells[]) => readStatement(utf8(table(HEADER, rows)), "repo.txt");
const row = (date: string, code: string, name: string, business: string, qty: number, amount: string, net: string, fee = "0.00"): Cells => ({
  成交日期: date, 证券代码: code, 证券名称: name, 操作: business, 成交数量: qty, 成交均价: "0.000", 成交金额: amount, 发生金额: net, 手续费: fee,
});

describe("逆回购: the lending and the repurchase rows are one event", () => {
  it("R-001 in 张: −10,000.10 lent (0.10 fee), +10,000.55 back: one event of 0.45 on the lending day, no trade", () => {
    const report = read([
      row("20240304", "131810", "R-001", "融券回购", 100, "10000.00", "-10000.10", "0.10"),
      row("20240305", "131810", "R-001", "融券购回", 100, "10000.55", "10000.55"),
    ]);
    expect(report.fills).toEqual([]);
    expect(report.events.map((e) => [e.line, e.kind, e.date, e.quantity, e.amount])).toEqual([
      [2, "repo", "2024-03-04", 100, 0.45],
      [3, "ignore", "2024-03-05", 100, 0],
    ]);
    expect(report.warnings.join("\n")).toContain("1 笔逆回购的融券和购回两行合为一笔，利息（扣除费用）合计 0.45 元。");
  });

  it("GC001 in 手 flagged 买入/卖出, with the repurchase written as a 卖出 bringing cash in", () => {
    const report = read([
      row("20240304", "204001", "GC001", "买入", 10, "10000.00", "-10000.00"),
      row("20240305", "204001", "GC001", "卖出", 10, "10000.62", "10000.62"),
      // a second lending the file ends before it comes back: an event of its own
      row("20240308", "204001", "GC001", "买入", 10, "10000.00", "-10000.00"),
    ]);
    expect(report.events.map((e) => [e.kind, e.quantity, e.amount])).toEqual([
      ["repo", 10, 0.62],
      ["ignore", 10, 0],
      ["repo", 10, -10000],
    ]);
  });

  it("pairs by code and quantity, earliest lending first, and never a repurchase before its lending", () => {
    const report = read([
      row("20240305", "204001", "GC001", "融券购回", 10, "10000.62", "10000.62"),
      row("20240306", "204001", "GC001", "融券回购", 10, "10000.00", "-10000.00"),
      row("20240306", "204002", "GC002", "融券回购", 20, "20000.00", "-20000.00"),
      row("20240307", "204001", "GC001", "融券购回", 10, "10000.30", "10000.30"),
      row("20240308", "204002", "GC002", "融券购回", 20, "20001.20", "20001.20"),
    ]);
    expect(report.events.map((e) => [e.line, e.kind, e.amount])).toEqual([
      [2, "repo", 10000.62],
      [3, "repo", 0.3],
      [4, "repo", 1.2],
      [5, "ignore", 0],
      [6, "ignore", 0],
    ]);
  });
});
