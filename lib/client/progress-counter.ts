/**
 * Counts requests that asked for the progress bar (SPEC §2: it starts when a request begins and finishes when none is
 * pending). The nprogress binding subscribes with onPendingChange and starts on 0 → 1, finishes on → 0.
 */
export interface ProgressHooks {
  start(): void;
  done(): void;
}

type PendingListener = (pending: number) => void;

let pending = 0;
const listeners = new Set<PendingListener>();

function publish(): void {
  for (const listener of listeners) listener(pending);
}

/** The hooks the request layer calls around a request that asked for progress. */
export const requestProgress: ProgressHooks = {
  start() {
    pending += 1;
    publish();
  },
  done() {
    if (pending === 0) return;
    pending -= 1;
    publish();
  },
};

export function pendingRequests(): number {
  return pending;
}

/** Calls the listener with the new pending count after every change; returns the unsubscribe function. */
export function onPendingChange(listener: PendingListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
