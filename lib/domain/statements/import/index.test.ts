import { unzipSync, zipSync } from "fflate";
import { buildXlsx } from "@/lib/domain/statements/fixtures/build";
import { encodeGbk } from "@/lib/domain/statements/fixtures/gbk";
import { readStatement } from "@/lib/domain/statements/import";
import { table, THS_HEADER, trade, utf8 } from "@/lib/domain/statements/import/test-helpers";
import { StatementRejected, type ImportLimits } from "@/lib/domain/statements/types";

const read = (text: string, limits?: Partial<ImportLimits>) => readStatement(utf8(text), "test.txt", limits);

function rejection(run: () => unknown): StatementRejected {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementRejected) return error;
    throw error;
  }
  throw new Error("expected a StatementRejected");
}

const ONE_BUY = table(THS_HEADER, [trade("buy", "2024-03-04", "600036", 1000, 10, { commission: 5, transfer: 0.1 })]);

describe("files that cannot be read are rejected with a Chinese message and an English detail", () => {
  it("an empty file", () => {
    expect(rejection(() => readStatement(new Uint8Array(0), "a.xls")).code).toBe("empty");
    expect(rejection(() => read(" \r\n\t\r\n")).code).toBe("empty");
    expect(rejection(() => readStatement(new Uint8Array(0), "a.xls")).message).toMatch(/空/);
  });

  it("a file over maxBytes, whatever it contains", () => {
    const e = rejection(() => readStatement(new Uint8Array(11), "big.xls", { maxBytes: 10 }));
    expect(e.code).toBe("too_large");
    expect(e.detail).toContain("maxBytes 10");
  });

  it("more data rows than maxRows", () => {
    const text = table(THS_HEADER, [1, 2, 3].map((d) => trade("buy", `2024-03-0${d + 3}`, "600036", 100, 10)));
    expect(rejection(() => read(text, { maxRows: 2 })).code).toBe("too_many_rows");
    expect(read(text, { maxRows: 3 }).fills).toHaveLength(3);
  });

  it("a real BIFF .xls, telling the member to save it as .xlsx or tab-separated text", () => {
    const biff = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const e = rejection(() => readStatement(biff, "交割单.xls"));
    expect(e.code).toBe("biff_xls");
    expect(e.message).toContain("Excel");
    expect(e.message).toContain("WPS");
    expect(e.message).toContain(".xlsx");
    expect(e.message).toContain("文本文件(制表符分隔)");
  });

  it("a PDF, asking for the 交割单 export instead", () => {
    const e = rejection(() => readStatement(utf8("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "statement.pdf"));
    expect(e.code).toBe("pdf");
    expect(e.message).toContain("交割单");
  });

  it("an xlsx that would expand past maxXlsxUncompressedBytes", () => {
    const xlsx = buildXlsx([{ name: "Sheet1", rows: [THS_HEADER] }]);
    expect(rejection(() => readStatement(xlsx, "a.xlsx", { maxXlsxUncompressedBytes: 100 })).code).toBe("zip_bomb");
  });

  it("an xlsx entry compressed beyond maxXlsxRatio", () => {
    const zeros = new Uint8Array(2 * 1024 * 1024);
    const bomb = zipSync({ "xl/workbook.xml": [zeros, { level: 9 }] });
    const e = rejection(() => readStatement(bomb, "bomb.xlsx"));
    expect(e.code).toBe("zip_bomb");
    expect(e.detail).toMatch(/ratio/);
  });

  it("a zip bomb is refused from its central directory, before anything is inflated", () => {
    const bytes = buildXlsx([{ name: "Sheet1", rows: [THS_HEADER] }]);
    // Declare 2 GB for every entry in the central directory: inflating even one would need a 2 GB buffer.
    const patched = bytes.slice();
    for (let i = 0; i + 4 <= patched.length; i += 1) {
      if (patched[i] === 0x50 && patched[i + 1] === 0x4b && patched[i + 2] === 0x01 && patched[i + 3] === 0x02) {
        patched.set([0x00, 0x00, 0x00, 0x80], i + 24); // uncompressed size, little endian: 0x80000000
      }
    }
    const e = rejection(() => readStatement(patched, "a.xlsx"));
    expect(e.code).toBe("zip_bomb");
    expect(e.detail).toContain("uncompressed bytes in total");
  });

  it("a broken xlsx", () => {
    const garbage = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rejection(() => readStatement(garbage, "a.xlsx")).code).toBe("bad_xlsx");
    const noWorkbook = zipSync({ "hello.txt": utf8("hi") });
    expect(rejection(() => readStatement(noWorkbook, "a.xlsx")).code).toBe("bad_xlsx");
  });

  it("a file without a header row, saying which columns were looked for", () => {
    const e = rejection(() => read("这不是交割单\r\n只是一些文字\r\n1\t2\t3\r\n"));
    expect(e.code).toBe("no_header");
    for (const name of ["成交日期", "交收日期", "操作", "业务名称", "证券代码", "成交数量"]) expect(e.message).toContain(name);
  });

  it("a file with columns but neither date nor side names the columns it found and what is missing", () => {
    // a position list (持仓) saved instead of a statement
    const e = rejection(() => read("证券代码\t证券名称\t股票余额\t成本价\t市值\r\n600519\t贵州茅台\t100\t1700.00\t170000.00\r\n"));
    expect(e.code).toBe("no_header");
    expect(e.message).toContain("文件里最像表头的一行是：证券代码、证券名称、股票余额、成本价、市值，缺少日期（成交日期、发生日期…）、买卖方向或业务名称（操作、买卖标志、业务名称…）、成交数量或金额。");
    expect(e.detail).toContain("nearest: 证券代码|证券名称|股票余额|成本价|市值");
  });

  it("a read that runs past the time limit, checked with the given clock", () => {
    const rows = Array.from({ length: 3000 }, () => trade("buy", "2024-03-04", "600036", 100, 10));
    const text = table(THS_HEADER, rows);
    let now = 0;
    const slow = () => (now += 400); // every look at the clock finds 400 ms gone
    const e = rejection(() => readStatement(utf8(text), "a.txt", { timeLimitMs: 1000 }, slow));
    expect(e.code).toBe("timeout");
    expect(e.message).toMatch(/超时/);
    expect(readStatement(utf8(text), "a.txt", { timeLimitMs: 1000 }, () => 0).fills).toHaveLength(3000);
  });
});

describe("encodings", () => {
  it("reads GBK text as gb18030 and says so", () => {
    const report = readStatement(encodeGbk(ONE_BUY), "a.xls");
    expect(report.encoding).toBe("gb18030");
    expect(report.fills[0]).toMatchObject({ name: "股票600036", raw: "证券买入" });
  });

  it("reads UTF-8 with or without a BOM as utf-8", () => {
    expect(read(ONE_BUY).encoding).toBe("utf-8");
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(ONE_BUY)]);
    const report = readStatement(bom, "a.csv");
    expect(report.encoding).toBe("utf-8");
    expect(report.fills).toHaveLength(1);
  });

  it("reads UTF-16 (Excel's Unicode text) and notes it", () => {
    const units = [0xfeff, ...Array.from(ONE_BUY, (c) => c.charCodeAt(0))];
    const bytes = new Uint8Array(units.length * 2);
    units.forEach((u, i) => {
      bytes[i * 2] = u & 0xff;
      bytes[i * 2 + 1] = u >> 8;
    });
    const report = readStatement(bytes, "a.txt");
    expect(report.fills).toHaveLength(1);
    expect(report.warnings.join()).toContain("UTF-16");
  });
});

