import { parse, type Options } from "csv-parse/sync";

/**
 * One line of a CSV file as trimmed cells, read by csv-parse (ADR 0054): the delimiter given, double quotes with ""
 * escapes, spaces around a quoted cell dropped, a quote inside an unquoted cell kept. The caller splits the lines,
 * so a quoted cell never spans two (as before csv-parse) and every error keeps its line number.
 *
 * A line whose quotes do not pair never throws: a quote left open is closed at the end of the line (the rest of the
 * line is its cell, as the hand-written splitter read it); text after a closing quote splits on the delimiter alone,
 * quotes dropped.
 */
export function splitCsvLine(line: string, delimiter = ","): string[] {
  const options = { delimiter, trim: true, relax_quotes: true, relax_column_count: true };
  try {
    return (parse(line, options) as string[][])[0] ?? [""];
  } catch {
    try {
      return (parse(`${line}"`, options) as string[][])[0] ?? [""];
    } catch {
      return line.split(delimiter).map((cell) => cell.replaceAll('"', "").trim());
    }
  }
}

/**
 * One comma-separated line of a spreadsheet export (broker statements, ADR 0054), cells untrimmed: csv-parse reads
 * quoted cells with "" escapes, and Excel's text cell `="0001"` (a quoted cell behind `=`, written so that leading
 * zeros survive) is read as `0001`. At most `maxCells` cells are read, however long the line.
 *
 * csv-parse costs some 15 times the time of a plain split (its options are set up on every call), so the two shapes
 * nearly every export line has skip it: a line without quotes, and a line whose quotes all sit at the edges of its
 * cells (`"text"`, `="text"` with no quote or comma inside), where splitting on commas gives the very cells csv-parse
 * would.
 *
 * Lines csv-parse reads never throw: a quote left open is closed at the end of the line (the rest of the line is its
 * cell); text after a closing quote keeps both quotes (`"ab"cd` is `"ab"cd`, which the cell reader then shows as is).
 */
export function splitExcelCsvLine(line: string, maxCells: number): string[] {
  if (!line.includes('"')) return line.split(",", maxCells);
  return edgeQuotedCells(line, maxCells) ?? parseExcelCsvLine(line, maxCells);
}

/** `"text"` or `="text"` with no quote inside */
const EDGE_QUOTED = /^=?"[^"]*"$/;

/** The cells of a line whose every quote opens or closes a cell, else null. */
export function edgeQuotedCells(line: string, maxCells: number): string[] | null {
  const cells = line.split(",", maxCells);
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i] as string;
    if (!cell.includes('"')) continue;
    if (!EDGE_QUOTED.test(cell)) return null;
    cells[i] = cell.slice(cell.charCodeAt(0) === 0x3d ? 2 : 1, -1);
  }
  return cells;
}

/** The same reading as `splitExcelCsvLine`, every line through csv-parse (exported for the property test). */
export function parseExcelCsvLine(line: string, maxCells: number): string[] {
  const text = dropExcelTextMarks(line);
  try {
    return cellsOf(text, maxCells);
  } catch {
    // the one error csv-parse raises with these options: a quote still open at the end of the line
    return cellsOf(`${text}"`, maxCells);
  }
}

/**
 * The `=` of each `="…"` that starts a cell: at the line's start or after a comma outside quotes (an even number of
 * quotes before it, which holds on any line whose quoted cells are well formed).
 */
function dropExcelTextMarks(line: string): string {
  if (!line.includes('="')) return line;
  let quotes = 0;
  let counted = 0;
  return line.replace(/(^|,)="/g, (match: string, comma: string, at: number) => {
    for (; counted < at; counted += 1) if (line.charCodeAt(counted) === 0x22) quotes += 1;
    return quotes % 2 === 0 ? `${comma}"` : match;
  });
}

/**
 * A line's first `maxCells` cells: past them csv-parse stops splitting (`ignore_last_delimiters`), so a hostile line
 * of millions of commas becomes one long last cell, dropped here, instead of millions of cells. The line holds no line
 * break (the caller split on them), so `record_delimiter` is fixed: discovering it costs csv-parse 5 times the parse.
 */
function cellsOf(text: string, maxCells: number): string[] {
  const options: Options = {
    delimiter: ",",
    record_delimiter: "\n",
    relax_quotes: true,
    relax_column_count: true,
    ignore_last_delimiters: maxCells + 1,
  };
  const cells = (parse(text, options) as string[][])[0] ?? [""];
  return cells.length > maxCells ? cells.slice(0, maxCells) : cells;
}
