import fc from "fast-check";
import { baseName, describeProblem, isBulkStatementFile, planBulkImport, readManifest, splitStyleTags, writeManifest, type ManifestRow } from "./bulk-manifest";

const FILES = ["a.xls", "b.csv", "张三.txt", "d e.xlsx"];
const HEADER = "file,name,bio,styleTags,disclosureDelayDays";

function problems(text: string | Uint8Array, files = FILES) {
  const read = readManifest(text, files);
  if (read.ok) throw new Error("expected problems");
  return read.problems;
}

describe("masters.csv manifest", () => {
  it("reads quoted fields, both tag separators, BOM, CRLF, an empty delay and a name left empty", () => {
    const text = `\ufeff${HEADER}\r\na.xls,张三,"短线, ""打板""\n十年",打板|短线、龙头,5\r\nb.csv,,,,\r\n\r\n`;
    const read = readManifest(new TextEncoder().encode(text), FILES);
    expect(read).toEqual({
      ok: true,
      rows: [
        { file: "a.xls", line: 2, name: "张三", bio: '短线, "打板"\n十年', styleTags: ["打板", "短线", "龙头"], disclosureDelayDays: 5 },
        { file: "b.csv", line: 4, name: "b", bio: "", styleTags: [], disclosureDelayDays: 0 },
      ],
    });
  });

  it("takes the columns in any order, and only file is required", () => {
    expect(readManifest("name,file\n李四,a.xls\n", FILES)).toEqual({ ok: true, rows: [{ file: "a.xls", line: 2, name: "李四", bio: "", styleTags: [], disclosureDelayDays: 0 }] });
    expect(problems("name,bio\n李四,x\n")).toEqual([{ line: 1, column: 1, columnName: null, message: "缺少 file 列" }]);
  });

  it("names the line and column of each problem", () => {
    expect(problems(`${HEADER},extra\n`)).toEqual([{ line: 1, column: 6, columnName: "extra", message: "未知的列“extra”，可用的列：file, name, bio, styleTags, disclosureDelayDays" }]);
    expect(problems("file,name,file\n")[0]).toMatchObject({ line: 1, column: 3, columnName: "file", message: "列“file”重复" });
    const found = problems(`${HEADER}\na.xls,甲,,,61\nmissing.xls,乙,,,\na.xls,丙,,,\nb.csv,甲,,,\n张三.txt,丁,,,1.5\nd e.xlsx,戊\n`);
    expect(found).toEqual([
      { line: 2, column: 5, columnName: "disclosureDelayDays", message: "延迟公开天数须为 0–60 的整数（或留空），不是“61”" },
      { line: 3, column: 1, columnName: "file", message: "找不到文件“missing.xls”" },
      { line: 4, column: 1, columnName: "file", message: "文件“a.xls”已在第 2 行出现" },
      { line: 5, column: 2, columnName: "name", message: "名称“甲”已在第 2 行出现" },
      { line: 6, column: 5, columnName: "disclosureDelayDays", message: "延迟公开天数须为 0–60 的整数（或留空），不是“1.5”" },
      { line: 7, column: 3, columnName: null, message: "这一行有 2 个字段，表头有 5 列" },
    ]);
    expect(describeProblem(found[0]!)).toBe("masters.csv 第 2 行第 5 列（disclosureDelayDays）：延迟公开天数须为 0–60 的整数（或留空），不是“61”");
  });

  it("counts lines inside quoted fields, and reports an unclosed quote where it opens", () => {
    expect(problems(`${HEADER}\na.xls,"甲\n乙",,,\nb.csv,x,"open\n`)).toEqual([{ line: 4, column: 3, columnName: null, message: "引号没有闭合" }]);
    expect(problems(`${HEADER}\na.xls,"甲\n乙",,,\nmissing,x,,,\n`)).toEqual([{ line: 4, column: 1, columnName: "file", message: "找不到文件“missing”" }]);
    expect(problems(`${HEADER}\na.xls,x"y,,,\n`)[0]).toMatchObject({ line: 2, column: 2 });
    expect(problems(`${HEADER}\na.xls,"x"y,,,\n`)[0]).toMatchObject({ line: 2, column: 2 });
  });

  it("refuses bounds the master's profile has: name, bio, tags", () => {
    expect(problems(`${HEADER}\na.xls,${"名".repeat(41)},,,\n`)[0]).toMatchObject({ column: 2, message: "名称最多 40 个字" });
    expect(problems(`${HEADER}\na.xls,x,${"简".repeat(501)},,\n`)[0]).toMatchObject({ column: 3, message: "简介最多 500 字" });
    expect(problems(`${HEADER}\na.xls,x,,1|2|3|4|5|6|7,\n`)[0]).toMatchObject({ column: 4, message: "最多 6 个风格标签" });
    expect(problems(`${HEADER}\na.xls,x,,123456789,\n`)[0]).toMatchObject({ column: 4, message: "风格标签“123456789”超过 8 个字" });
  });

  it("refuses text that is not UTF-8, and an empty file", () => {
    expect(problems(new Uint8Array([0x66, 0x69, 0xd5, 0xc5, 0xc8]))).toEqual([{ line: 1, column: 1, columnName: null, message: "文件不是 UTF-8 编码（请另存为 UTF-8 的 CSV）" }]);
    expect(problems("")[0]!.message).toMatch(/^文件是空的/);
  });

  it("picks the folder's statement files and names the rest by their base name", () => {
    expect([".hidden.csv", "masters.csv", "MASTERS.CSV", "a.XLSX", "b.txt", "c.pdf", "d.xls", "e.csv"].filter(isBulkStatementFile)).toEqual(["a.XLSX", "b.txt", "d.xls", "e.csv"]);
    expect(baseName(" 王五 .xls")).toBe("王五");
    expect(splitStyleTags(" a | |b、a")).toEqual(["a", "b"]);
    const rows: ManifestRow[] = [{ file: "b.csv", line: 2, name: "乙", bio: "x", styleTags: ["t"], disclosureDelayDays: 3 }];
    expect(planBulkImport(["c.xls", "b.csv", `${"长".repeat(41)}.csv`], rows)).toEqual([
      { file: "b.csv", profile: { name: "乙", bio: "x", styleTags: ["t"], disclosureDelayDays: 3 }, problem: null },
      { file: "c.xls", profile: { name: "c", bio: "", styleTags: [], disclosureDelayDays: 0 }, problem: null },
      { file: `${"长".repeat(41)}.csv`, profile: expect.objectContaining({ name: "长".repeat(41) }), problem: "文件名超过 40 个字，无法作为大神名称（请在 masters.csv 中为它填写名称）" },
    ]);
  });
});

