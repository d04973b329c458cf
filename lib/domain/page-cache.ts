/**
 * What the page cache may keep and serve (ADR 0065): the visitor's view of the public pages, rendered once and
 * answered to every visitor until the data it shows changes. Pure; the proxy applies it (lib/page-cache).
 */
import { INVITE_COOKIE, TOKEN_COOKIE } from "./site";

/** Route names (lib/domain/routes.ts) whose visitor view is the same for every visitor. */
export const CACHED_ROUTES: ReadonlySet<string> = new Set([
  "newhome", "Home", "detail", "type", "infodeail", "info", "analysis", "rank", "loss", "strategy", "realtrade", "follow",
  "price", "disclaimer", "terms",
]);

/**
 * Request header of the proxy's own render of a page for the cache. Its value is a secret drawn per process, so no
 * outside client can ask for that render; the render answers with the same header set to "1".
 */
export const PAGE_FILL_HEADER = "x-lh-page-fill";

/**
 * Request header of a render for the cache of a members' access class (ADR 0067): the class's level id. Honoured only
 * on the proxy's own render (the fill header); the proxy removes it from every other request.
 */
export const PAGE_CLASS_HEADER = "x-lh-page-class";

/**
 * Routes whose member view depends on nothing of the member but their access class (level; logged in; not staff):
 * the personal parts of those pages (the account menu, the unread badge, an article's like) are filled in the browser.
 * A strategy's page (the member's follow) is rendered for each member, and so is a member statement's analysis: its
 * class render is refused by the page (a 404 the fill does not keep, so it is not asked again).
 */
export const MEMBER_CACHED_ROUTES: ReadonlySet<string> = new Set([
  "newhome", "Home", "rank", "loss", "strategy", "type", "info", "detail", "infodeail", "analysis", "price", "disclaimer",
  "terms",
]);

/**
 * The query parameters each cached route's page reads (its `searchParams`, its metadata's): the cache keys an address
 * on these alone, in the order and number given, and renders it without the rest, so `?utm_source=…` or a crawler's
 * one-off query string answers from the page's entry instead of making one of its own. A page that starts reading a
 * parameter adds it here (`lib/domain/page-cache.test.ts` holds the pages to this list).
 */
export const CACHED_ROUTE_QUERY: Readonly<Record<string, readonly string[]>> = {
  newhome: ["code"],
  Home: ["date", "page"],
  type: ["q", "sort"],
  rank: ["page"],
  loss: ["page"],
  analysis: ["page"],
  strategy: ["s", "sort", "dir"],
  realtrade: ["date"],
};

