import { readStatement, StatementRejected } from "@/lib/domain/statements/import";
import { readableHeader } from "@/lib/domain/statements/import/header";
import { table, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";

/** A 当日成交 export: the day inside 成交时间, the side in 方向, cancelled orders beside the fills. */
const HEADER = ["成交时间", "证券代码", "证券名称", "方向", "成交价格", "成交数量", "成交金额", "成交编号", "委托编号", "状态说明"];
const row = (time: string, code: string, name: string, side: string, price: string, qty: number, amount: string, id: string, status: string): Cells => ({
  成交时间: time, 证券代码: code, 证券名称: name, 方向: side, 成交价格: price, 成交数量: qty, 成交金额: amount, 成交编号: id, 委托编号: `W${id}`, 状态说明: status,
});
const read = (header: readonly string[], rows: readonly Cells[]) => readStatement(utf8(table(header, rows)), "当日成交.txt");

describe("a 当日成交 view", () => {
  it("is read as that day's fills; 撤单 rows are no fills", () => {
    const report = read(HEADER, [
      row("2024-03-04 09:35:12", "600036", "招商银行", "买入", "33.00", 1000, "33000.00", "1001", "普通成交"),
      row("2024-03-04 09:40:00", "600036", "招商银行", "买入", "0.00", 0, "0.00", "1002", "撤单"),
      row("2024-03-04 10:02:45", "600519", "贵州茅台", "撤买", "0.00", 100, "0.00", "1003", ""),
      row("2024-03-04 14:50:01", "600036", "招商银行", "卖出", "33.50", 1000, "33500.00", "1004", "普通成交"),
    ]);
    expect(report.fills.map((f) => [f.date, f.time, f.code, f.side, f.quantity, f.amount])).toEqual([
      ["2024-03-04", "09:35:12", "600036", "buy", 1000, 33000],
      ["2024-03-04", "14:50:01", "600036", "sell", 1000, 33500],
    ]);
    expect(report.events.map((e) => [e.line, e.kind, e.raw])).toEqual([
      [3, "ignore", "撤单"],
      [4, "ignore", "撤买"],
    ]);
    expect(report.skipped).toEqual([]);
  });

  it("whose times carry no day is refused, naming its columns", () => {
    const read$ = () => read(HEADER, [row("09:35:12", "600036", "招商银行", "买入", "33.00", 1000, "33000.00", "1001", "普通成交")]);
    expect(read$).toThrow(StatementRejected);
    expect(read$).toThrow("这个文件像是当日成交或当日委托的查询结果：没有日期列，成交时间里也没有日期（文件的列：成交时间、证券代码、证券名称、方向、成交价格、成交数量、成交金额、成交编号、委托编号、状态说明）。请导出“历史成交”或“交割单”后再上传。");
  });

  it("with neither a date nor a side column is refused, naming what it has and lacks", () => {
    const read$ = () => read(["证券代码", "证券名称", "成交价格", "成交数量", "成交金额"], [{ 证券代码: "600036", 证券名称: "招商银行", 成交价格: "33.00", 成交数量: 1000, 成交金额: "33000.00" }]);
    expect(read$).toThrow("文件里最像表头的一行是：证券代码、证券名称、成交价格、成交数量、成交金额，缺少日期（成交日期、发生日期…）、买卖方向或业务名称（操作、买卖标志、业务名称…）。");
  });
});

describe("garbled header names", () => {
  it("are read by their meaning where it is clear", () => {
    expect(readableHeader("证券mc")).toBe("证券名称");
    expect(readableHeader("证券dm")).toBe("证券代码");
    expect(readableHeader("成交数?")).toBe("成交数量");
    expect(readableHeader("买卖bz")).toBe("买卖标志");
    // two known names start so: not guessed
    expect(readableHeader("成交?")).toBe("成交?");
    expect(readableHeader("xyz")).toBe("xyz");
  });

  it("let a file with them be read", () => {
    const header = ["成交日期", "证券dm", "证券mc(股票名)", "买卖bz", "成交数?", "成交价格", "成交金额"];
    const report = read(header, [{ 成交日期: "20240304", 证券dm: "600036", "证券mc(股票名)": "招商银行", 买卖bz: "买入", "成交数?": 1000, 成交价格: "33.00", 成交金额: "33000.00" }]);
    expect(report.fills.map((f) => [f.code, f.name, f.side, f.quantity])).toEqual([["600036", "招商银行", "buy", 1000]]);
  });

  it("a business name nothing makes sense of is a row not read, with its text", () => {
    const report = read(["成交日期", "证券代码", "证券名称", "操作", "成交数量", "成交价格"], [{ 成交日期: "20240304", 证券代码: "600036", 证券名称: "招商银行", 操作: "锟斤拷", 成交数量: 100, 成交价格: "33.00" }]);
    expect(report.skipped).toEqual([{ line: 2, reason: "未知的业务名称：“锟斤拷”" }]);
  });
});
