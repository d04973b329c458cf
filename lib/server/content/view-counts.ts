import "server-only";
import { logger } from "@/lib/server/logger";
import { outsideRequest } from "@/lib/server/startup-context";
import { recordArticleView } from "./articles";

/**
 * Reading counts, written behind: a reading adds to a count in memory and the counts go to the database in one
 * `UPDATE … + n` per article at most once a second (and when the server stops), instead of one write per page view
 * on the page's critical path (on PGlite that write runs on the same thread as the rendering). A crash loses at most a
 * second of counts, never an article.
 */
export const FLUSH_AFTER_MS = 1_000;
const MAX_KNOWN = 10_000;

const pending = new Map<string, number>();
/** The count the database answered at the last write, per article (newer than a cached article's). */
const known = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<void> = Promise.resolve();

/** Counts one reading of a published article; answers the count to show, this reading included. */
export function countArticleView(infoguid: string, storedViews: number): number {
  const waiting = (pending.get(infoguid) ?? 0) + 1;
  pending.set(infoguid, waiting);
  // Made outside the reading's request: the timer, and the write chain its flush extends, outlive that request.
  timer ??= outsideRequest(() => {
    const flushSoon = setTimeout(() => void flushArticleViews(), FLUSH_AFTER_MS);
    flushSoon.unref?.();
    return flushSoon;
  });
  return Math.max(storedViews, known.get(infoguid) ?? 0) + waiting;
}

/** Writes the counts gathered so far (the timer, the server's shutdown, tests). A failed write keeps its count. */
export function flushArticleViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  flushing = flushing.then(async () => {
    const batch = [...pending];
    pending.clear();
    if (known.size > MAX_KNOWN) known.clear();
    for (const [infoguid, n] of batch) {
      try {
        const views = await recordArticleView(infoguid, n);
        if (views !== null) known.set(infoguid, views);
      } catch (err) {
        pending.set(infoguid, (pending.get(infoguid) ?? 0) + n);
        logger().warn({ infoguid, views: n, err: (err as Error).message }, "reading counts not written; kept for the next try");
      }
    }
  });
  return flushing;
}

export function pendingArticleViews(infoguid: string): number {
  return pending.get(infoguid) ?? 0;
}
