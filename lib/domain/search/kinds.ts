/** What the site search finds, in the order the results page shows them (PRODUCT.md /search). */
export const SEARCH_KINDS = ["master", "stock", "strategy", "article", "member"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  master: "大神",
  stock: "股票",
  strategy: "策略",
  article: "文章",
  member: "会员",
};

export function isSearchKind(value: unknown): value is SearchKind {
  return typeof value === "string" && (SEARCH_KINDS as readonly string[]).includes(value);
}

/** A highlighted run of text: `hit` runs are what matched the query (shown as <mark>). Never raw HTML. */
export interface TextSegment {
  text: string;
  hit: boolean;
}

/** Longest search term accepted anywhere (the /search/{name} route rule). */
export const MAX_QUERY_CHARS = 50;
