/**
 * The master directory (/list/god, the masters on /god): its sorts, its search text and paging (ADR 0045). Pure: the
 * query is lib/server/statements/directory.ts.
 */

export const DIRECTORY_SORTS = ["active", "pnl", "winrate", "trips", "new"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const DIRECTORY_SORT_LABELS: Record<DirectorySort, string> = {
  active: "最近交易",
  pnl: "累计盈利",
  winrate: "胜率",
  trips: "交易回合",
  new: "最新入驻",
};

/** Masters per directory page (and on /god). */
export const DIRECTORY_PAGE_SIZE = 24;

/**
 * Sorting by win rate puts the masters with at least this many closed round trips first: 1 win of 1 trip is 100%
 * but says nothing, and would otherwise head the list.
 */
export const MIN_TRIPS_FOR_WIN_RATE_SORT = 10;

/** Longest search text kept; the rest is cut (a name or a style tag is far shorter). */
export const MAX_QUERY_LENGTH = 40;

export function parseDirectorySort(value: unknown): DirectorySort {
  return typeof value === "string" && (DIRECTORY_SORTS as readonly string[]).includes(value) ? (value as DirectorySort) : "active";
}

/** The search text as the directory uses it: a single string, trimmed, inner whitespace collapsed, at most 40 characters. */
export function normaliseDirectoryQuery(value: unknown): string {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== "string") return "";
  return [...text.replace(/\s+/g, " ").trim()].slice(0, MAX_QUERY_LENGTH).join("").trim();
}

/** An ILIKE pattern matching `text` anywhere, with `\`, `%` and `_` escaped (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** /list/god's address for a page, search and sort (the default sort and page 1 are left out). */
export function directoryHref(opts: { page?: number; q?: string; sort?: DirectorySort }): string {
  const page = opts.page ?? 1;
  const params = new URLSearchParams();
  if (opts.q) params.set("q", opts.q);
  if (opts.sort && opts.sort !== "active") params.set("sort", opts.sort);
  const query = params.toString();
  return `/list/god${page > 1 ? `/${page}` : ""}${query ? `?${query}` : ""}`;
}
