import fc from "fast-check";
import { encodeGbk } from "@/lib/domain/statements/fixtures/gbk";
import { normalizeCsvDate, readFillsCsv, readNavCsv, splitCsvLine } from "./ingest-csv";

const TODAY = "2024-06-14";
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("splitCsvLine and normalizeCsvDate", () => {
  it("splits on commas with quoted fields", () => {
    expect(splitCsvLine('a, "b,c" ,"d""e",')).toEqual(["a", "b,c", 'd"e', ""]);
    expect(splitCsvLine("a\tb", "\t")).toEqual(["a", "b"]);
  });
  it("accepts the usual date spellings", () => {
    expect(normalizeCsvDate("20240102")).toBe("2024-01-02");
    expect(normalizeCsvDate("2024/1/2")).toBe("2024-01-02");
    expect(normalizeCsvDate("2024-01-02")).toBe("2024-01-02");
    expect(normalizeCsvDate("02/01/2024")).toBe("02/01/2024");
  });
});

describe("readNavCsv", () => {
  it("reads date,nav with a header, blank lines and repeats", () => {
    const read = readNavCsv(utf8("\uFEFFdate,nav\r\n2024-01-02,1.0000\r\n\r\n20240103,1.0123\n2024/1/3,1.0123\n"), TODAY);
    expect(read.errors).toEqual([]);
    expect(read.repeats).toBe(1);
    expect(read.rows).toEqual([
      { line: 2, value: { id: null, date: "2024-01-02", nav: 1 } },
      { line: 4, value: { id: null, date: "2024-01-03", nav: 1.0123 } },
    ]);
  });

  it("reads GB18030 with Chinese headers in any order", () => {
    const read = readNavCsv(encodeGbk("单位净值,日期\n1.05,2024-01-02\n"), TODAY);
    expect(read.encoding).toBe("gb18030");
    expect(read.rows).toEqual([{ line: 2, value: { id: null, date: "2024-01-02", nav: 1.05 } }]);
  });

  it("reports every bad line with its number", () => {
    const read = readNavCsv(utf8("date,nav\n2024-01-02,1\n2024-02-30,1\n2024-01-04,-1\n2024-01-05,abc\n2099-01-01,1\n2024-01-02,1.1\n"), TODAY);
    expect(read.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(read.errors[0]!.message).toContain("2024-02-30");
    expect(read.errors[1]!.message).toContain("净值须为大于 0 的数字");
    expect(read.errors[3]!.message).toContain("日期不能晚于今天");
    expect(read.errors[4]!.message).toContain("第 2 行已出现");
  });

  it("refuses a file without the header", () => {
    expect(readNavCsv(utf8("2024-01-02,1\n"), TODAY).errors).toEqual([{ line: 1, message: expect.stringContaining("表头缺少列：date, nav") }]);
    expect(readNavCsv(utf8(""), TODAY).errors).toEqual([{ line: 1, message: "文件是空的：第一行应为表头" }]);
  });
});

describe("readFillsCsv", () => {
  const HEADER = "date,time,code,name,side,quantity,price";

  it("reads fills with 买入/卖出/buy/sell, and gives each an id from its content and occurrence", () => {
    const read = readFillsCsv(
      utf8([HEADER, "2024-01-02,09:35,600519,贵州茅台,买入,100,1700", "2024-01-02,09:35,600519,贵州茅台,买入,100,1700", "2024-01-03,14:00:01,000001,平安银行,SELL,200,10.5"].join("\n")),
      TODAY,
    );
    expect(read.errors).toEqual([]);
    expect(read.rows.map((r) => r.value.id)).toEqual([
      "csv:2024-01-02|09:35:00|600519|buy|100|1700#1",
      "csv:2024-01-02|09:35:00|600519|buy|100|1700#2",
      "csv:2024-01-03|14:00:01|000001|sell|200|10.5#1",
    ]);
    expect(read.rows[2]!.value).toMatchObject({ side: "sell", quantity: 200, price: 10.5, time: "14:00:01" });
  });

  it("uses an id column when there is one, and accepts Chinese headers and Excel-mangled codes", () => {
    const text = ["编号,成交日期,成交时间,证券代码,证券名称,买卖,成交数量,成交价格", 'T1,2024-01-02,,="000001",平安银行,卖出,"1,000",10.5', "T2,2024-01-02,,1,平安银行,卖出,100,10.5"].join("\n");
    const read = readFillsCsv(utf8(text), TODAY);
    expect(read.errors).toEqual([]);
    expect(read.rows.map((r) => r.value)).toEqual([
      { id: "T1", date: "2024-01-02", time: null, code: "000001", name: "平安银行", side: "sell", quantity: 1000, price: 10.5 },
      { id: "T2", date: "2024-01-02", time: null, code: "000001", name: "平安银行", side: "sell", quantity: 100, price: 10.5 },
    ]);
  });

  it("reports every bad line with its number and what is wrong", () => {
    const text = [HEADER, "2024-01-02,09:35,600519,贵州茅台,买入,100,1700", "2024-01-02,9:99,60051,贵州茅台,持有,0,-1", "", "2024-13-01,09:35,600519,,买入,1.5,1700"].join("\n");
    const read = readFillsCsv(utf8(text), TODAY);
    expect(read.errors.map((e) => e.line)).toEqual([3, 5]);
    expect(read.errors[0]!.message).toContain("时间“9:99”");
    expect(read.errors[0]!.message).toContain("代码“60051”");
    expect(read.errors[0]!.message).toContain("方向“持有”：须为 买入/卖出/buy/sell");
    expect(read.errors[0]!.message).toContain("数量“0”");
    expect(read.errors[0]!.message).toContain("价格“-1”");
    expect(read.errors[1]!.message).toContain("日期“2024-13-01”");
    expect(read.errors[1]!.message).toContain("名称“”");
    expect(read.errors[1]!.message).toContain("数量“1.5”");
  });

  it("names the missing columns", () => {
    expect(readFillsCsv(utf8("date,code,side\n2024-01-02,600519,buy"), TODAY).errors[0]!.message).toContain("time, name, quantity, price");
  });

  it("never throws on arbitrary bytes, and every line it accepts is a valid fill (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }), fc.uint8Array({ maxLength: 64 }), (lines, bytes) => {
        const read = readFillsCsv(utf8([HEADER, ...lines].join("\n")), TODAY);
        for (const r of read.rows) {
          expect(r.value.code).toMatch(/^\d{6}$/);
          expect(r.value.quantity).toBeGreaterThan(0);
          expect(r.value.price).toBeGreaterThan(0);
        }
        expect(() => readNavCsv(bytes, TODAY)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});
