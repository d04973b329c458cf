import fc from "fast-check";
import { edgeQuotedCells, parseExcelCsvLine } from "@/lib/domain/csv-line";
import { MAX_CELLS, splitCsvLine } from "@/lib/domain/statements/import/table";

/** The statement splitter as it was written by hand before csv-parse read its lines (400bc7a), kept as the oracle. */
function handWrittenSplit(line: string): string[] {
  if (!line.includes('"')) return line.split(",", MAX_CELLS);
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && (cell === "" || cell === "=")) {
      if (cell === "=") cell = "";
      quoted = true;
    } else if (ch === ",") {
      out.push(cell);
      cell = "";
      if (out.length >= MAX_CELLS) return out;
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

/** A line of well-formed cells: plain (no quote, no comma), `"…"` or `="…"` with quotes inside doubled. */
const WELL_FORMED = /^(?:[^",]*|=?"(?:[^"]|"")*")(?:,(?:[^",]*|=?"(?:[^"]|"")*"))*$/;

/** Characters that make CSV hard, and now and then any other (CJK, full-width, emoji). */
const char = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('"', ",", "=", " ", "\t", "a", "0", "中", "，", "＝") },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
);
const text = (maxLength: number) => fc.string({ unit: char, maxLength });

/** A cell as an export writes it, with the text it stands for. */
const writtenCell = fc.oneof(
  text(8).map((t) => t.replace(/[",]/g, "")).map((t) => ({ written: t, cell: t })),
  text(8).map((t) => ({ written: `"${t.replaceAll('"', '""')}"`, cell: t })),
  text(8).map((t) => ({ written: `="${t.replaceAll('"', '""')}"`, cell: t })),
);

describe("the statement CSV splitter (csv-parse, ADR 0054)", () => {
  it("reads every well-formed line as the hand-written splitter did: the cells written (property)", () => {
    fc.assert(
      fc.property(fc.array(writtenCell, { minLength: 1, maxLength: 8 }), (cells) => {
        const line = cells.map((c) => c.written).join(",");
        expect(WELL_FORMED.test(line)).toBe(true);
        expect(splitCsvLine(line)).toEqual(cells.map((c) => c.cell));
        expect(handWrittenSplit(line)).toEqual(cells.map((c) => c.cell));
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on any line, gives 1 to MAX_CELLS cells, and agrees with the old splitter wherever the line is well formed (property)", () => {
    fc.assert(
      fc.property(text(40), (line) => {
        const cells = splitCsvLine(line);
        expect(cells.length).toBeGreaterThanOrEqual(1);
        expect(cells.length).toBeLessThanOrEqual(MAX_CELLS);
        if (WELL_FORMED.test(line)) expect(cells).toEqual(handWrittenSplit(line));
      }),
      { numRuns: 5000 },
    );
  });

  it("reads the plain shapes without csv-parse exactly as csv-parse does (property)", () => {
    fc.assert(
      fc.property(text(40), (line) => {
        const fast = edgeQuotedCells(line, MAX_CELLS);
        if (fast !== null) expect(fast).toEqual(parseExcelCsvLine(line, MAX_CELLS));
      }),
      { numRuns: 5000 },
    );
    expect(edgeQuotedCells('="600519",平安,"a,b"', MAX_CELLS)).toBeNull();
    expect(edgeQuotedCells('="600519",平安,"证券买入",', MAX_CELLS)).toEqual(["600519", "平安", "证券买入", ""]);
  });

  it("reads malformed quotes as csv-parse does, where the hand-written splitter read them otherwise", () => {
    // text after a closing quote: the cell as written (the row reader unquotes `"a"` after trimming, as before)
    expect(splitCsvLine('"ab"cd,e')).toEqual(['"ab"cd', "e"]);
    expect(handWrittenSplit('"ab"cd,e')).toEqual(["abcd", "e"]);
    expect(splitCsvLine('"a" ,b')).toEqual(['"a" ', "b"]);
    // after a stray quote in a plain cell, a later `="…"` stays as written (the row reader unquotes it)
    expect(splitCsvLine('x"y,="0001"')).toEqual(['x"y', '="0001"']);
    expect(handWrittenSplit('x"y,="0001"')).toEqual(['x"y', "0001"]);
    // what both read alike: an open quote runs to the end of the line, a quote inside a plain cell is kept
    expect(splitCsvLine('a,"b,c')).toEqual(["a", "b,c"]);
    expect(splitCsvLine('a,="b,c')).toEqual(["a", "b,c"]);
    expect(splitCsvLine('x"y,z')).toEqual(['x"y', "z"]);
    expect(splitCsvLine('"')).toEqual([""]);
  });

  it("stops at MAX_CELLS cells on a hostile line that csv-parse reads", () => {
    expect(splitCsvLine('"a""b",'.repeat(100_000))).toEqual(Array(MAX_CELLS).fill('a"b'));
    expect(splitCsvLine(`"x"y,${",".repeat(100_000)}`)).toHaveLength(MAX_CELLS);
  });
});
