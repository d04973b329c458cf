import { splitExcelCsvLine } from "@/lib/domain/csv-line";

/**
 * Text statements as rows of cells: lines split on \r\n, \n or \r; cells on tabs, else commas (with CSV quotes), else
 * runs of whitespace (the TDX `.txt` export, aligned with spaces under a title line).
 */

export interface RawRow {
  /** 1-based line (text) or sheet row (xlsx) */
  line: number;
  cells: string[];
}

export type Delimiter = "tab" | "comma" | "space";

/** Cells past this are dropped: no statement has that many columns, and a hostile line must not make millions. */
export const MAX_CELLS = 256;

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/**
 * One CSV record on one line: `a,"b,c",="0001",""` → [a, b,c, 0001, ""]. Quotes are removed, `""` unescaped, cells
 * untrimmed (the row reader unquotes and trims the cells it uses); csv-parse reads what is not plain (ADR 0054).
 */
export function splitCsvLine(line: string): string[] {
  return splitExcelCsvLine(line, MAX_CELLS);
}

/** Display width as a GBK-aligned text export lays it out: CJK and full-width characters take two columns. */
function width(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  return c >= 0x1100 && (c <= 0x115f || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) || c >= 0x20000) ? 2 : 1;
}

export interface Token {
  text: string;
  start: number;
  end: number;
}

/** Whitespace-separated tokens with their display columns. `minGap` 2 keeps `XD 招商` together. */
export function spaceTokens(line: string, minGap: number): Token[] {
  const tokens: Token[] = [];
  let col = 0;
  let current = "";
  let start = 0;
  let gap = 0;
  let gapText = "";
  for (const ch of line) {
    const w = ch === "\t" ? 1 : width(ch);
    if (ch === " " || ch === "\t" || ch === "\u3000") {
      gap += ch === "\u3000" ? 2 : w;
      gapText += ch;
    } else {
      if (current !== "" && gap >= minGap) {
        tokens.push({ text: current, start, end: start + [...current].reduce((n, c) => n + width(c), 0) });
        current = "";
        if (tokens.length >= MAX_CELLS) return tokens;
      }
      if (current === "") {
        start = col;
      } else if (gap > 0) current += gapText;
      current += ch;
      gap = 0;
      gapText = "";
    }
    col += ch === "\u3000" ? 2 : w;
  }
  if (current !== "") tokens.push({ text: current, start, end: start + [...current].reduce((n, c) => n + width(c), 0) });
  return tokens;
}

export function splitCells(line: string, delimiter: Delimiter): string[] {
  if (delimiter === "tab") return line.split("\t", MAX_CELLS);
  if (delimiter === "comma") return splitCsvLine(line);
  return spaceTokens(line, 2).map((t) => t.text);
}

/**
 * A whitespace-aligned row whose empty cells collapsed: put each token under the header column whose span holds the
 * token's centre (spans run from one header start to the next).
 */
export function alignTokens(header: readonly Token[], tokens: readonly Token[]): string[] {
  const cells = header.map(() => "");
  if (header.length === 0) return tokens.map((t) => t.text);
  for (const token of tokens) {
    const centre = (token.start + token.end) / 2;
    let best = 0;
    let bestDistance = Infinity;
    header.forEach((h, i) => {
      const distance = Math.abs((h.start + h.end) / 2 - centre);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    cells[best] = cells[best] ? `${cells[best]} ${token.text}` : token.text;
  }
  return cells;
}
