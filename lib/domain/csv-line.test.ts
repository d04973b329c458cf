import fc from "fast-check";
import { splitCsvLine } from "./csv-line";

/** A CSV writer's cell: quoted, quotes doubled, when it holds the delimiter, a quote or surrounding spaces. */
const writeCell = (cell: string, delimiter: string) =>
  cell.includes(delimiter) || cell.includes('"') || cell.trim() !== cell ? `"${cell.replaceAll('"', '""')}"` : cell;

describe("splitCsvLine (csv-parse, one line)", () => {
  it("reads quoted cells, doubled quotes, spaces around quotes and a trailing empty cell", () => {
    expect(splitCsvLine('a, "b,c" ,"d""e",')).toEqual(["a", "b,c", 'd"e', ""]);
    expect(splitCsvLine("a\tb", "\t")).toEqual(["a", "b"]);
    expect(splitCsvLine('x"y,z')).toEqual(['x"y', "z"]);
    expect(splitCsvLine("")).toEqual([""]);
    expect(splitCsvLine("  ")).toEqual([""]);
  });

  it("never throws on quotes that do not pair: an open quote runs to the end of the line", () => {
    expect(splitCsvLine('a,"b,c')).toEqual(["a", "b,c"]);
    expect(splitCsvLine('"ab"cd,e')).toEqual(["abcd", "e"]);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('"', ",", "a", " ", "\t"), maxLength: 30 }), (line) => {
        expect(Array.isArray(splitCsvLine(line))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives back the cells a CSV writer quoted (property)", () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !/[\r\n]/.test(s)).map((s) => s.trim());
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), fc.constantFrom(",", "\t", ";"), (cells, delimiter) => {
        const line = cells.map((c) => writeCell(c, delimiter)).join(delimiter);
        expect(splitCsvLine(line, delimiter)).toEqual(cells);
      }),
      { numRuns: 1000 },
    );
  });
});
