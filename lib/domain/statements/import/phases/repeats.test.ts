import fc from "fast-check";
import { readStatement } from "@/lib/domain/statements/import";
import { table, THS_HEADER, trade, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";

const read = (text: string) => readStatement(utf8(text), "test.txt");

/** Rows with the running 资金余额 each moves, from `start` yuan. */
function withBalances(rows: Cells[], start = 100_000): Cells[] {
  let fen = Math.round(start * 100);
  return rows.map((row) => {
    fen += Math.round(Number(row["发生金额"]) * 100);
    return { ...row, 资金余额: (fen / 100).toFixed(2) };
  });
}

const BLOCK = withBalances([
  trade("buy", "2024-03-04", "600519", 100, 1700),
  trade("buy", "2024-03-04", "000001", 1000, 10.5),
  trade("sell", "2024-03-05", "600519", 100, 1750, { stamp: 87.5 }),
  trade("sell", "2024-03-06", "000001", 1000, 11, { stamp: 5.5 }),
]);

describe("a block of rows pasted again (ADR 0072)", () => {
  it("reads each fill once when the running balance repeats, and lists each copy with the line it repeats", () => {
    const report = read(table(THS_HEADER, [...BLOCK, ...BLOCK, ...BLOCK]));
    expect(report.fills).toHaveLength(4);
    expect(report.fills.map((f) => [f.line, f.code, f.side])).toEqual([[2, "600519", "buy"], [3, "000001", "buy"], [4, "600519", "sell"], [5, "000001", "sell"]]);
    expect(report.skipped).toHaveLength(8);
    expect(report.skipped[0]).toEqual({ line: 6, reason: "与第 2 行完全相同（成交编号或余额相同），是重复的一份，只计一次" });
    expect(report.skipped[7]).toEqual({ line: 13, reason: "与第 5 行完全相同（成交编号或余额相同），是重复的一份，只计一次" });
    expect(report.warnings).toContain("有 8 行与前面的行完全相同（同一成交编号或同一余额，是重复粘贴的），每笔只计一次。");
    // the balance chain of the one copy read holds: no note that the balances break
    expect(report.warnings.some((w) => w.includes("余额") && w.includes("不符"))).toBe(false);
  });

  it("drops a row with the same 成交编号 even without a balance column", () => {
    const header = ["成交日期", "成交时间", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费", "成交编号"];
    const rows = [{ ...trade("buy", "2024-03-04", "600519", 100, 1700), 成交编号: "1001" }, { ...trade("buy", "2024-03-04", "600519", 100, 1700), 成交编号: "1002" }];
    const report = read(table(header, [...rows, rows[0]!]));
    expect(report.fills.map((f) => f.line)).toEqual([2, 3]);
    expect(report.skipped.map((s) => s.line)).toEqual([4]);
  });

  it("keeps two equal trades that nothing tells apart, and says so", () => {
    const header = ["成交日期", "成交时间", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费", "委托编号"];
    // one order of 200 shares filled as two fills of 100 in the same second, no fill numbers, no balances
    const fill = { ...trade("buy", "2024-03-04", "600519", 100, 1700), 委托编号: "88" };
    const report = read(table(header, [fill, fill]));
    expect(report.fills).toHaveLength(2);
    expect(report.skipped).toEqual([]);
    expect(report.warnings).toContain("第 3 行与第 2 行完全相同，文件里没有成交编号或余额能区分，两行都已计入；如是重复粘贴，请删去一份后重新上传。");
  });

  it("keeps the fills of one order whose running balance moved", () => {
    const fills = withBalances([{ ...trade("buy", "2024-03-04", "600519", 100, 1700), 合同编号: "88" }, { ...trade("buy", "2024-03-04", "600519", 100, 1700), 合同编号: "88" }]);
    const report = read(table([...THS_HEADER, "合同编号"], fills));
    expect(report.fills).toHaveLength(2);
    expect(report.skipped).toEqual([]);
    expect(report.warnings.some((w) => w.includes("完全相同"))).toBe(false);
  });

  it("property: distinct fills with running balances, the block pasted 1–4 times, read as the block once", () => {
    const fillArb = fc.record({
      buy: fc.boolean(),
      day: fc.integer({ min: 4, max: 8 }),
      code: fc.constantFrom("600519", "000001", "300750", "601318"),
      lots: fc.integer({ min: 1, max: 50 }),
      cents: fc.integer({ min: 100, max: 20_000 }),
    });
    fc.assert(
      fc.property(fc.array(fillArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (specs, copies) => {
        const block = withBalances(specs.map((s) => trade(s.buy ? "buy" : "sell", `2024-03-0${s.day}`, s.code, s.lots * 100, s.cents / 100, s.buy ? {} : { stamp: 1 })));
        const once = read(table(THS_HEADER, block));
        const pasted = read(table(THS_HEADER, Array.from({ length: copies }, () => block).flat()));
        const strip = (r: typeof once) => r.fills.map((f) => ({ ...f, line: 0, raw: "" }));
        expect(strip(pasted)).toEqual(strip(once));
        expect(pasted.skipped.length - once.skipped.length).toBe(block.length * (copies - 1));
      }),
      { numRuns: 150 },
    );
  });
});
