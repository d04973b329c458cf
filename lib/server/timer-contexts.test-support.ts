import type { AsyncLocalStorage } from "node:async_hooks";

/**
 * Tests only: runs `fn` inside `request` and answers, for each timer `fn` made (awaited to the end), the request store
 * it was made in. A timer made inside a request keeps that request alive until it fires (ADR 0020).
 */
export async function storesOfTimersMade<T>(request: AsyncLocalStorage<T>, store: T, fn: () => unknown): Promise<unknown[]> {
  const madeIn: unknown[] = [];
  const realSetTimeout = global.setTimeout;
  jest.spyOn(global, "setTimeout").mockImplementation(((...args: Parameters<typeof setTimeout>) => {
    madeIn.push(request.getStore());
    return realSetTimeout(...args);
  }) as typeof setTimeout);
  try {
    await request.run(store, async () => fn());
  } finally {
    jest.restoreAllMocks();
  }
  return madeIn;
}
