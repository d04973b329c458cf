import { readStatement } from "@/lib/domain/statements/import";
import { table, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import { nameKeyOf, namesToResolve, resolveNamedCodes, type NamedListing } from "@/lib/domain/statements/name-codes";

/** A 信用 (融资融券) counter export without a code column, as the credit layouts of some brokers are. */
const HEADER = ["成交日期", "业务名称", "证券名称", "成交价格", "成交数量", "成交金额", "清算金额", "剩余金额", "净佣金", "规费", "印花税", "过户费", "股东代码"];
const row = (date: string, business: string, name: string, price: string, qty: number, amount: string, net: string, fees: [string, string, string, string] = ["0.00", "0.00", "0.00", "0.00"], account = "E012345678"): Cells => ({
  成交日期: date, 业务名称: business, 证券名称: name, 成交价格: price, 成交数量: qty, 成交金额: amount, 清算金额: net, 剩余金额: "",
  净佣金: fees[0], 规费: fees[1], 印花税: fees[2], 过户费: fees[3], 股东代码: account,
});
const FILE = table(HEADER, [
  row("20240301", "担保品划入", "招商银行", "0.000", 1000, "0.00", "0.00"),
  row("20240304", "融资借入", "", "0.000", 0, "0.00", "20000.00", undefined, ""),
  // 17,000 + 5.10 + 0.34 + 0.17 = 17,005.61
  row("20240304", "融资买入", "XD贵州茅", "1700.000", 10, "17000.00", "-17005.61", ["5.10", "0.34", "0.00", "0.17"]),
  // 17,500 − 5.25 − 0.35 − 8.75 − 0.18 = 17,485.47
  row("20240305", "卖券还款", "贵州茅", "1750.000", 10, "17500.00", "17485.47", ["5.25", "0.35", "8.75", "0.18"]),
  row("20240305", "偿还融资负债本金", "", "0.000", 0, "0.00", "-17000.00", undefined, ""),
  // 33,000 − 9.90 − 0.66 − 16.50 − 0.33 = 32,972.61
  row("20240306", "担保品卖出", "招商银行", "33.000", 1000, "33000.00", "32972.61", ["9.90", "0.66", "16.50", "0.33"]),
  // 500 + 5.00 = 505.00; a name no listing knows
  row("20240307", "担保品买入", "无名股份", "5.000", 100, "500.00", "-505.00", ["5.00", "0.00", "0.00", "0.00"], "0123456789"),
]);
const LISTINGS: NamedListing[] = [
  { name: "贵州茅", code: "600519", exchange: "SH", from: "2024-01-01", to: "2024-12-31", source: "statements" },
  { name: "招商银行", code: "600036", exchange: "SH", from: null, to: null, source: "provider" },
];

describe("a credit account's export without a code column", () => {
  const report = readStatement(utf8(FILE), "credit.txt");

  it("reads the trades by name and the credit rows as events, none skipped", () => {
    expect(report.skipped).toEqual([]);
    expect(report.fills.map((f) => [f.line, f.code, f.side, f.quantity, f.exchange])).toEqual([
      [4, "贵州茅", "buy", 10, "SH"],
      [5, "贵州茅", "sell", 10, "SH"],
      [7, "招商银行", "sell", 1000, "SH"],
      [8, "无名股份", "buy", 100, "SZ"],
    ]);
    expect(report.events.map((e) => [e.line, e.kind, e.code])).toEqual([
      [2, "shares_in", "招商银行"],
      [3, "margin", null],
      [6, "margin", null],
    ]);
    expect(report.unreconciled).toEqual([]);
    expect(report.warnings.join("\n")).toContain("文件没有证券代码列：成交按证券名称读取");
    expect(namesToResolve(report).sort()).toEqual(["XD贵州茅", "无名股份", "招商银行", "贵州茅"].sort());
  });

  it("resolves names to codes from the listings, by date, and keeps the name of one nothing resolves", () => {
    const resolved = resolveNamedCodes(report, LISTINGS);
    expect(resolved.fills.map((f) => [f.code, f.exchange, f.name])).toEqual([
      ["600519", "SH", "XD贵州茅"],
      ["600519", "SH", "贵州茅"],
      ["600036", "SH", "招商银行"],
      ["无名股份", "SZ", "无名股份"],
    ]);
    expect(resolved.events.find((e) => e.kind === "shares_in")?.code).toBe("600036");
    const notes = resolved.warnings.join("\n");
    expect(notes).toContain("按证券名称对应到代码（来源：已导入的交割单、行情源股票列表）：贵州茅→600519、招商银行→600036。");
    expect(notes).toContain("1 个证券名称没有对应到唯一的代码，按名称记（没有行情，也无法核对涨跌停）：无名股份。");
  });

  it("gives the trips their P&L, the collateral brought in an unknown opening, and borrowing none", () => {
    const analysis = analyzeStatement(resolveNamedCodes(report, LISTINGS));
    // 17,485.47 − 17,005.61
    const moutai = analysis.roundTrips.find((t) => t.code === "600519");
    expect(moutai).toMatchObject({ status: "closed", pnl: 479.86 });
    expect(analysis.roundTrips.find((t) => t.code === "600036")?.openingUnknown).toBe(true);
    expect(analysis.openPositions.map((p) => [p.code, p.quantity])).toEqual([["无名股份", 100]]);
  });

  it("leaves a name two codes went by on the same day unresolved", () => {
    const two = resolveNamedCodes(report, [...LISTINGS, { name: "招商银行", code: "600999", exchange: "SH", from: null, to: null, source: "statements" }]);
    expect(two.fills.find((f) => f.line === 7)?.code).toBe("招商银行");
  });

  it("ignores the day marks and full-width letters in a name", () => {
    expect(nameKeyOf("XD招商银")).toBe("招商银");
    expect(nameKeyOf("N 中芯")).toBe("中芯");
    expect(nameKeyOf("＊ST海润")).toBe("*ST海润");
    expect(nameKeyOf("ST康美")).toBe("ST康美");
  });
});
