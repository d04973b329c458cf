import { readStatement } from "@/lib/domain/statements/import";
import { table, utf8 } from "@/lib/domain/statements/import/test-helpers";

// 港股通 booked twice (ADR 0073): the trade on its day (…成交), again when it settles two trading days later (…交收).
const HEADER = ["成交日期", "证券代码", "证券名称", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "交易市场"];
const row = (date: string, business: string, qty: number, price: string, amount: string, net: string) =>
  ({ 成交日期: date, 证券代码: "00700", 证券名称: "腾讯控股", 操作: business, 成交数量: qty, 成交价格: price, 成交金额: amount, 发生金额: net, 交易市场: "沪港通" });

const BUY = row("20240304", "港股通买入成交", 100, "300.00", "30000.00", "-27653.20");
const BUY_SETTLED = row("20240306", "港股通买入交收", 100, "300.00", "30000.00", "-27653.20");
const SELL = row("20240311", "港股通卖出成交", 100, "320.00", "32000.00", "29401.10");
const SELL_SETTLED = row("20240313", "港股通卖出交收", 100, "320.00", "32000.00", "29401.10");

const read = (rows: Record<string, string | number>[]) => readStatement(utf8(table(HEADER, rows)), "hk.txt");

describe("港股通 trades booked on their day and again at settlement", () => {
  it("reads each trade once, on its trade day; the settlement rows move no shares", () => {
    const report = read([BUY, BUY_SETTLED, SELL, SELL_SETTLED]);
    expect(report.fills.map((f) => [f.line, f.date, f.side, f.quantity, f.market])).toEqual([
      [2, "2024-03-04", "buy", 100, "HK"],
      [4, "2024-03-11", "sell", 100, "HK"],
    ]);
    expect(report.events.filter((e) => e.raw.includes("交收")).map((e) => [e.line, e.kind, e.quantity])).toEqual([[3, "ignore", 0], [5, "ignore", 0]]);
    expect(report.warnings).toContain("有 2 行港股通交收记录是前面成交记录的同一笔交易，每笔只计一次（按成交日）。");
  });

  it("keeps a settlement row as the trade when the file has no trade row for it", () => {
    const report = read([BUY_SETTLED, SELL]);
    expect(report.fills.map((f) => [f.line, f.side])).toEqual([[2, "buy"], [3, "sell"]]);
    expect(report.warnings.some((w) => w.includes("交收记录"))).toBe(false);
  });

  it("pairs a settlement only with a trade of the same side and quantity, before it", () => {
    const otherQuantity = row("20240306", "港股通买入交收", 200, "300.00", "60000.00", "-55306.40");
    const report = read([BUY, otherQuantity]);
    expect(report.fills.map((f) => [f.line, f.quantity])).toEqual([[2, 100], [3, 200]]);
  });
});