describe("masters.csv manifest: properties", () => {
  const anyChar = fc.string({ unit: "binary", minLength: 1, maxLength: 1 });
  // any text a field can hold: commas, quotes, line breaks, CJK, emoji; trimmed as the reader trims
  const text = (max: number) =>
    fc.string({ unit: fc.oneof(fc.constantFrom(",", '"', "\n", "\r\n", "\r", " ", "大", "神", "、", "|", "😀"), anyChar), maxLength: max }).map((s) => s.trim()).filter((s) => s.length <= max);
  const tag = fc.string({ unit: fc.oneof(fc.constantFrom(",", '"', "\n", "短", "线"), anyChar), minLength: 1, maxLength: 8 }).map((s) => s.replace(/[|、]/g, "").trim()).filter((s) => s.length > 0 && s.length <= 8);
  const row = fc.record({
    name: text(40).filter((s) => s.length > 0),
    bio: text(500),
    styleTags: fc.uniqueArray(tag, { maxLength: 6 }),
    disclosureDelayDays: fc.integer({ min: 0, max: 60 }),
  });
  const rows = fc.uniqueArray(row, { maxLength: 8, selector: (r) => r.name }).map((rs) => rs.map((r, i) => ({ ...r, file: `file ${i}, "x".xls` })));

  it("any field content round-trips through the writer and the reader, with or without a BOM", () => {
    fc.assert(
      fc.property(rows, fc.boolean(), (rs, bom) => {
        const written = writeManifest(rs);
        const read = readManifest(bom ? `\ufeff${written}` : written, rs.map((r) => r.file));
        expect(read.ok).toBe(true);
        if (read.ok) expect(read.rows).toEqual(rs.map((r) => ({ ...r, line: expect.any(Number) })));
      }),
    );
  });

  it("garbage gives problems with a line and a column inside the text, never a throw", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "file", "name", "a.xls", "9") }).map((s) => `${HEADER}\n${s}`)), (garbage) => {
        const read = readManifest(garbage, FILES);
        if (read.ok) return;
        const lines = garbage.split(/\r\n|\n|\r/).length;
        expect(read.problems.length).toBeGreaterThan(0);
        for (const p of read.problems) {
          expect(Number.isInteger(p.line) && p.line >= 1 && p.line <= lines).toBe(true);
          expect(Number.isInteger(p.column) && p.column >= 1).toBe(true);
          expect(p.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("arbitrary bytes give a read or problems, never a throw", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      const read = readManifest(bytes, FILES);
      expect(typeof read.ok).toBe("boolean");
    }));
  });
});
