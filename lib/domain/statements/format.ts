/**
 * Number formatting for statements, charts and analysis views (PRODUCT conventions): money `¥1,234.56`, large figures
 * with 万 / 亿 (`3.52万`, `1.20亿`), signed percentages `+12.34%`, shares in 股. Every function takes yuan (not fen)
 * and returns "—" for a value that is not a finite number, so a missing figure never prints as "NaN".
 */

export const MISSING = "—";

export type Tone = "up" | "down" | "flat";

/** Half a fen: anything smaller is a rounding leftover, not a gain or a loss. */
const MONEY_EPSILON = 0.005;

function finite(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

// Building a number format is far slower than using one (a master's page formats thousands of figures).
const groupedFormats = new Map<number, Intl.NumberFormat>();
function grouped(decimals: number): Intl.NumberFormat {
  let format = groupedFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    groupedFormats.set(decimals, format);
  }
  return format;
}

/** `1,234.56` with grouping; never `-0.00`. */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  if (!finite(value)) return MISSING;
  const text = grouped(decimals).format(Math.abs(value));
  const isZero = Number(text.replace(/,/g, "")) === 0;
  return value < 0 && !isZero ? `-${text}` : text;
}

/**
 * 万 / 亿 for large magnitudes (|x| ≥ 1万 → `3.52万`, ≥ 1亿 → `1.20亿`), otherwise the plain number with `small`
 * decimals (default: the same `decimals`). A value that rounds up to 10000万 is written in 亿.
 */
export function formatWan(value: number | null | undefined, decimals = 2, small = decimals): string {
  if (!finite(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  const scaled = (divisor: number, unit: string) => `${sign}${(abs / divisor).toFixed(decimals)}${unit}`;
  if (abs >= 1e8 || Number((abs / 1e4).toFixed(decimals)) >= 1e4) return scaled(1e8, "亿");
  if (abs >= 1e4 || Number(abs.toFixed(small)) >= 1e4) return scaled(1e4, "万");
  return formatNumber(value, small);
}

/** `¥1,234.56`, `-¥1,234.56`. */
export function formatYuan(yuan: number | null | undefined, decimals = 2): string {
  if (!finite(yuan)) return MISSING;
  const text = formatNumber(yuan, decimals);
  return text.startsWith("-") ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** `+¥1,234.56`, `-¥1,234.56`, and `¥0.00` for zero (for P&L). */
export function formatSignedYuan(yuan: number | null | undefined, decimals = 2): string {
  if (!finite(yuan)) return MISSING;
  const text = formatYuan(yuan, decimals);
  return pnlTone(yuan) === "up" ? `+${text}` : text;
}

/** Compact money: `¥3.52万`, `-¥1.20亿`, `¥1,234.56` below 1万 (with `small` decimals there). */
export function formatYuanWan(yuan: number | null | undefined, decimals = 2, small = decimals): string {
  if (!finite(yuan)) return MISSING;
  const text = formatWan(yuan, decimals, small);
  return text.startsWith("-") ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** Compact signed money for P&L: `+¥3.52万`, `-¥860.00`. */
export function formatSignedYuanWan(yuan: number | null | undefined, decimals = 2, small = decimals): string {
  if (!finite(yuan)) return MISSING;
  const text = formatYuanWan(yuan, decimals, small);
  return pnlTone(yuan) === "up" ? `+${text}` : text;
}

/** A ratio as a percentage: 0.1234 → `+12.34%` (signed, default) or `12.34%`. */
export function formatPercent(ratio: number | null | undefined, options: { signed?: boolean; decimals?: number } = {}): string {
  if (!finite(ratio)) return MISSING;
  const { signed = true, decimals = 2 } = options;
  const text = formatNumber(ratio * 100, decimals);
  const positive = !text.startsWith("-") && Number(text.replace(/,/g, "")) !== 0;
  return `${signed && positive ? "+" : ""}${text}%`;
}

/**
 * A share of a whole as a percentage without a sign: a win rate of 0.352 → `35.20%`, never `+35.20%` (a sign would
 * read as a return). "—" for a value that is not a share (not finite, below 0 or above 1 beyond rounding noise).
 */
export function formatRate(ratio: number | null | undefined, decimals = 2): string {
  if (!finite(ratio) || ratio < -1e-9 || ratio > 1 + 1e-9) return MISSING;
  return `${grouped(decimals).format(Math.min(1, Math.max(0, ratio)) * 100)}%`;
}

/** A share price: two decimals, three when the third is not zero (funds and bonds quote 0.001). */
export function formatQuote(price: number | null | undefined): string {
  if (!finite(price)) return MISSING;
  const three = price.toFixed(3);
  return formatNumber(price, three.endsWith("0") ? 2 : 3);
}

/** `2,000股`; `12.50万股` from 10万 up. */
export function formatShares(quantity: number | null | undefined): string {
  if (!finite(quantity)) return MISSING;
  return `${Math.abs(quantity) >= 1e5 ? formatWan(quantity) : formatNumber(quantity, 0)}股`;
}

/** Volume in shares for an axis or a legend: `8,500`, `1.23万`, `3.10亿`. */
export function formatVolume(shares: number | null | undefined): string {
  return formatWan(shares, 2, 0);
}

/** Volume on an axis: fewer decimals than the legend (`8,500`, `3.5万`, `420万`, `1.25亿`). */
export function formatVolumeAxis(shares: number | null | undefined): string {
  if (!finite(shares)) return MISSING;
  const abs = Math.abs(shares);
  return abs >= 1e8 ? formatWan(shares, 2, 0) : abs >= 1e6 ? formatWan(shares, 0, 0) : formatWan(shares, 1, 0);
}

/** Days with at most one decimal: `3天`, `2.5天`. */
export function formatDays(days: number | null | undefined): string {
  if (!finite(days)) return MISSING;
  const rounded = Math.round(days * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}天`;
}

/** Red for a gain, green for a loss, flat within half a fen (红涨绿跌). */
export function pnlTone(value: number | null | undefined): Tone {
  if (!finite(value) || Math.abs(value) < MONEY_EPSILON) return "flat";
  return value > 0 ? "up" : "down";
}

/** Direction of a price move (any non-zero difference counts). */
export function priceTone(change: number | null | undefined): Tone {
  if (!finite(change) || change === 0) return "flat";
  return change > 0 ? "up" : "down";
}

/**
 * Profit factor: `∞` when there were wins and no loss (JSON turns Infinity into null, so the counts decide when they
 * are given), `—` with neither, otherwise two decimals.
 */
export function formatProfitFactor(value: number | string | null | undefined, counts?: { wins: number; losses: number }): string {
  if (counts && counts.losses === 0) return counts.wins > 0 ? "∞" : MISSING;
  if (value === Infinity || value === "Infinity" || value === "∞") return "∞";
  return typeof value === "number" ? formatNumber(value, 2) : MISSING;
}

/** A figure that JSON carried as a number, null, or "NaN" / "Infinity" / "-Infinity" (other strings: NaN). */
export function looseNumber(value: number | string | null | undefined): number {
  if (typeof value === "number") return value;
  if (value === "Infinity" || value === "∞") return Infinity;
  if (value === "-Infinity") return -Infinity;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return NaN;
}

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}