/** The address the cache keeps a page under: the path and the parameters its route reads (CACHED_ROUTE_QUERY). */
export function pageAddress(routeName: string, pathname: string, search: string): string {
  const read = CACHED_ROUTE_QUERY[routeName] ?? [];
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (read.includes(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Whether a members' class view of this address may be cached: a cached route, and not a strategy's own page. */
export function memberCacheable(routeName: string, search: string): boolean {
  if (!MEMBER_CACHED_ROUTES.has(routeName)) return false;
  // /quant?s={guid} is a strategy's page, with the member's follow in it (StrategyDetailView).
  return !(routeName === "strategy" && new URLSearchParams(search).has("s"));
}

/**
 * How long the proxy trusts what it learnt of a session's access class without asking the database again. Grants,
 * revoked sessions and role changes end it at once (the `viewers` version); this bounds what nothing writes: the
 * session's own expiry.
 */
export const VIEWER_CLASS_TTL_MS = 60_000;

/**
 * How long a read of the `viewers` version is trusted: it is read every 250 ms (lib/server/cache/page-stamp.ts), so a
 * longer silence means the database is slow or unreachable, and a revocation elsewhere may be unseen.
 */
export const VIEWER_STAMP_TRUST_MS = 2_000;

/** The cache key of a page as a members' access class sees it (a visitor's key is the address alone). */
export function memberPageKey(levelId: number, pathAndSearch: string): string {
  return `level:${levelId}|${pathAndSearch}`;
}

/** Response header saying how the page cache answered: `hit`, `stale` (answered while it reloads) or `miss`. */
export const PAGE_CACHE_HEADER = "x-page-cache";

/** An entry is reloaded behind the answer once it is this old, even when its data is unchanged (reading counts). */
export const PAGE_MAX_AGE_MS = 60_000;
/**
 * An entry nobody asked for this long is rendered again before it is answered: what a page says about "now" (a
 * stored video's signed address, ADR 0066) must not reach a reader hours late.
 */
export const PAGE_RETIRE_AGE_MS = 10 * 60_000;

/** What of the request decides whether the cached visitor view may answer it. */
export interface PageRequest {
  method: string;
  /** Names of the cookies the request carries. */
  cookieNames: readonly string[];
  /** Lower-case request header names. */
  headerNames: readonly string[];
  /** The Accept and Sec-Fetch-Dest headers, null when absent. */
  accept: string | null;
  fetchDest: string | null;
  search: string;
}

/** A cookie that changes what a page renders for anyone: the invitation code the sign-up form is filled with. */
const PERSONAL_COOKIES = [INVITE_COOKIE];

/**
 * Headers of requests that are not a document anyone else could be given: a bearer token, and the App Router's own
 * requests (RSC payloads of client navigations and prefetches, server actions), whose answers depend on the client's
 * state.
 */
const NOT_A_SHARED_DOCUMENT = ["authorization", "rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

/**
 * Whose page a request asks for, when the cache may answer it: a visitor's (no session cookie) or a member's (the
 * session cookie; the proxy then looks up the member's access class), or null when no cached page may answer it.
 * Next.js removes the router's own headers (RSC, Next-Router-*) and `_rsc` from the request before the proxy sees it,
 * so those checks alone let a prefetch through, and it would be answered with a document it cannot read (the browser
 * then keeps it pending). What a router fetch cannot hide: it accepts anything (`*\/*`, never text/html, which every
 * browser's and crawler's page request names) and, in browsers that say so, is not for a document.
 */
export function documentRequester(req: PageRequest): "visitor" | "member" | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.cookieNames.some((name) => PERSONAL_COOKIES.includes(name))) return null;
  if (req.headerNames.some((name) => NOT_A_SHARED_DOCUMENT.includes(name))) return null;
  if (!/\btext\/html\b/i.test(req.accept ?? "")) return null;
  if (req.fetchDest !== null && req.fetchDest !== "document") return null;
  if (/(^|[?&])_rsc=/.test(req.search.replace(/^\?/, ""))) return null;
  return req.cookieNames.includes(TOKEN_COOKIE) ? "member" : "visitor";
}

/** Whether the cached visitor view may answer this request (and a render for this request may fill the cache). */
export function isVisitorDocumentRequest(req: PageRequest): boolean {
  return documentRequester(req) === "visitor";
}

export type EntryState = "fresh" | "old" | "changed";

/**
 * An entry whose data has changed since it was rendered (another stamp) is never answered again. Nor is one rendered
 * on another day in Shanghai: what a visitor may see of the statements moves with the date (the free sample's delay).
 * One that is only old is answered while it reloads.
 */
export function entryState(entry: { stamp: string; storedAt: number }, stamp: string, now: number): EntryState {
  if (entry.stamp !== stamp || shanghaiDay(entry.storedAt) !== shanghaiDay(now)) return "changed";
  if (now - entry.storedAt >= PAGE_RETIRE_AGE_MS) return "changed";
  return now - entry.storedAt >= PAGE_MAX_AGE_MS ? "old" : "fresh";
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

function shanghaiDay(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET_MS) / 86_400_000);
}

/** The `cache_versions` tag that moves with sessions, grants and roles: what members may see, not what pages show. */
export const VIEWERS_TAG = "viewers";

/** The data versions (cache_versions) as one string: equal stamps, equal data. */
export function dataStamp(versions: Iterable<readonly [string, number | bigint]>): string {
  return [...versions].filter(([tag]) => tag !== VIEWERS_TAG).map(([tag, version]) => `${tag}:${version}`).sort().join(",");
}

/** The version of who may see what (sessions, grants, roles), or null when the database has none (before 0017). */
export function viewersVersion(versions: Iterable<readonly [string, number | bigint]>): number | null {
  for (const [tag, version] of versions) if (tag === VIEWERS_TAG) return Number(version);
  return null;
}

/**
 * How many of the latest changes to who may see what the database keeps, by user (`viewer_changes`, migration 0020,
 * which prunes to this). An instance further behind than this forgets every class it knows.
 */
export const VIEWER_CHANGES_KEPT = 10_000;

/** What the proxy knows of a session: its member, their access class, under which viewers version, until when. */
export interface KnownViewerClass {
  levelId: number;
  userId: string;
  version: number;
  validUntil: number;
}

/** What this process has read of the viewers version and of the changes behind it. */
export interface ViewerVersionRead {
  /** The version applied, or null while unknown. */
  version: number | null;
  readAt: number;
  /** Classes learnt before this version are forgotten (a change to everyone, or changes this process could not keep). */
  floor: number;
}

/**
 * Whether a known class still holds: no change to its member's sessions, grants or role since it was learnt
 * (`lastChange`, the newest such change this process has read), no change to everyone, the version read lately (a
 * version not read for a while — the database slow or unreachable — may hide a revocation), and not past the
 * record's end. A change to one member leaves every other member's class standing (ADR 0071).
 */
export function viewerClassHolds(known: KnownViewerClass, read: ViewerVersionRead, lastChange: number | undefined, now: number): boolean {
  if (read.version === null || now - read.readAt > VIEWER_STAMP_TRUST_MS) return false;
  if (known.version < read.floor || (lastChange !== undefined && lastChange > known.version)) return false;
  return now < known.validUntil;
}
