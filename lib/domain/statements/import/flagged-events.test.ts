import { readStatement } from "@/lib/domain/statements/import";
import { table, utf8 } from "@/lib/domain/statements/import/test-helpers";

/**
 * Rows whose 操作 or 买卖标志 says 买入/卖出 but whose other business column names no trade of the stock: a dividend's
 * tax, new shares or their subscription. The side column does not make them trades.
 */
const HEADER = ["成交日期", "证券代码", "证券名称", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "备注"];
const read = (rows: Record<string, string | number>[]) => readStatement(utf8(table(HEADER, rows)), "flagged.txt");

describe("rows flagged 买入/卖出 that are no trade", () => {
  it("a dividend tax is a tax, charged whatever its sign or flag; a dividend is income", () => {
    const report = read([
      { 成交日期: "20240304", 证券代码: "600519", 证券名称: "贵州茅台", 操作: "证券买入", 成交数量: 100, 成交价格: "1700.00", 成交金额: "170000.00", 发生金额: "-170005.00" },
      { 成交日期: "20240620", 证券代码: "600519", 证券名称: "贵州茅台", 操作: "买入", 成交数量: 0, 成交价格: "0", 成交金额: "0", 发生金额: "3088.00", 备注: "红利入账" },
      // THS cut 股息红利税补缴 to 股息红利税补; the export wrote the tax with a plus sign
      { 成交日期: "20240705", 证券代码: "600519", 证券名称: "贵州茅台", 操作: "卖出", 成交数量: 0, 成交价格: "0", 成交金额: "0", 发生金额: "308.80", 备注: "股息红利税补" },
    ]);
    expect(report.fills.map((f) => [f.side, f.quantity])).toEqual([["buy", 100]]);
    expect(report.events.map((e) => [e.kind, e.amount, e.code])).toEqual([["dividend", 3088, "600519"], ["dividend_tax", -308.8, "600519"]]);
  });

  it("a subscription's 配号 flagged 买入 with a quantity is no buy", () => {
    const report = read([
      { 成交日期: "20240304", 证券代码: "732999", 证券名称: "某某申购", 操作: "买入", 成交数量: 1000, 成交价格: "0", 成交金额: "0", 发生金额: "0", 备注: "申购配号" },
    ]);
    expect(report.fills).toEqual([]);
  });
});
