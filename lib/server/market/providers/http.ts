import "server-only";
import { MarketDataError } from "@/lib/server/market/providers/types";
import { logger } from "@/lib/server/logger";

/** How a provider's client talks to its API: timeouts, spacing for the rate limit, retries. */
export interface RequestPolicy {
  /** one request's time limit */
  timeoutMs: number;
  /** the least time between two requests to the same API from this process (the provider's per-minute limit) */
  minIntervalMs: number;
  /** attempts in all, the first included */
  attempts: number;
  /** the first retry waits about this long, doubling each time, with jitter */
  baseDelayMs: number;
  maxDelayMs: number;
  /** the least wait after a rate-limit answer (the provider counts calls per minute) */
  rateLimitDelayMs: number;
}

/**
 * Spaces requests to one API so a sync stays under its per-minute limit; shared by every client of that API in the
 * process (the CLI's sync and a queued job may run together).
 */
class Pacer {
  private next = 0;

  async wait(intervalMs: number, signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + intervalMs;
    if (at > now) await sleep(at - now, signal);
  }
}

const pacers = new Map<string, Pacer>();

export function pacerFor(key: string): Pacer {
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = new Pacer()));
  return pacer;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted.", "AbortError");
}

/** the wait before attempt `attempt + 1` (attempt counts from 1): exponential, capped, with half of it random */
export function backoffDelay(policy: RequestPolicy, attempt: number, error: MarketDataError, random = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  return error.kind === "rate_limit" ? Math.max(policy.rateLimitDelayMs, jittered) : jittered;
}

/**
 * Runs `request` until it succeeds, fails with an error that is not retryable, or runs out of attempts. Every
 * attempt waits its turn at the pacer. The caller's abort stops waiting at once.
 */
export async function withRetries<T>(
  what: { provider: string; call: string; pacer: Pacer },
  policy: RequestPolicy,
  request: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await what.pacer.wait(policy.minIntervalMs, signal);
    try {
      return await withTimeout(policy.timeoutMs, signal, request, what);
    } catch (error) {
      if (!(error instanceof MarketDataError) || !error.retryable || attempt >= policy.attempts || signal?.aborted) throw error;
      const delay = backoffDelay(policy, attempt, error);
      logger().warn({ provider: what.provider, call: what.call, attempt, kind: error.kind, delayMs: Math.round(delay) }, `market data: ${error.message}; retrying`);
      await sleep(delay, signal);
    }
  }
}

async function withTimeout<T>(
  timeoutMs: number,
  outer: AbortSignal | undefined,
  request: (signal: AbortSignal) => Promise<T>,
  what: { provider: string; call: string },
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", forward, { once: true });
  try {
    return await request(controller.signal);
  } catch (error) {
    if (timedOut) throw new MarketDataError("network", `${what.provider} ${what.call}: no answer within ${timeoutMs / 1000} s`, true);
    if (outer?.aborted) throw error;
    if (error instanceof MarketDataError) throw error;
    throw new MarketDataError("network", `${what.provider} ${what.call}: ${networkReason(error)}`, true);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}

function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : error.message;
}

/** The JSON body of an answer; a status that is not 2xx becomes the MarketDataError its class deserves. */
export async function readJson(response: Response, what: { provider: string; call: string }): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) {
    const excerpt = text.replace(/\s+/g, " ").slice(0, 200);
    const message = `${what.provider} ${what.call}: HTTP ${response.status}${excerpt ? ` ${excerpt}` : ""}`;
    if (response.status === 429) throw new MarketDataError("rate_limit", message, true);
    if (response.status >= 500) throw new MarketDataError("server", message, true);
    if (response.status === 401) throw new MarketDataError("auth", message, false);
    if (response.status === 403) throw new MarketDataError("permission", message, false);
    throw new MarketDataError("bad_request", message, false);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MarketDataError("bad_response", `${what.provider} ${what.call}: the answer is not JSON: ${text.slice(0, 120)}`, true);
  }
}

/** A code that is not six digits (a 港股通 code, a typo) cannot be asked for: say so instead of throwing a RangeError. */
export function requireSixDigits(codes: readonly string[], call: string): void {
  const wrong = codes.filter((code) => !/^\d{6}$/.test(code));
  if (wrong.length > 0) throw new MarketDataError("bad_request", `${call}: not A-share codes: ${wrong.slice(0, 5).join(", ")}`, false);
}
