import "server-only";
import { LRUCache } from "lru-cache";
import { outsideRequest } from "@/lib/server/startup-context";

interface Entry {
  version: string;
  value: Promise<unknown>;
}

/** The 200 analyses used last. */
const entries = new LRUCache<string, Entry>({ max: 200 });

/**
 * Memoises an analysis per book, disclosure date and data version (so another instance's import is noticed through the
 * version, and this instance's import clears everything at once). A failed computation is not kept.
 */
export function cachedAnalysis<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = outsideRequest(compute); // kept beyond this request: must not keep the request alive
  value.catch(() => {
    if (entries.peek(key)?.value === value) entries.delete(key);
  });
  entries.set(key, { version, value });
  return value;
}

export function invalidateAnalyses(): void {
  entries.clear();
}
