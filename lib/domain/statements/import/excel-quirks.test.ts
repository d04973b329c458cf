import { buildXlsx } from "@/lib/domain/statements/fixtures/build";
import { readStatement } from "@/lib/domain/statements/import";
import { table, utf8 } from "@/lib/domain/statements/import/test-helpers";

/** Cells as Excel leaves them, in a re-saved text export and in a workbook whose cells are numbers. */
const HEADER = ["成交日期", "成交时间", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费"];

describe("cells as Excel leaves them", () => {
  it("in a re-saved text file: a TAB in the code, lost zeros, day-fraction times, dates with a sequence suffix, float noise", () => {
    const report = readStatement(utf8(table(HEADER, [
      // 0.396 of a day = 09:30:14.4; 20160216000016 is the 16th row of 2016-02-16
      { 成交日期: "20160216000016", 成交时间: "0.396", 证券代码: "\t600036", 证券名称: "招商银行", 操作: "证券买入", 成交数量: 100, 成交均价: "12.3400000001", 成交金额: "1234.00", 发生金额: "-1239.00", 手续费: "5.00" },
      // 000001 saved as the number 1; 0.6 of a day = 14:24:00
      { 成交日期: "20160217000003", 成交时间: "0.6", 证券代码: "1", 证券名称: "平安银行", 操作: "证券买入", 成交数量: 100, 成交均价: "9.869999999", 成交金额: "987.00", 发生金额: "-992.00", 手续费: "5.00" },
      { 成交日期: "20160218", 成交时间: "93015", 证券代码: "600036\t", 证券名称: "招商银行", 操作: "证券卖出", 成交数量: 100, 成交均价: "13.00", 成交金额: "1300.00", 发生金额: "1295.00", 手续费: "5.00" },
    ], ",")), "resaved.csv");
    expect(report.skipped).toEqual([]);
    expect(report.fills.map((f) => [f.date, f.time, f.code, f.exchange, f.price, f.amount])).toEqual([
      ["2016-02-16", "09:30:14", "600036", "SH", 12.34, 1234],
      ["2016-02-17", "14:24:00", "000001", "SZ", 9.87, 987],
      ["2016-02-18", "09:30:15", "600036", "SH", 13, 1300],
    ]);
  });

  it("in a workbook: serial dates, fraction times and codes stored as numbers", () => {
    const bytes = buildXlsx([{
      name: "Sheet1",
      rows: [
        HEADER,
        // 42416 = 2016-02-16; 0.4375 of a day = 10:30:00, 0.5625 = 13:30:00; 600036 and 2 (000002) stored as numbers
        [42416, 0.4375, 600036, "招商银行", "证券买入", 100, 12.3400000001, 1234, -1239, 5],
        [42417, 0.5625, 2, "万科A", "证券买入", 100, 20.1, 2010, -2015, 5],
      ],
    }]);
    const report = readStatement(bytes, "saved.xlsx");
    expect(report.fills.map((f) => [f.date, f.time, f.code, f.exchange, f.price])).toEqual([
      ["2016-02-16", "10:30:00", "600036", "SH", 12.34],
      ["2016-02-17", "13:30:00", "000002", "SZ", 20.1],
    ]);
  });
});
