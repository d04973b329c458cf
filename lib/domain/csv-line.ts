import { parse } from "csv-parse/sync";

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