describe("splitting rows and cells", () => {
  it("reads CSV with quotes, quoted thousands separators and =\"…\" cells", () => {
    const csv = [
      "成交日期,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,佣金",
      '20240304,="600036","招商银行","证券买入","1,000",10.00,"10,000.00","-10,005.00",5.00',
      '20240305,"000001","平安银行, A","证券卖出",100,12.00,1200.00,1195.00,5.00',
    ].join("\n");
    const report = read(csv);
    expect(report.fills.map((f) => [f.code, f.name, f.quantity, f.amount, f.netAmount])).toEqual([
      ["600036", "招商银行", 1000, 10000, -10005],
      ["000001", "平安银行, A", 100, 1200, 1195],
    ]);
  });

  it("reads a whitespace-aligned TDX .txt with a title line, even where empty cells collapsed", () => {
    const widthOf = (s: string) => [...s].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
    const pad = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c + " ".repeat(Math.max(2, 12 - widthOf(c))))).join("");
    const lines = [
      "通达信 交割单查询   2024-01-01 至 2024-03-31",
      pad(["交割日期", "证券代码", "证券名称", "业务类型", "成交价格", "成交数量", "成交金额", "发生金额", "证券数量"]),
      pad(["20240105", "600000", "浦发银行", "证券买入", "10.00", "1000", "10000.00", "-10005.00", "1000"]),
      pad(["20240108", "", "", "银行转证券", "0.00", "0", "0.00", "5000.00", "0"]),
      pad(["20240110", "600000", "浦发银行", "证券卖出", "11.00", "1000", "11000.00", "10989.50", "0"]),
    ];
    const report = read(lines.join("\n"));
    expect(report.format).toBe("tdx");
    expect(report.fills.map((f) => [f.date, f.code, f.side, f.quantity, f.price])).toEqual([
      ["2024-01-05", "600000", "buy", 1000, 10],
      ["2024-01-10", "600000", "sell", 1000, 11],
    ]);
    expect(report.events).toEqual([expect.objectContaining({ kind: "cash_in", amount: 5000, date: "2024-01-08", code: null })]);
    expect(report.skipped).toEqual([]);
  });

  it("skips title, blank, repeated header and summary lines without counting them as rows", () => {
    const text = [
      "历史交割单 2024年3月",
      "",
      THS_HEADER.join("\t") + "\t",
      table(THS_HEADER, [trade("buy", "2024-03-04", "600036", 100, 10)]).split("\r\n")[1] + "\t",
      THS_HEADER.join("\t"),
      "",
      table(THS_HEADER, [trade("sell", "2024-03-05", "600036", 100, 11)]).split("\r\n")[1],
      "合计\t\t\t\t\t200\t\t2100.00",
      "共2条记录",
    ].join("\r\n");
    const report = read(text);
    expect(report.rowCount).toBe(2);
    expect(report.fills.map((f) => [f.line, f.side])).toEqual([[4, "buy"], [7, "sell"]]);
    expect(report.skipped).toEqual([]);
  });
});

