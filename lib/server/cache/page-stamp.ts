import "server-only";
import { and, asc, gt, lte } from "drizzle-orm";
import { db } from "@/lib/db";
import { cacheVersions, viewerChanges } from "@/lib/db/schema";
import { isPersonReading, type ReaderSignals } from "@/lib/domain/human-reader";
import { dataStamp, VIEWER_CHANGES_KEPT, viewersVersion } from "@/lib/domain/page-cache";
import type { RouteParams } from "@/lib/domain/routes";
import { applyViewerVersion, onPageCacheHit, pageCacheEnabled, setPageDataStamp, type ViewerChange } from "@/lib/page-cache/store";
import { countArticleView } from "@/lib/server/content/view-counts";
import { logger } from "@/lib/server/logger";
import { outsideRequest } from "@/lib/server/startup-context";

/**
 * Keeps the page cache's data stamp (ADR 0065) equal to `cache_versions`, which triggers bump in the same transaction
 * as any write to the data the public pages show, from any instance, the CLI or psql (ADR 0017). Read every
 * `STAMP_POLL_MS`, so a change made elsewhere reaches this instance's cached pages within that; and at once after a
 * change made through this instance's API (lib/server/http/route.ts), so its own answer is never followed by a
 * cached page from before it.
 */
export const STAMP_POLL_MS = 250;

let started = 0;
let applied = 0;
/** The viewers version whose changes this process has applied; null before the first read. */
let viewersApplied: number | null = null;

/**
 * The changes to who may see what after `since` up to `version` (ADR 0071), or "everyone" when they cannot all be
 * read: the first read, a database restored to an older version, or more changes than the table keeps.
 */
async function changesSince(since: number | null, version: number): Promise<ViewerChange[] | "everyone"> {
  if (since === null || version < since || version - since > VIEWER_CHANGES_KEPT) return "everyone";
  if (version === since) return [];
  return (await db())
    .select({ version: viewerChanges.version, userId: viewerChanges.userId })
    .from(viewerChanges)
    .where(and(gt(viewerChanges.version, since), lte(viewerChanges.version, version)))
    .orderBy(asc(viewerChanges.version));
}

export async function refreshPageStamp(): Promise<void> {
  if (!pageCacheEnabled()) return;
  const mine = ++started;
  const since = viewersApplied;
  let stamp: string | null;
  let viewers: number | null;
  let changes: ViewerChange[] | "everyone" = "everyone";
  try {
    const rows = (await (await db()).select().from(cacheVersions)).map((row) => [row.tag, row.version] as const);
    stamp = dataStamp(rows);
    viewers = viewersVersion(rows);
    if (viewers !== null) changes = await changesSince(since, viewers);
  } catch (err) {
    // Unknown data: no cached page is answered until the versions can be read again.
    stamp = null;
    viewers = null;
    logger().warn({ err: (err as Error).message }, "page cache paused: data versions not read");
  }
  // Reads finishing out of order: a later one has already set a newer stamp.
  if (mine < applied) return;
  applied = mine;
  setPageDataStamp(stamp);
  applyViewerVersion(viewers, changes);
  if (viewers !== null) viewersApplied = viewers;
}

/**
 * Counts what a render of the page would have counted (a person's reading of an article) when the cache answers
 * instead.
 */
export function countCachedReading(routeName: string, params: RouteParams, request: ReaderSignals): void {
  if (routeName === "infodeail" && params.infoguid && isPersonReading(request)) countArticleView(params.infoguid, 0);
}

/** Starts the stamp's polling (server start-up); returns its stop. */
export function startPageStamp(): () => Promise<void> {
  if (!pageCacheEnabled()) return async () => {};
  const stopCounting = onPageCacheHit(countCachedReading);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: Promise<void> = Promise.resolve();
  const tick = () => {
    last = refreshPageStamp().finally(() => {
      if (!stopped) timer = setTimeout(tick, STAMP_POLL_MS);
      timer?.unref?.();
    });
  };
  outsideRequest(tick);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stopCounting();
    await last;
    setPageDataStamp(null);
    applyViewerVersion(null, []);
  };
}
