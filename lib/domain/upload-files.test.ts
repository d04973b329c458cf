import fc from "fast-check";
import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { isTextFile, statementFileKind, UPLOAD_LABEL_MAX, uploadLabel } from "./upload-files";

const bytesOf = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));

/** The first bytes of real files of each kind (as a file starts; the rest does not matter to the sniff). */
const BINARY_SAMPLES: Record<string, Uint8Array> = {
  exe: bytesOf("MZ", [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00], "This program cannot be run in DOS mode.\r\r\n$", [0, 0, 0, 0], "PE", [0, 0, 0x4c, 0x01]),
  png: bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  jpeg: bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0]),
  gif: bytesOf("GIF89a", [1, 0, 1, 0, 0x80, 0, 0]),
  pdf: bytesOf("%PDF-1.7\n1 0 obj<<>>endobj\n"),
  elf: bytesOf([0x7f], "ELF", [2, 1, 1, 0]),
  gzip: bytesOf([0x1f, 0x8b, 0x08, 0x00]),
  sevenZip: bytesOf([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]),
  rar: bytesOf("Rar!", [0x1a, 0x07, 0x01, 0x00]),
  webp: bytesOf("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "),
  mp4: bytesOf([0, 0, 0, 0x18], "ftypmp42"),
  emptyZip: bytesOf([0x50, 0x4b, 0x05, 0x06], new Array(18).fill(0)),
  sqlite: bytesOf("SQLite format 3", [0]),
};

describe("statementFileKind: a statement by its bytes", () => {
  it("accepts every statement fixture (text exports named .xls, GBK text, CSV, an xlsx workbook)", () => {
    const fixtures = buildFixtures();
    expect(fixtures.length).toBeGreaterThan(10);
    for (const f of fixtures) expect([f.name, statementFileKind(f.bytes)]).toEqual([f.name, f.name.endsWith(".xlsx") ? "xlsx" : "text"]);
  });

  it("accepts a legacy Excel (OLE2) file, for the reader to explain how to save it as .xlsx", () => {
    expect(statementFileKind(bytesOf([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(504).fill(0)))).toBe("xls");
  });

  it.each(Object.entries(BINARY_SAMPLES))("refuses %s", (_kind, bytes) => {
    expect(statementFileKind(bytes)).toBeNull();
    expect(isTextFile(bytes)).toBe(false);
  });

  it("refuses any bytes with a NUL that are not a workbook or UTF-16 text", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (before, after) => {
        const bytes = new Uint8Array([...before, 0, ...after]);
        fc.pre(!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4));
        fc.pre(!(bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0));
        fc.pre(!((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)));
        expect(statementFileKind(bytes)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("accepts any UTF-8 text without control characters, and UTF-16 text with its byte order mark", () => {
    const line = fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }).filter((s) => !/[\p{Cc}]/u.test(s) && !s.startsWith("%PDF-") && !s.startsWith("GIF8") && !s.startsWith("RIFF"));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const text = lines.join("\r\n");
        expect(statementFileKind(new TextEncoder().encode(text))).toBe("text");
        const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer)]);
        expect(statementFileKind(utf16)).toBe("text");
      }),
      { numRuns: 500 },
    );
  });

  it("refuses an empty file", () => {
    expect(statementFileKind(new Uint8Array(0))).toBeNull();
  });
});

describe("uploadLabel: a client's file name as a label only", () => {
  it("keeps the last path segment, without control, format or bidi characters", () => {
    expect(uploadLabel("../../etc/passwd", "x")).toBe("passwd");
    expect(uploadLabel("C:\\Users\\张三\\交割单 2024.csv", "x")).toBe("交割单 2024.csv");
    expect(uploadLabel("invoice\u202Egnp.csv", "x")).toBe("invoicegnp.csv");
    expect(uploadLabel("a\r\nb\u0000c\tz.txt", "x")).toBe("abcz.txt");
    expect(uploadLabel("  ", "交割单")).toBe("交割单");
    expect(uploadLabel("..", "交割单")).toBe("交割单");
    expect(uploadLabel(undefined, "交割单")).toBe("交割单");
  });

  it("never leaves a separator, a control or bidi character, or more than 100 characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 600 }), (name) => {
        const label = uploadLabel(name, "交割单");
        expect(label.length).toBeGreaterThan(0);
        expect(Array.from(label).length).toBeLessThanOrEqual(UPLOAD_LABEL_MAX);
        expect(label).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
        expect(label).not.toMatch(/^\s|\s$/);
        expect([".", ".."]).not.toContain(label);
      }),
      { numRuns: 1000 },
    );
  });
});
