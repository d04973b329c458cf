import { useSyncExternalStore } from "react";

/** SPEC §7: the pages' payloads are prefetched after 1 s, and not at all on a slow-2g connection. */
export const PREFETCH_DELAY_MS = 1000;

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** Whether this connection may prefetch: not slow-2g, and not when the phone asks sites to save data. */
export function connectionAllowsPrefetch(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  return connection.effectiveType !== "slow-2g" && connection.saveData !== true;
}

let allowed = false;
let started = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function startTimer(): void {
  timer = setTimeout(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    allowed = connectionAllowsPrefetch(connection);
    if (allowed) for (const notify of [...listeners]) notify();
  }, PREFETCH_DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // One timer for the whole page, counted from its load event (its images and scripts are in); after it, links
  // prefetch at once (a client-side navigation does not wait again).
  if (!allowed && !started) {
    started = true;
    if (document.readyState === "complete") startTimer();
    else window.addEventListener("load", startTimer, { once: true });
  }
  return () => listeners.delete(listener);
}

/** False until 1 s after the page's load event, then true unless the connection forbids prefetching. */
export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(subscribe, () => allowed, () => false);
}

/** Tests only: back to a page that has just loaded. */
export function resetPrefetchAfterLoadForTests(): void {
  if (timer !== null) clearTimeout(timer);
  window.removeEventListener("load", startTimer);
  timer = null;
  started = false;
  allowed = false;
  listeners.clear();
}
