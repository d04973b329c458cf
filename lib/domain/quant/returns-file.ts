/**
 * Reading a returns file for the `metrics` command (pure: the caller reads the bytes).
 *
 * Accepted: a CSV of `date,return` (comma, tab or semicolon; an optional header line first) or one return per line.
 * - Returns are fractions: 0.012 is 1.2 %. A value with a percent sign is a percentage: "1.5%" is read as 0.015.
 * - A missing return is an empty field or NaN / null / NA / N/A / None (any case); it counts as a period.
 * - Dates: YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD or YYYYMMDD, strictly ascending.
 * - Blank lines and lines starting with # are ignored; fields may be wrapped in double quotes.
 * Anything else is refused with the line number; a return below −100 % too.
 */

export class ReturnsFileError extends Error {
  constructor(
    /** 1-based line of the file, null for a problem with the file as a whole */
    readonly line: number | null,
    readonly detail: string,
  ) {
    super(line === null ? detail : `line ${line}: ${detail}`);
    this.name = "ReturnsFileError";
  }
}

export interface ReturnsFile {
  /** the date of each return, or null for a file of bare returns */
  dates: string[] | null;
  returns: (number | null)[];
  /** the file line of each return */
  lines: number[];
}

const MISSING = new Set(["", "nan", "null", "na", "n/a", "none"]);
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A return from one field: a fraction, a percentage with "%", or missing (null). */
export function parseReturnValue(field: string): Parsed<number | null> {
  const text = field.trim();
  if (MISSING.has(text.toLowerCase())) return { ok: true, value: null };
  const percent = text.endsWith("%");
  const digits = percent ? text.slice(0, -1).trim() : text;
  if (!NUMBER.test(digits)) {
    return { ok: false, reason: `"${field}" is not a return (write a fraction like 0.012 or a percentage like 1.2%)` };
  }
  const value = percent ? Number(digits) / 100 : Number(digits);
  if (!Number.isFinite(value)) return { ok: false, reason: `"${field}" is out of range` };
  if (value < -1) return { ok: false, reason: `"${field}" is a loss of more than 100 %` };
  return { ok: true, value };
}

/** A date as YYYY-MM-DD, or the reason it is not one. */
export function parseReturnDate(field: string): Parsed<string> {
  const text = field.trim();
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text) ?? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!m) return { ok: false, reason: `"${field}" is not a date (write YYYY-MM-DD)` };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return { ok: false, reason: `"${field}" is not a calendar date` };
  }
  return { ok: true, value: `${m[1]}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

function fieldsOf(raw: string): string[] {
  const line = raw.replace(/\s+%/g, "%");
  const parts = /[,\t;]/.test(line) ? line.split(/[,\t;]/) : line.split(/\s+/);
  const fields = parts.map((p) => {
    const t = p.trim();
    return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
  });
  // spreadsheets like to leave trailing separators
  while (fields.length > 2 && fields[fields.length - 1] === "") fields.pop();
  return fields;
}

/** Parses the text of a returns file; throws ReturnsFileError with the line number on the first bad line. */
export function parseReturnsFile(text: string): ReturnsFile {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  let shape: { fields: 1 | 2; line: number } | null = null;
  let seenContent = false;
  const dates: string[] = [];
  const returns: (number | null)[] = [];
  const lineNumbers: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const fields = fieldsOf(line);
    const first = !seenContent;
    seenContent = true;
    if (fields.length > 2) {
      throw new ReturnsFileError(lineNo, `expected "date,return" or a single return, got ${fields.length} fields`);
    }
    const dated = fields.length === 2;
    const date = dated ? parseReturnDate(fields[0]!) : null;
    const value = parseReturnValue(fields[fields.length - 1]!);
    // the first line may be a header: nothing on it reads as a date or a return
    if (first && !value.ok && (!date || !date.ok) && fields.every((f) => !NUMBER.test(f.replace(/%$/, "")))) continue;
    if (shape && shape.fields !== fields.length) {
      throw new ReturnsFileError(
        lineNo,
        shape.fields === 2
          ? `expected "date,return" like line ${shape.line}, got a single field`
          : `expected a single return like line ${shape.line}, got ${fields.length} fields`,
      );
    }
    shape ??= { fields: dated ? 2 : 1, line: lineNo };
    if (date) {
      if (!date.ok) throw new ReturnsFileError(lineNo, date.reason);
      const prev = dates[dates.length - 1];
      if (prev !== undefined && date.value <= prev) {
        const prevLine = lineNumbers[lineNumbers.length - 1]!;
        throw new ReturnsFileError(
          lineNo,
          date.value === prev ? `date ${date.value} repeats line ${prevLine}` : `date ${date.value} comes before ${prev} on line ${prevLine}: dates must ascend`,
        );
      }
      dates.push(date.value);
    }
    if (!value.ok) throw new ReturnsFileError(lineNo, value.reason);
    returns.push(value.value);
    lineNumbers.push(lineNo);
  }
  if (returns.length === 0) throw new ReturnsFileError(null, "no returns found");
  return { dates: shape?.fields === 2 ? dates : null, returns, lines: lineNumbers };
}

/**
 * The benchmark's return for each of the strategy's periods: by date when both files have dates (a date the benchmark
 * lacks is a missing return), else by position (then both must have as many returns).
 */
export function alignBenchmark(strategy: ReturnsFile, benchmark: ReturnsFile): (number | null)[] {
  if (strategy.dates && benchmark.dates) {
    const byDate = new Map(benchmark.dates.map((d, i) => [d, benchmark.returns[i] ?? null]));
    const aligned = strategy.dates.map((d) => byDate.get(d) ?? null);
    if (!strategy.dates.some((d) => byDate.has(d))) throw new ReturnsFileError(null, "the benchmark has no date in common with the returns");
    return aligned;
  }
  if (strategy.returns.length !== benchmark.returns.length) {
    throw new ReturnsFileError(
      null,
      `the benchmark has ${benchmark.returns.length} returns and the strategy ${strategy.returns.length}: give both the same periods, or dates in both files to align them by date`,
    );
  }
  return [...benchmark.returns];
}
