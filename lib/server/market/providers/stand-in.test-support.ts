import type { LocalServer } from "@/test/market-local/server";
import { MarketDataError } from "./types";

/** Backoff in milliseconds instead of seconds, so a retry test does not wait a minute. */
export const FAST_RETRIES = { minIntervalMs: 0, baseDelayMs: 5, maxDelayMs: 20, rateLimitDelayMs: 30, timeoutMs: 2_000 };

/**
 * A provider's local stand-in (test/market-local), started before the file's tests and stopped after them; each test
 * begins with no calls recorded and no faults queued. Call the answer inside a test for the running server.
 */
export function standInForTests<S extends LocalServer>(start: () => Promise<S>): () => S {
  let server: S | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    server!.calls.length = 0;
    server!.faults.length = 0;
  });
  return () => server!;
}

/** Runs `body` against a stand-in of its own (other limits, other refusals), stopped afterwards whatever happens. */
export async function withOwnStandIn<S extends LocalServer, T>(started: Promise<S>, body: (server: S) => Promise<T>): Promise<T> {
  const server = await started;
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

/** The MarketDataError a call fails with; fails the test when the call succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof MarketDataError)) throw new Error(`expected a MarketDataError, got ${String(error)}`);
  return error;
}