describe("reading xlsx", () => {
  it("takes the sheet whose header matches best, with shared and inline strings, numbers and Excel serial dates", () => {
    const header = ["成交日期", "成交时间", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费"];
    const xlsx = buildXlsx([
      { name: "说明", rows: [["交割单导出"], ["日期", "说明"], ["2024-03-04", "第二页是成交"]] },
      {
        name: "成交",
        rows: [
          ["账户：12345"],
          header,
          [45355, 0.41684027777777777, 600036, "招商银行", "证券买入", 1000, 10, 10000, -10005, 5],
          [20240305, "10:00:00", 1, "平安银行", "证券买入", 100, 12.5, 1250, -1255, 5],
          [45357, null, "000001", "平安银行", "证券卖出", 100, 13, 1300, 1295, 5],
        ],
      },
    ]);
    const report = readStatement(xlsx, "a.xlsx");
    expect(report.encoding).toBe("xlsx");
    expect(report.fills.map((f) => [f.line, f.date, f.time, f.code, f.side, f.price])).toEqual([
      [3, "2024-03-04", "10:00:15", "600036", "buy", 10],
      [4, "2024-03-05", "10:00:00", "000001", "buy", 12.5],
      [5, "2024-03-06", null, "000001", "sell", 13],
    ]);
  });

  it("reads inline strings and XML entities in a hand-written sheet", () => {
    const sheet = `<worksheet><sheetData>
      <row r="1"><c r="A1" t="inlineStr"><is><t>成交日期</t></is></c><c r="B1" t="inlineStr"><is><t>证券代码</t></is></c><c r="C1" t="inlineStr"><is><t>证券名称</t></is></c><c r="D1" t="inlineStr"><is><t>操作</t></is></c><c r="E1" t="inlineStr"><is><t>成交数量</t></is></c><c r="F1" t="inlineStr"><is><t>成交价格</t></is></c></row>
      <row r="2"><c r="A2"><v>20240304</v></c><c r="B2" t="str"><v>600036</v></c><c r="C2" t="inlineStr"><is><r><t>招商</t></r><r><t>&amp;银行</t></r></is></c><c r="D2" t="inlineStr"><is><t>证券买入</t></is></c><c r="F2"><v>10</v></c><c r="E2"><v>100</v></c></row>
    </sheetData></worksheet>`;
    const xlsx = zipSync({
      "xl/workbook.xml": utf8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      "xl/_rels/workbook.xml.rels": utf8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      "xl/worksheets/sheet1.xml": utf8(sheet),
    });
    const report = readStatement(xlsx, "a.xlsx");
    expect(report.fills).toEqual([expect.objectContaining({ name: "招商&银行", quantity: 100, price: 10, amount: 1000, fees: null })]);
    expect(Object.keys(unzipSync(xlsx))).toHaveLength(3);
  });
});
