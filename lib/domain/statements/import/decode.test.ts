import { encodeGbk } from "@/lib/domain/statements/fixtures/gbk";
import { decodeText, sniff } from "@/lib/domain/statements/import/decode";
import { alignTokens, MAX_CELLS, spaceTokens, splitCells, splitCsvLine, splitLines } from "@/lib/domain/statements/import/table";

describe("sniff", () => {
  it("tells the file type from the first bytes", () => {
    expect(sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe("xlsx");
    expect(sniff(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("biff");
    expect(sniff(new TextEncoder().encode("%PDF-1.4"))).toBe("pdf");
    expect(sniff(new TextEncoder().encode("\r\n  %PDF-1.7"))).toBe("pdf");
    expect(sniff(new TextEncoder().encode("成交日期\t证券代码"))).toBe("text");
    expect(sniff(new Uint8Array([0x50, 0x4b]))).toBe("text");
  });
});

describe("decodeText", () => {
  it("reads GBK as gb18030, valid UTF-8 as utf-8, and honours a UTF-8 BOM", () => {
    expect(decodeText(encodeGbk("证券买入\t浦发银行"))).toMatchObject({ text: "证券买入\t浦发银行", encoding: "gb18030" });
    expect(decodeText(new TextEncoder().encode("证券买入"))).toMatchObject({ text: "证券买入", encoding: "utf-8" });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toMatchObject({ text: "A", encoding: "utf-8" });
  });

  it("reads characters outside GBK's two-byte range via GB18030 four-byte codes", () => {
    // 𠀀 (U+20000) in GB18030 is 95 32 82 36
    expect(decodeText(new Uint8Array([0xd6, 0xa4, 0x95, 0x32, 0x82, 0x36])).text).toBe("证\u{20000}");
  });
});

describe("splitting", () => {
  it("splits lines on \\r\\n, \\n and \\r", () => {
    expect(splitLines("a\r\nb\nc\rd")).toEqual(["a", "b", "c", "d"]);
  });

  it("splits CSV with quotes, escaped quotes and =\"…\" cells", () => {
    expect(splitCsvLine('a,"b,c","say ""hi""",="0001",')).toEqual(["a", "b,c", 'say "hi"', "0001", ""]);
  });

  it("keeps single spaces inside a cell when columns are separated by runs of spaces", () => {
    expect(splitCells("20240105   XD 招商银   证券买入", "space")).toEqual(["20240105", "XD 招商银", "证券买入"]);
  });

  it("puts tokens under the header column they line up with when empty cells collapsed", () => {
    const header = spaceTokens("日期      代码      名称      金额", 2);
    const row = spaceTokens("20240108                        5000.00", 2);
    expect(alignTokens(header, row)).toEqual(["20240108", "", "", "5000.00"]);
  });

  it("caps the number of cells of a hostile line", () => {
    expect(splitCells("\t".repeat(100_000), "tab")).toHaveLength(MAX_CELLS);
    expect(splitCells(",".repeat(100_000), "comma")).toHaveLength(MAX_CELLS);
    expect(splitCsvLine('"",'.repeat(100_000))).toHaveLength(MAX_CELLS);
  });
});
