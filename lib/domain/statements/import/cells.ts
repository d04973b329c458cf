/**
 * Cell-level reading for broker statements: unquoting, exact decimal numbers, dates and times as the various
 * exports write them (research A.0, A.9).
 */

const FULL_WIDTH = /[\uff01-\uff5e]/g;
const HAS_WIDE = /[\uff01-\uff5e\u3000]/;
const MAX_STRIP_ROUNDS = 8;

/** Full-width ASCII (０-９, ＋, －, ．, ，) to half-width. */
export function toHalfWidth(text: string): string {
  if (!HAS_WIDE.test(text)) return text;
  return text.replace(FULL_WIDTH, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, " ");
}

function stripOnce(text: string): string {
  const n = text.length;
  // the common TDX cell `="600519"`, without surrounding spaces
  if (n >= 3 && text.charCodeAt(0) === 0x3d && text.charCodeAt(1) === 0x22 && text.charCodeAt(n - 1) === 0x22) {
    return text.slice(2, -1).trim();
  }
  let s = text.trim();
  if (s.length >= 3 && s.startsWith('="') && s.endsWith('"')) s = s.slice(2, -1);
  else if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1).replace(/""/g, '"');
  else if (s.length >= 2 && s.startsWith("'") && s.endsWith("'")) s = s.slice(1, -1);
  else if (s.startsWith("'")) s = s.slice(1); // Excel's text prefix
  return s.trim();
}

function isPlainEdge(c: number): boolean {
  // not whitespace (as String.prototype.trim sees it), not a quote, not `=`
  return (
    c > 0x20 && c !== 0x22 && c !== 0x27 && c !== 0x3d && c !== 0xa0 && c !== 0x1680 && !(c >= 0x2000 && c <= 0x200a) &&
    c !== 0x2028 && c !== 0x2029 && c !== 0x202f && c !== 0x205f && c !== 0x3000 && c !== 0xfeff
  );
}

/**
 * A cell as the member sees it: `="600519"` → `600519`, `"证券买入"` → `证券买入`, surrounding spaces and tabs removed.
 * Applied until nothing changes, so it is idempotent.
 */
export function stripCell(raw: string): string {
  let s = raw;
  for (let i = 0; i < MAX_STRIP_ROUNDS; i += 1) {
    if (s === "" || (isPlainEdge(s.charCodeAt(0)) && isPlainEdge(s.charCodeAt(s.length - 1)))) return s;
    const next = stripOnce(s);
    if (next === s) return next;
    s = next;
  }
  return s;
}

export type NumberCell =
  | { kind: "empty" }
  | { kind: "ok"; value: number; /** the cleaned decimal text, for exact rounding */ text: string }
  | { kind: "bad"; raw: string };

const EMPTY_MARKERS = new Set(["", "-", "--", "---", "—", "——", "null", "NULL", "nan", "NaN", "N/A", "n/a"]);
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The decimal text of a number cell: `1,234.56` → `1234.56`, `="0.020"` → `0.020`, `１２３` → `123`; "" when the cell
 * is empty (or an empty marker such as `--`); null when it is not a number. Allocates nothing for plain numbers.
 */
export function numberText(raw: string): string | null {
  const stripped = stripCell(raw);
  if (stripped === "" || PLAIN_DECIMAL.test(stripped)) return stripped;
  const cell = toHalfWidth(stripped).replace(/\s+/g, "");
  if (EMPTY_MARKERS.has(cell)) return "";
  let text = cell.replace(/元$/, "");
  if (text.includes(",")) {
    if (!GROUPED.test(text)) return null;
    text = text.replace(/,/g, "");
  }
  if (!DECIMAL.test(text) || !Number.isFinite(Number(text))) return null;
  return text;
}

/** The one empty cell: shared, so that an empty cell allocates nothing. */
export const EMPTY_NUMBER: NumberCell = Object.freeze({ kind: "empty" });

