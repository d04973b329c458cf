import "server-only";
import type { NextRequest } from "next/server";
import type { RouteParams } from "@/lib/domain/routes";
import { CACHED_ROUTES, documentRequester, entryState, memberCacheable, memberPageKey, PAGE_FILL_HEADER, pageAddress } from "@/lib/domain/page-cache";
import { readerSignals, type ReaderSignals } from "@/lib/domain/human-reader";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { logger } from "@/lib/server/logger";
import { fillBehind } from "./fill";
import { isFillSecret, knownViewerLevel, pageCache, pageCacheEnabled, type CachedPage } from "./store";

export type PageCacheDecision =
  /** This process rendering a page for its cache: the visitor's or a members' class view, with no nonce and no cookie. */
  | { kind: "fill" }
  /** The cached visitor view answers; `stale`: it is old and reloads behind this answer. */
  | { kind: "hit"; page: CachedPage; stale: boolean }
  /** A shared document not (validly) cached: render as usual; the cache fills behind from the second such miss. */
  | { kind: "miss" }
  /** Not a shared document of a cached route (or a member whose class this process does not know): not the cache's. */
  | { kind: "bypass" };

/** How the page cache takes part in answering `req` for the route `routeName` (ADR 0065). */
export function pageCacheDecision(req: NextRequest, route: { name: string; params: RouteParams }, now = Date.now()): PageCacheDecision {
  if (!pageCacheEnabled() || !CACHED_ROUTES.has(route.name)) return { kind: "bypass" };
  const state = pageCache();
  const fill = req.headers.get(PAGE_FILL_HEADER);
  if (isFillSecret(fill)) return { kind: "fill" };
  const requester = documentRequester({
    method: req.method,
    cookieNames: req.cookies.getAll().map((c) => c.name),
    headerNames: [...req.headers.keys()],
    accept: req.headers.get("accept"),
    fetchDest: req.headers.get("sec-fetch-dest"),
    search: req.nextUrl.search,
  });
  if (requester === null || state.stamp === null) return { kind: "bypass" };
  const address = pageAddress(route.name, req.nextUrl.pathname, req.nextUrl.search);
  let levelId: number | null = null;
  if (requester === "member") {
    if (!memberCacheable(route.name, req.nextUrl.search)) return { kind: "bypass" };
    levelId = knownViewerLevel(req.cookies.get(TOKEN_COOKIE)?.value ?? "", now);
    // A session this process has not resolved lately (or whose member is staff) gets its own render, which learns it.
    if (levelId === null) return { kind: "bypass" };
  }
  const key = levelId === null ? address : memberPageKey(levelId, address);
  const page = state.entries.get(key);
  const status = page ? entryState(page, state.stamp, now) : "changed";
  if (page && status !== "changed") {
    if (status === "old") fillBehind(key, address, levelId);
    answered(route.name, route.params, readerSignals(req.headers));
    return { kind: "hit", page, stale: status === "old" };
  }
  // An address is rendered for the cache once it is asked for again (or was cached before): see missedOnce. One whose
  // render for the cache kept nothing is not rendered for it again until the data changes.
  if (state.refused.get(key) === state.stamp) return { kind: "miss" };
  if (page || state.missedOnce.has(key)) fillBehind(key, address, levelId);
  else state.missedOnce.set(key, true);
  return { kind: "miss" };
}

/** What a render would have done for the visitor: count the reading (lib/server registers the listener). */
function answered(routeName: string, params: RouteParams, request: ReaderSignals): void {
  for (const listener of pageCache().hitListeners) {
    try {
      listener(routeName, params, request);
    } catch (err) {
      logger().warn({ route: routeName, err: (err as Error).message }, "page cache hit listener failed");
    }
  }
}
