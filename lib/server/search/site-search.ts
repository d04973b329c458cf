import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { searchDocuments } from "@/lib/db/schema";
import { highlight, snippet } from "@/lib/domain/search/highlight";
import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchKind } from "@/lib/domain/search/kinds";
import { parseQuery, toTsQuery, type ParsedQuery } from "@/lib/domain/search/query";
import type { SearchExtra, SearchGroup, SearchItem, SiteSearchResult, Suggestion } from "@/lib/domain/search/results";
import { canRead } from "@/lib/server/auth/entitlement";
import type { Viewer } from "@/lib/server/auth/viewer";
import { freshSearchIndex } from "./indexer";

/**
 * The site search over search_documents (README.md here). The index holds only text every visitor may read, so
 * results never depend on the viewer's level; the viewer only decides the lock badge (`locked`) shown on gated
 * articles.
 */

export type { SearchExtra, SearchGroup, SearchItem, SiteSearchResult, Suggestion } from "@/lib/domain/search/results";

export interface SiteSearchOptions {
  kind?: SearchKind | null;
  page?: number;
  pageSize?: number;
}

/** Items per kind on the all-kinds tab. */
export const ALL_TAB_ITEMS = 5;
export const MAX_PAGE_SIZE = 50;
export const SUGGESTION_LIMIT = 8;
/** Suggestions per IP: a debounced search box sends a few requests a second while typing, a scraper many more. */
export const SUGGEST_RATE = { points: 30, windowSec: 10 } as const;

function zeroTotals(): Record<SearchKind, number> {
  return Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
}

interface Ranked {
  tsq: SQL;
  rank: SQL<number>;
}

/**
 * Relevance: ts_rank over the weighted lexemes (title A > summary/tags B > body C), plus a bonus when the title is
 * the query, starts with it or contains it, and a large one for the stock whose code was typed.
 */
function ranked(q: ParsedQuery, tsQuery: string): Ranked {
  const tsq = sql`${tsQuery}::tsquery`;
  const title = sql`lower(${searchDocuments.title})`;
  const bonus = sql`case when ${title} = ${q.text} then 1.0 when starts_with(${title}, ${q.text}) then 0.5 when strpos(${title}, ${q.text}) > 0 then 0.25 else 0 end`;
  const codeBonus = q.code ? sql`case when ${searchDocuments.kind} = 'stock' and ${searchDocuments.refId} = ${q.code} then 2.0 else 0 end` : sql`0`;
  return { tsq, rank: sql<number>`(ts_rank(${searchDocuments.tsv}, ${tsq}) + ${bonus} + ${codeBonus})` };
}

const itemColumns = {
  kind: searchDocuments.kind,
  refId: searchDocuments.refId,
  title: searchDocuments.title,
  body: searchDocuments.body,
  url: searchDocuments.url,
  extra: searchDocuments.extra,
  minLevel: searchDocuments.minLevel,
};

type ItemRow = { kind: SearchKind; refId: string; title: string; body: string; url: string; extra: Record<string, unknown>; minLevel: number };

