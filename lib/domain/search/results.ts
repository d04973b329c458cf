import type { SearchKind, TextSegment } from "./kinds";

/** What the search data layer returns and the search components show (plain data, safe to pass as props). */

export interface SearchExtra {
  /** stocks */
  code?: string;
  exchange?: string;
  symbol?: string;
  isSynthetic?: boolean;
  /** masters */
  tags?: string[];
  /** strategies */
  status?: "live" | "paper" | "backtest";
  style?: string;
  author?: string;
  /** articles */
  articleType?: string;
  publishedAt?: string | null;
  /** members */
  avatarUrl?: string;
  joinedAt?: string;
  isDemo?: boolean;
}

export interface SearchItem {
  kind: SearchKind;
  refId: string;
  url: string;
  /** the title as text, and as highlighted segments */
  titleText: string;
  title: TextSegment[];
  snippet: TextSegment[];
  extra: SearchExtra;
  /** the article's level (0 public) */
  minLevel: number;
  /** a gated article this viewer cannot read: show a lock; the link leads to its teaser */
  locked: boolean;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  total: number;
  items: SearchItem[];
}

export interface SiteSearchResult {
  /** the normalized query */
  query: string;
  /** the tab: one kind, or null for all kinds (a few of each) */
  kind: SearchKind | null;
  totals: Record<SearchKind, number>;
  total: number;
  groups: SearchGroup[];
  page: number;
  pageSize: number;
  /** pages of the chosen kind (1 on the all-kinds tab) */
  pageCount: number;
  /** a stock code the query names (`600519`, `600519.SH`) */
  code: string | null;
}

export interface Suggestion {
  kind: SearchKind;
  title: string;
  url: string;
  /** a short second line: the stock symbol, the strategy author */
  detail?: string;
}

export interface StockMaster {
  guid: string;
  name: string;
  isDemo: boolean;
  firstDate: string;
  lastDate: string;
  buys: number;
  sells: number;
  /** the master's detail page on the last disclosed day with this stock */
  url: string;
}

export interface StockMasters {
  code: string;
  exchange: string;
  name: string;
  masters: StockMaster[];
  /** true when the viewer sees masters' trades late (the free sample): newer trades may exist */
  delayed: boolean;
}

/** `/search/{q}` with the tab and page as query string (page 1 and the all tab are left out). */
export function searchHref(query: string, opts: { kind?: SearchKind | null; page?: number } = {}): string {
  const params = new URLSearchParams();
  if (opts.kind) params.set("kind", opts.kind);
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  const qs = params.toString();
  return `${searchPath(query)}${qs ? `?${qs}` : ""}`;
}

/**
 * The path of a search: `/search/<term>`, the term trimmed to what the route accepts (1–50 characters, no control
 * characters; `/` would split the segment, and `.`/`..` are path steps, so they become spaces). `/search` when
 * nothing is left.
 */
export function searchPath(query: string): string {
  const term = Array.from(wellFormed(query).replace(/[\u0000-\u001f\u007f/\\]+/g, " ").replace(/\s+/g, " ").trim()).slice(0, 50).join("").trim();
  if (!term || /^\.+$/.test(term)) return "/search";
  return `/search/${encodeURIComponent(term)}`;
}

/** Lone surrogates (which encodeURIComponent refuses) replaced by U+FFFD; no lookbehind, for older mobile browsers. */
export function wellFormed(text: string): string {
  return Array.from(text, (cp) => (cp.length === 1 && cp >= "\ud800" && cp <= "\udfff" ? "\ufffd" : cp)).join("");
}
