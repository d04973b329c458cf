import { shanghaiDate } from "./membership";

const SHANGHAI = "Asia/Shanghai";

/** `YYYY-MM-DD` in Asia/Shanghai. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  return shanghaiDate(typeof value === "string" ? new Date(value) : value);
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: SHANGHAI, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
}

/** CNY from integer fen: ¥1,234.56. */
export function formatYuanFromFen(fen: number): string {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, "0")}`;
}

/** A price tag from integer fen: whole yuan without decimals (¥68, ¥1,098), otherwise two (¥62.67). */
export function formatPrice(fen: number): string {
  const yuan = fen / 100;
  return `¥${yuan.toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(yuan) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A masked contact for lists of other people: 138****8000, tr***@example.com. */
export function maskContact(value: string): string {
  if (/^1\d{10}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  const at = value.indexOf("@");
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  return value.length <= 2 ? "*".repeat(value.length) : `${value[0]}${"*".repeat(value.length - 2)}${value.slice(-1)}`;
}

/** Parses a price typed in yuan ("68", "68.5", "68.50", "1,098") into integer fen; null when it is not one. */
export function parseYuanToFen(input: string): number | null {
  const s = input.trim().replace(/[,，\s]/g, "").replace(/^[¥￥]/, "");
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Fen as the yuan text of an input: 6800 → "68.00". */
export function fenToYuanInput(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}