function toItem(viewer: Viewer | null, q: ParsedQuery, r: ItemRow): SearchItem {
  return {
    kind: r.kind,
    refId: r.refId,
    url: r.url,
    titleText: r.title,
    title: highlight(r.title, q.needles),
    snippet: snippet(r.body, q.needles),
    extra: r.extra as SearchExtra,
    minLevel: r.minLevel,
    locked: !canRead(viewer, r.minLevel),
  };
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

async function kindTotals(database: Database, tsq: SQL): Promise<Record<SearchKind, number>> {
  const rows = await database
    .select({ kind: searchDocuments.kind, n: sql<number>`count(*)::int` })
    .from(searchDocuments)
    .where(sql`${searchDocuments.tsv} @@ ${tsq}`)
    .groupBy(searchDocuments.kind);
  const totals = zeroTotals();
  for (const r of rows) totals[r.kind] = r.n;
  return totals;
}

/**
 * Searches masters, stocks (code, name, pinyin initials), strategies, articles and members. With a kind: that kind's
 * ranked items, paginated (`page` is clamped to the last page). Without: up to ALL_TAB_ITEMS of each kind.
 * Titles and snippets come back as highlighted segments, never HTML.
 */
export async function siteSearch(viewer: Viewer | null, query: string, opts: SiteSearchOptions = {}): Promise<SiteSearchResult> {
  const q = parseQuery(query, { prefix: true });
  const kind = opts.kind ?? null;
  const pageSize = clampInt(opts.pageSize, 1, MAX_PAGE_SIZE, 10);
  const empty: SiteSearchResult = { query: q.text, kind, totals: zeroTotals(), total: 0, groups: [], page: 1, pageSize, pageCount: 1, code: q.code };
  const tsQuery = toTsQuery(q);
  if (!tsQuery) return empty;

  const database = await db();
  await freshSearchIndex(database);
  const { tsq, rank } = ranked(q, tsQuery);
  const totals = await kindTotals(database, tsq);
  const total = Object.values(totals).reduce((a, b) => a + b, 0);

  if (kind) {
    const pageCount = Math.max(1, Math.ceil(totals[kind] / pageSize));
    const page = clampInt(opts.page, 1, pageCount, 1);
    const rows = totals[kind] === 0 ? [] : await database
      .select(itemColumns)
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, kind), sql`${searchDocuments.tsv} @@ ${tsq}`))
      .orderBy(desc(rank), sql`${searchDocuments.sortAt} desc nulls last`, asc(searchDocuments.title), asc(searchDocuments.refId))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const items = rows.map((r) => toItem(viewer, q, r));
    return { ...empty, totals, total, page, pageCount, groups: [{ kind, label: SEARCH_KIND_LABELS[kind], total: totals[kind], items }] };
  }

  const perKind = Math.min(ALL_TAB_ITEMS, pageSize);
  const numbered = database
    .select({
      ...itemColumns,
      n: sql<number>`row_number() over (partition by ${searchDocuments.kind} order by ${rank} desc, ${searchDocuments.sortAt} desc nulls last, ${searchDocuments.title}, ${searchDocuments.refId})`.as("n"),
    })
    .from(searchDocuments)
    .where(sql`${searchDocuments.tsv} @@ ${tsq}`)
    .as("numbered");
  const rows = total === 0 ? [] : await database.select().from(numbered).where(sql`${numbered.n} <= ${perKind}`).orderBy(numbered.n);
  const groups: SearchGroup[] = SEARCH_KINDS.filter((k) => totals[k] > 0).map((k) => ({
    kind: k,
    label: SEARCH_KIND_LABELS[k],
    total: totals[k],
    items: rows.filter((r) => r.kind === k).map((r) => toItem(viewer, q, r)),
  }));
  return { ...empty, totals, total, groups };
}

/**
 * Type-ahead suggestions: the best SUGGESTION_LIMIT documents of any kind (prefixes of Latin and digit words
 * match: `gzm` → 贵州茅台, `6005` → 600519). The index is public text only, so they are the same for every viewer.
 */
export async function suggest(query: string, limit = SUGGESTION_LIMIT): Promise<Suggestion[]> {
  const q = parseQuery(query, { prefix: true });
  const tsQuery = toTsQuery(q);
  if (!tsQuery) return [];
  const database = await db();
  await freshSearchIndex(database);
  const { tsq, rank } = ranked(q, tsQuery);
  const kindOrder = sql`array_position(array['stock','master','strategy','article','member']::text[], ${searchDocuments.kind}::text)`;
  const rows = await database
    .select({ kind: searchDocuments.kind, title: searchDocuments.title, url: searchDocuments.url, extra: searchDocuments.extra })
    .from(searchDocuments)
    .where(sql`${searchDocuments.tsv} @@ ${tsq}`)
    .orderBy(desc(rank), kindOrder, asc(searchDocuments.title))
    .limit(Math.min(Math.max(1, limit), SUGGESTION_LIMIT));
  return rows.map((r) => {
    const extra = r.extra as SearchExtra;
    const detail = r.kind === "stock" ? extra.symbol : r.kind === "strategy" ? extra.author : undefined;
    return detail ? { kind: r.kind, title: r.title, url: r.url, detail } : { kind: r.kind, title: r.title, url: r.url };
  });
}