/** `1,234.56`, `-394.020`, `.00`, `="0.020"`, `１２３`; empty markers (`--`) are empty; anything else is bad. */
export function parseNumber(raw: string): NumberCell {
  const text = numberText(raw);
  if (text === "") return EMPTY_NUMBER;
  if (text === null) return { kind: "bad", raw: stripCell(raw) };
  const value = +text;
  return { kind: "ok", value: value === 0 ? 0 : value, text };
}

/**
 * Round a decimal text half away from zero to `places` decimals without going through binary floating point
 * (`0.145` → 0.15, where `Math.round(0.145 * 100)` gives 0.14). Exponent forms fall back to float rounding.
 */
export function roundDecimalText(text: string, places: number): number {
  const dot = text.indexOf(".");
  let plain = dot < 0 || text.length - dot - 1 <= places;
  if (!plain) {
    // `394.020` at 2 places: only zeros past the kept digits
    plain = true;
    for (let i = dot + 1 + places; i < text.length; i += 1) {
      if (text.charCodeAt(i) !== 0x30) {
        plain = false;
        break;
      }
    }
  }
  if (plain && text.indexOf("e") < 0 && text.indexOf("E") < 0) {
    const exact = +text;
    return exact === 0 ? 0 : exact;
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return roundTo(Number(text), places);
  const neg = m[1] === "-";
  const intPart = (m[2] ?? "").replace(/^0+(?=\d)/, "") || "0";
  const frac = m[3] ?? "";
  if (frac.length <= places) {
    const exact = Number(`${intPart}.${frac || "0"}`);
    return neg && exact !== 0 ? -exact : exact;
  }
  const kept = frac.slice(0, places);
  const roundUp = frac.charAt(places) >= "5";
  const digitText = intPart + kept;
  let value: number;
  if (digitText.length <= 15) {
    value = (Number(digitText) + (roundUp ? 1 : 0)) / 10 ** places;
  } else {
    let digits = BigInt(digitText);
    if (roundUp) digits += BigInt(1);
    const scale = BigInt(10) ** BigInt(places);
    const rest = (digits % scale).toString().padStart(places, "0");
    value = Number(places > 0 ? `${digits / scale}.${rest}` : `${digits / scale}`);
  }
  return neg && value !== 0 ? -value : value;
}

/**
 * Integer fen of a decimal text, rounded half away from zero at the fen: `-394.025` → -39403. Exact: the digits
 * are read as digits, never multiplied as a float.
 */
export function decimalToFen(text: string): number {
  let start = 0;
  const first = text.charCodeAt(0);
  const neg = first === 0x2d;
  if (neg || first === 0x2b) start = 1;
  const dot = text.indexOf(".");
  const intEnd = dot < 0 ? text.length : dot;
  if (intEnd - start > 13 || text.indexOf("e") >= 0 || text.indexOf("E") >= 0) {
    return Math.round(roundDecimalText(text, 2) * 100);
  }
  let value = intEnd > start ? +text.slice(start, intEnd) * 100 : 0;
  if (dot >= 0) {
    const d1 = text.charCodeAt(dot + 1);
    const d2 = text.charCodeAt(dot + 2);
    const d3 = text.charCodeAt(dot + 3);
    if (d1 >= 0x30 && d1 <= 0x39) value += (d1 - 0x30) * 10;
    if (d2 >= 0x30 && d2 <= 0x39) value += d2 - 0x30;
    if (d3 >= 0x35 && d3 <= 0x39) value += 1;
  }
  if (!Number.isFinite(value)) return Math.round(roundDecimalText(text, 2) * 100);
  return neg && value !== 0 ? -value : value;
}

/** Float rounding half away from zero with a guard against representation error (1.005 → 1.01). */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** places;
  const scaled = Math.abs(value) * scale;
  const rounded = Math.round(scaled + Math.max(1e-9, scaled * 1e-12)) / scale;
  const result = value < 0 ? -rounded : rounded;
  return result === 0 ? 0 : result;
}

