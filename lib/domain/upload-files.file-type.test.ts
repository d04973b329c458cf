import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { detectStatementFile, statementFileKind } from "./upload-files";

const bytesOf = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));

describe("detectStatementFile: file-type's answer, text left to the project's own check", () => {
  it("accepts every statement fixture as its kind", async () => {
    for (const f of buildFixtures()) expect([f.name, await detectStatementFile(f.bytes)]).toEqual([f.name, f.name.endsWith(".xlsx") ? "xlsx" : "text"]);
  });

  it("accepts SpreadsheetML and HTML exports named .xls as text", async () => {
    expect(await detectStatementFile(bytesOf('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>'))).toBe("text");
    expect(await detectStatementFile(bytesOf("<html><body><table><tr><td>成交日期</td></tr></table></body></html>"))).toBe("text");
  });

  it("refuses formats file-type knows that the own check took for text: PostScript, RTF, AMR audio", async () => {
    for (const head of ["%!PS-Adobe-3.0\n", "{\\rtf1\\ansi\\deff0 {\\fonttbl}}", "#!AMR\n"]) {
      expect([head, statementFileKind(bytesOf(head))]).toEqual([head, "text"]);
      expect([head, await detectStatementFile(bytesOf(head))]).toEqual([head, null]);
    }
  });

  it("keeps a legacy Excel (OLE2) file, for the reader to explain how to save it as .xlsx", async () => {
    expect(await detectStatementFile(bytesOf([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(504).fill(0)))).toBe("xls");
  });
});
