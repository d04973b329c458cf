import { ARTICLE_TYPES } from "./article-types";

/** Validators for the optional route segments (SPEC §5 "per-route validate rule"). */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD` (1990–2099: the A-share era). */
export function isTradingDateString(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1990 || year > 2099 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** A positive integer written in plain digits, without leading zeros or signs. */
export function isPageIndex(value: string): boolean {
  return /^[1-9]\d{0,5}$/.test(value);
}

export function parsePageIndex(value: string | undefined): number {
  return value === undefined ? 1 : Number(value);
}

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: string): boolean {
  return GUID_RE.test(value);
}

/** Six-digit A-share code, optionally with its exchange suffix (600519, 600519.SH). */
export function isStockSymbol(value: string): boolean {
  return /^\d{6}(\.(SH|SZ|BJ))?$/i.test(value);
}

export function isInvitationCode(value: string): boolean {
  return /^[A-Za-z0-9]{4,16}$/.test(value);
}

export const CHART_TYPES = ["day", "week", "min"] as const;
export const ANALYSIS_TYPES = ["overview", "monthly", "stocks", "holding", "style", "plays", "trades"] as const;
export const ANALYSIS_FILTERS = ["win", "loss", "main", "gem", "star", "bj"] as const;
export const RANK_PERIODS = ["day", "week"] as const;
export const RANK_SHOWS = ["profit", "loss", "stocks"] as const;
/** /rank's last segment: `passed` keeps the masters whose fills all pass the 交割单体检 (docs/adr/0079). */
export const RANK_AUDITS = ["passed"] as const;
export const LIST_TYPES = ["god", "quant", ...Object.keys(ARTICLE_TYPES)] as const;
export const ERROR_CODES = ["403", "404", "500", "503"] as const;

export function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): value is T => (values as readonly string[]).includes(value);
}

export function isAnalysisFilter(value: string): boolean {
  return oneOf(ANALYSIS_FILTERS)(value) || /^(199\d|20\d\d)$/.test(value);
}

/** A search term: anything printable of 1–50 characters. */
export function isSearchTerm(value: string): boolean {
   
  return value.trim().length > 0 && [...value].length <= 50 && !/[\u0000-\u001f\u007f]/.test(value);
}

export function isNickname(value: string): boolean {
  return isSearchTerm(value) && [...value].length <= 32;
}

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, cut to `max` characters ("" when absent). */
export function firstParam(value: string | string[] | undefined, max = 64): string {
  return ((Array.isArray(value) ? value[0] : value) ?? "").slice(0, max);
}

/** The highest `?page=` a paged list accepts; anything above, like anything not a whole number ≥ 1, reads as page 1. */
export const MAX_PAGE_PARAM = 10_000;

/** `?page=N` of a paged list: a whole number from 1 to MAX_PAGE_PARAM written in plain digits, else 1. */
export function pageParam(value: string | string[] | undefined): number {
  const raw = firstParam(value, 6);
  if (!/^[1-9]\d{0,4}$/.test(raw) || raw !== firstParam(value)) return 1;
  const n = Number(raw);
  return n <= MAX_PAGE_PARAM ? n : 1;
}