/** Yuan rounded to the fen. */
export function roundMoney(value: number): number {
  return roundTo(value, 2);
}

/** Integer fen of a yuan amount. */
export function toFen(value: number): number {
  return Math.round(roundMoney(value) * 100);
}

export function fenToYuan(fen: number): number {
  const value = fen / 100;
  return value === 0 ? 0 : value;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and times

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function ymd(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const max = month === 2 && isLeap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day > max) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** Excel serial day (1900 system, including its phantom 1900-02-29) to YYYY-MM-DD. */
export function excelSerialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1) return null;
  const d = new Date(EXCEL_EPOCH + Math.floor(serial) * MS_PER_DAY);
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const ISO_LIKE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?/;
const SERIAL = /^\d{5}(?:\.\d+)?$/;

/**
 * YYYYMMDD (招商 writes more characters after it: the first 8 count), YYYY-MM-DD, YYYY/MM/DD, 2024年1月5日, an
 * Excel serial (`45296`); a date with a time after it keeps only the date. Null when it is not a real date.
 */
export function parseDate(raw: string): string | null {
  const cell = toHalfWidth(stripCell(raw));
  if (cell === "") return null;
  if (/^\d{8}/.test(cell) && !/^\d{8}\.\d/.test(cell)) {
    return ymd(Number(cell.slice(0, 4)), Number(cell.slice(4, 6)), Number(cell.slice(6, 8)));
  }
  const iso = ISO_LIKE.exec(cell);
  if (iso) return ymd(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (SERIAL.test(cell)) {
    const serial = Number(cell);
    if (serial >= 30_000 && serial <= 80_000) return excelSerialToDate(serial);
  }
  return null;
}

/** Two ASCII digits at `at` as a number, or -1. */
function digits2(text: string, at: number): number {
  const a = text.charCodeAt(at) - 0x30;
  const b = text.charCodeAt(at + 1) - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function hms(h: number, m: number, s: number): string | null {
  if (!(h >= 0 && h < 24 && m >= 0 && m < 60 && s >= 0 && s < 60)) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/**
 * `09:30:15`, `9:30`, `93015` (an HHMMSS integer that lost its leading zero), `14410380` (HHMMSS + hundredths),
 * an Excel day fraction (`0.396`), or the time part of `2024-01-05 09:30:15`. Null when absent or unreadable.
 */
export function parseTime(raw: string): string | null {
  const cell = toHalfWidth(stripCell(raw));
  if (cell === "") return null;
  if (cell.length === 8 && cell.charCodeAt(2) === 0x3a && cell.charCodeAt(5) === 0x3a) {
    const h = digits2(cell, 0);
    const m = digits2(cell, 3);
    const s = digits2(cell, 6);
    if (h >= 0 && m >= 0 && s >= 0) return h < 24 && m < 60 && s < 60 ? cell : null;
  }
  const colon = /(?:^|\s|T)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(cell);
  if (colon) return hms(Number(colon[1]), Number(colon[2]), Number(colon[3] ?? "0"));
  if (/^\d{1,8}$/.test(cell)) {
    const digits = cell.length <= 6 ? cell.padStart(6, "0") : cell.padStart(8, "0");
    return hms(Number(digits.slice(0, 2)), Number(digits.slice(2, 4)), Number(digits.slice(4, 6)));
  }
  if (/^0?\.\d+$/.test(cell)) {
    const seconds = Math.round(Number(cell) * 86_400);
    if (seconds >= 86_400) return null;
    return hms(Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60);
  }
  return null;
}

/** A header cell compared by name: unquoted, no spaces, a trailing `(元)` / `（B股）` dropped, 帐 and 账 alike. */
export function normalizeHeader(raw: string): string {
  return toHalfWidth(stripCell(raw))
    .replace(/\s+/g, "")
    .replace(/[(（][^()（）]*[)）]$/, "")
    .replace(/账/g, "帐");
}
