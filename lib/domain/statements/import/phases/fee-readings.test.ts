import fc from "fast-check";
import { readStatement } from "@/lib/domain/statements/import";
import { table, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";

const read = (header: readonly string[], rows: readonly Cells[]) => readStatement(utf8(table(header, rows)), "t.txt");
const feeTotal = (f: { commission: number; stampDuty: number; transferFee: number; other: number } | null | undefined) =>
  f ? Math.round((f.commission + f.stampDuty + f.transferFee + f.other) * 100) / 100 : null;

describe("fee columns that repeat or contain each other, read as the net cash says", () => {
  it("手续费 equal to 佣金 and 其他杂费 equal to 过户费: each charge once (10000 − 5 − 5 − 0.10 = 9989.90)", () => {
    const header = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "手续费", "佣金", "印花税", "过户费", "其他杂费"];
    const report = read(header, [
      { 成交日期: "20240304", 证券代码: "600036", 操作: "证券卖出", 成交数量: 1000, 成交价格: "10.00", 成交金额: "10000.00", 发生金额: "9989.90", 手续费: "5.00", 佣金: "5.00", 印花税: "5.00", 过户费: "0.10", 其他杂费: "0.10" },
    ]);
    expect(report.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 5, transferFee: 0.1, other: 0 });
    expect(report.unreconciled).toEqual([]);
    expect(report.warnings.join("\n")).toContain("1 笔成交的费用列按“不计“手续费”、“其他杂费”（已含在其他费用列内或与之重复）”读取，才与发生金额对得上：第2行。");
  });

  it("银河: 净佣金 inside 手续费 and 其他杂费 the sum of 过户费 and 结算费 (10000 + 5 + 0.10 + 0.20 = 10005.30)", () => {
    const header = ["证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费", "印花税", "其他杂费", "交收日期", "净佣金", "过户费", "结算费"];
    const report = read(header, [
      { 证券代码: "600036", 证券名称: "招商银行", 操作: "证券买入", 成交数量: 1000, 成交均价: "10.000", 成交金额: "10000.00", 发生金额: "-10005.30", 手续费: "5.00", 印花税: "0.00", 其他杂费: "0.30", 交收日期: "20240304", 净佣金: "4.46", 过户费: "0.10", 结算费: "0.20" },
    ]);
    expect(report.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 0, transferFee: 0.1, other: 0.2 });
    expect(report.unreconciled).toEqual([]);
  });

  it("方正: 过户费 inside 佣金 on a 深圳 row, charged on top on a 上海 row — chosen per fill", () => {
    const header = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "佣金", "印花税", "过户费"];
    const row = (code: string, net: string): Cells => ({ 成交日期: "20240304", 证券代码: code, 操作: "证券买入", 成交数量: 1000, 成交价格: "10.00", 成交金额: "10000.00", 发生金额: net, 佣金: "5.00", 印花税: "0.00", 过户费: "0.10" });
    const report = read(header, [row("600036", "-10005.10"), row("000001", "-10005.00")]);
    expect(report.fills.map((f) => [f.code, feeTotal(f.fees), f.fees?.transferFee])).toEqual([
      ["600036", 5.1, 0.1],
      ["000001", 5, 0],
    ]);
    expect(report.unreconciled).toEqual([]);
    expect(report.warnings.join("\n")).toContain("1 笔成交的费用列按“不计“过户费”（已含在其他费用列内或与之重复）”读取");
  });

  it("a fill no reading explains keeps the usual reading and is listed with its difference", () => {
    const header = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "佣金", "印花税", "过户费"];
    const report = read(header, [
      { 成交日期: "20240304", 证券代码: "600036", 操作: "证券买入", 成交数量: 1000, 成交价格: "10.00", 成交金额: "10000.00", 发生金额: "-10007.00", 佣金: "5.00", 印花税: "0.00", 过户费: "0.10" },
    ]);
    expect(report.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 0, transferFee: 0.1, other: 0 });
    expect(report.unreconciled).toEqual([{ line: 2, amount: 10000, fees: 5.1, netAmount: -10007, difference: 1.9 }]);
  });
});

describe("the chosen reading (property)", () => {
  const HEADER = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "佣金", "手续费", "净佣金", "印花税", "过户费", "其他杂费", "结算费"];
  const FEES = HEADER.slice(7);
  const yuan = (fen: number) => `${fen < 0 ? "-" : ""}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}`;
  const genRow = fc.record({
    side: fc.constantFrom("buy" as const, "sell" as const),
    qty: fc.integer({ min: 1, max: 100 }).map((n) => n * 100),
    priceFen: fc.integer({ min: 100, max: 20_000 }),
    fees: fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: FEES.length, maxLength: FEES.length }),
    leftOut: fc.array(fc.boolean(), { minLength: FEES.length, maxLength: FEES.length }),
  });

  it("reconciles with the net cash whenever leaving out up to three columns does, and never books more than the columns", () => {
    fc.assert(
      fc.property(genRow, ({ side, qty, priceFen, fees, leftOut }) => {
        const nonZero = fees.map((f, i) => [f, i] as const).filter(([f]) => f > 0);
        const out = nonZero.filter(([, i]) => leftOut[i]).slice(0, 3);
        fc.pre(out.length < nonZero.length);
        const amount = priceFen * qty;
        const charged = fees.reduce((a, b) => a + b, 0) - out.reduce((a, [f]) => a + f, 0);
        const net = side === "buy" ? -(amount + charged) : amount - charged;
        fc.pre(net > 0 || side === "buy");
        const cells: Cells = { 成交日期: "20240304", 证券代码: "600036", 操作: side === "buy" ? "证券买入" : "证券卖出", 成交数量: qty, 成交价格: yuan(priceFen), 成交金额: yuan(amount), 发生金额: yuan(net) };
        FEES.forEach((name, i) => (cells[name] = yuan(fees[i] as number)));
        const report = read(HEADER, [cells]);
        expect(report.unreconciled).toEqual([]);
        expect(feeTotal(report.fills[0]?.fees)).toBe(charged / 100);
      }),
      { numRuns: 300 },
    );
  });
});
