import "server-only";
import { outsideRequest } from "@/lib/server/startup-context";

interface Entry<T> {
  version: string;
  value: Promise<T>;
}

const MAX_ENTRIES = 200;
const entries = new Map<string, Entry<unknown>>();

/**
 * Memoises an analysis per book, disclosure date and data version (so another instance's import is noticed through the
 * version, and this instance's import clears everything at once). A failed computation is not kept.
 */
export function cachedAnalysis<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const hit = entries.get(key) as Entry<T> | undefined;
  if (hit && hit.version === version) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.value;
  }
  const value = outsideRequest(compute); // kept beyond this request: must not keep the request alive
  value.catch(() => entries.delete(key));
  entries.set(key, { version, value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}

export function invalidateAnalyses(): void {
  entries.clear();
}
