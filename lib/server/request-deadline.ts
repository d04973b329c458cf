/**
 * Request deadlines (issue 24, point 5; ADR 0048): no request's server work outlives its deadline, and none holds a
 * graceful stop up.
 *
 * Every HTTP request the server takes runs in a request context (an AsyncLocalStorage store entered where Node emits
 * `request`, so everything Next.js does for it, and every promise it makes, sees the store). The context carries an
 * AbortSignal that is aborted
 *   - when the request has run for REQUEST_DEADLINE_SECONDS (config `requestDeadlineMs`, 10 s by default), or
 *   - when the server begins to stop and the request is still running SHUTDOWN_GRACE_MS (5 s) later: a stop shortens
 *     every deadline to at most the grace, for the requests in flight and for those still taken in while draining.
 * What cancellation does:
 *   - the data layer issues no further query for it (lib/db/client.ts calls the query guard before each statement;
 *     a ROLLBACK still goes through), and on PostgreSQL the server's connections carry a `statement_timeout` equal to
 *     the deadline, so the one statement running cannot outlast it either;
 *   - long loops call `throwIfCancelled()` between steps;
 *   - the request answers 503: a failure answered after the cancellation is replaced by a self-contained 503 page, or
 *     for an API by 503 `{message}` in JSON; a client-side navigation keeps Next's payload, whose error boundary shows
 *     the 503 screen for the error's digest (RequestCancelledError, REQUEST_CANCELLED_DIGEST; app/error.tsx); when
 *     nothing has been answered a second after the cancellation (the work was waiting on something that is not a
 *     query), this module answers the 503 itself; whatever Next.js writes after a replaced answer is dropped;
 *   - the log says which request was cancelled, after how long and why.
 * Shared work (a public-data cache entry, the analysis memo: started through `outsideRequest`, in the start-up's
 * context) is no request's: one request's deadline never cancels it. It stops at the shutdown, SHUTDOWN_GRACE_MS after
 * the signal, like the requests. So does work a request left behind after it was answered (`after()`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { ERROR_SCREENS } from "@/lib/domain/error-screens";
import { REQUEST_CANCELLED_DIGEST, REQUEST_CANCELLED_MESSAGE } from "@/lib/domain/request-cancelled";

export { REQUEST_CANCELLED_DIGEST, REQUEST_CANCELLED_MESSAGE };

/** How long a request still running when the stop begins may go on (the drain limit of shutdown.ts is 25 s). */
export const SHUTDOWN_GRACE_MS = 5_000;
/** After a cancellation, how long the work has to end in an answer before this module answers 503 itself. */
export const ANSWER_AFTER_CANCEL_MS = 1_000;
const RETRY_AFTER_SECONDS = "5";

export type CancelReason = "deadline" | "shutdown";

export class RequestCancelledError extends Error {
  /** Kept by Next.js through a server render: app/error.tsx shows the 503 screen for it. */
  readonly digest = REQUEST_CANCELLED_DIGEST;
  readonly statusCode = 503;
  constructor(
    readonly request: string,
    readonly reason: CancelReason,
  ) {
    super(reason === "shutdown" ? `${request} cancelled: the server is stopping` : `${request} cancelled: past its deadline`);
    this.name = "RequestCancelledError";
  }
}

interface RequestWork {
  label: string;
  /** Answered in JSON (an API) — else a page: a full page (HTML), or the RSC payload of a client-side navigation. */
  api: boolean;
  rsc: boolean;
  controller: AbortController;
  startedAt: number;
  deadlineAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Answered (or the connection closed): later work in this context is shared work, stopped only by the shutdown. */
  finished: boolean;
  res: http.ServerResponse | null;
}

interface DeadlineState {
  requests: AsyncLocalStorage<RequestWork>;
  active: Set<RequestWork>;
  deadlineMs: number;
  graceMs: number;
  /** When the stop's grace ends (null: not stopping). */
  stopAt: number | null;
  /** Aborted when the stop's grace ends: work outside any request. */
  shared: AbortController;
  sharedTimer: ReturnType<typeof setTimeout> | null;
  log: (message: string) => void;
  uninstall: (() => void) | null;
}

// On globalThis: instrumentation and the routes are bundled apart, each with its own copy of this module.
const KEY = Symbol.for("lianghua.requestDeadlines");
const state: DeadlineState = ((globalThis as { [KEY]?: DeadlineState })[KEY] ??= {
  requests: new AsyncLocalStorage<RequestWork>(),
  active: new Set(),
  deadlineMs: 10_000,
  graceMs: SHUTDOWN_GRACE_MS,
  stopAt: null,
  shared: new AbortController(),
  sharedTimer: null,
  log: (message) => console.error(message),
  uninstall: null,
});

/** The signal the current work must stop at: its request's, or (outside a request, or after its answer) the shutdown's. */
export function currentSignal(): AbortSignal {
  const work = state.requests.getStore();
  return work && !work.finished ? work.controller.signal : state.shared.signal;
}

/** Throws RequestCancelledError (or the shutdown's reason) when the current work has been cancelled. */
export function throwIfCancelled(): void {
  const signal = currentSignal();
  if (signal.aborted) throw signal.reason;
}

export interface RequestDeadlineOptions {
  deadlineMs: number;
  graceMs?: number;
  log?: (message: string) => void;
}

/** Sets the deadlines (tests call it without installing). */
export function configureRequestDeadlines(opts: RequestDeadlineOptions): void {
  state.deadlineMs = opts.deadlineMs;
  state.graceMs = Math.min(opts.graceMs ?? SHUTDOWN_GRACE_MS, opts.deadlineMs);
  if (opts.log) state.log = opts.log;
}

/**
 * Gives every request an HTTP server of this process takes its deadline: wraps `http.Server#emit("request")` so the
 * request's handlers (Next's) run in its context. Called once at start-up, before the first request; returns the undo.
 */
export function installRequestDeadlines(opts: RequestDeadlineOptions): () => void {
  configureRequestDeadlines(opts);
  if (state.uninstall) return state.uninstall;
  type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  const proto = http.Server.prototype as unknown as { emit: Emit };
  const hadOwn = Object.prototype.hasOwnProperty.call(proto, "emit");
  const original = proto.emit;
  proto.emit = function emitWithDeadline(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return original.call(this, event, ...args);
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    return runRequest(req, res, () => original.call(this, event, ...args));
  };
  state.uninstall = () => {
    if (hadOwn) proto.emit = original;
    else delete (proto as { emit?: unknown }).emit;
    state.uninstall = null;
  };
  return state.uninstall;
}

/** Runs `handle` (the request's handlers) in a fresh request context with its deadline. */
export function runRequest<R>(req: http.IncomingMessage, res: http.ServerResponse, handle: () => R): R {
  const now = Date.now();
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const work: RequestWork = {
    label: `${req.method ?? "GET"} ${path}`,
    api: path.startsWith("/api/"),
    rsc: req.headers.rsc === "1",
    controller: new AbortController(),
    startedAt: now,
    deadlineAt: state.stopAt === null ? now + state.deadlineMs : Math.min(now + state.deadlineMs, Math.max(state.stopAt, now)),
    timer: null,
    finished: false,
    res,
  };
  state.active.add(work);
  schedule(work);
  res.once("close", () => finish(work));
  return state.requests.run(work, handle);
}

function finish(work: RequestWork): void {
  work.finished = true;
  if (work.timer) clearTimeout(work.timer);
  work.timer = null;
  work.res = null;
  state.active.delete(work);
}

function schedule(work: RequestWork): void {
  if (work.timer) clearTimeout(work.timer);
  const reason: CancelReason = state.stopAt !== null && work.deadlineAt <= state.stopAt ? "shutdown" : "deadline";
  work.timer = setTimeout(() => cancel(work, reason), Math.max(0, work.deadlineAt - Date.now()));
  work.timer.unref();
}

function cancel(work: RequestWork, reason: CancelReason): void {
  work.timer = null;
  if (work.finished || work.controller.signal.aborted) return;
  const seconds = ((Date.now() - work.startedAt) / 1000).toFixed(1);
  const why =
    reason === "shutdown"
      ? `the server is stopping (requests get ${state.graceMs / 1000} s to finish)`
      : `past its deadline of ${state.deadlineMs / 1000} s (REQUEST_DEADLINE_SECONDS)`;
  state.log(`✖ request cancelled: ${work.label} after ${seconds} s — ${why}`);
  work.controller.abort(new RequestCancelledError(work.label, reason));
  const res = work.res;
  if (!res || res.headersSent) return; // already answering (a streamed page): the signal stops its remaining work
  answerAs503(work, res);
}

/**
 * From the cancellation on, this response ends as a 503: a failure answered after it (status ≥ 500) is replaced by the
 * 503 page or, for an API, the JSON 503 (a client navigation's payload goes out as it is, with status 503), and when
 * nothing is answered within ANSWER_AFTER_CANCEL_MS the 503 goes out from here.
 */
function answerAs503(work: RequestWork, res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let replaced = false;
  const replace = () => {
    replaced = true;
    const body = work.api ? JSON.stringify({ message: REQUEST_CANCELLED_MESSAGE }) : cancelledPage();
    // the failed answer's own body headers go; the site's security headers stay
    for (const name of ["content-length", "content-type", "content-encoding", "etag", "last-modified", "cache-control", "vary"]) res.removeHeader(name);
    writeHead.call(res, 503, {
      "Content-Type": work.api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "private, no-store",
      "Retry-After": RETRY_AFTER_SECONDS,
      Connection: "close",
    });
    (end as (chunk: string) => http.ServerResponse).call(res, body);
    // whatever the cancelled work still writes goes nowhere
    const ignore = (...args: unknown[]) => {
      const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
      callback?.();
    };
    res.writeHead = ((...args: unknown[]) => (ignore(...args), res)) as typeof res.writeHead;
    res.write = ((...args: unknown[]) => (ignore(...args), true)) as typeof res.write;
    res.end = ((...args: unknown[]) => (ignore(...args), res)) as typeof res.end;
    res.setHeader = (() => res) as typeof res.setHeader;
    res.appendHeader = (() => res) as typeof res.appendHeader;
    res.removeHeader = () => {};
    res.flushHeaders = () => {};
  };
  /**
   * Called before the head goes out: true when this module answered instead. The app's error page for a failure after
   * the cancellation (a statement cancelled under it, say) would say 500: an API or a full page gets the 503 from here;
   * a client navigation keeps Next's payload (its error boundary reads the digest), as 503.
   */
  const takeOver = (status: number): boolean => {
    if (replaced) return true;
    if (res.headersSent || status < 500) return false;
    if (!work.rsc) {
      replace();
      return true;
    }
    res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
    return false;
  };
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (takeOver(status)) return res;
    return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status >= 500 && !res.headersSent ? 503 : status, ...rest);
  } as typeof res.writeHead;
  res.write = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!res.headersSent && takeOver(res.statusCode)) return true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!res.headersSent && takeOver(res.statusCode)) return res;
    return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.end;
  const late = setTimeout(() => {
    if (!res.headersSent && !res.writableEnded && !res.destroyed) replace();
  }, ANSWER_AFTER_CANCEL_MS);
  late.unref();
  res.once("close", () => clearTimeout(late));
}

function cancelledPage(): string {
  const screen = ERROR_SCREENS[503];
  return (
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${screen.pageTitle}</title></head><body style="font-family:sans-serif;text-align:center;padding:4rem 1.5rem">` +
    `<main data-error-code="503"><p style="font-size:3rem;color:#cbd5e1;margin:0">503</p><h1>${screen.title}</h1>` +
    `<p>${REQUEST_CANCELLED_MESSAGE}</p><p><a href="/">返回首页</a></p></main></body></html>`
  );
}

/**
 * The stop begins (lib/server/startup.ts, on SIGTERM/SIGINT): every request in flight, and every one still taken in,
 * must end within the grace; work outside requests is cancelled when the grace ends.
 */
export function beginStopping({ whenGraceEnds, now = Date.now() }: { whenGraceEnds?: () => void; now?: number } = {}): void {
  if (state.stopAt !== null) return;
  const stopAt = now + state.graceMs;
  state.stopAt = stopAt;
  for (const work of state.active) {
    if (work.deadlineAt > stopAt) {
      work.deadlineAt = stopAt;
      schedule(work);
    }
  }
  state.sharedTimer = setTimeout(() => {
    state.log(`✖ work outside requests cancelled: the server is stopping`);
    state.shared.abort(new RequestCancelledError("shared work", "shutdown"));
    whenGraceEnds?.();
  }, state.graceMs);
  state.sharedTimer.unref();
}

/** Requests being answered (tests, logs). */
export function requestsInFlight(): number {
  return state.active.size;
}

/** Back to the state before any stop (tests). */
export function resetRequestDeadlinesForTests(): void {
  if (state.sharedTimer) clearTimeout(state.sharedTimer);
  for (const work of state.active) finish(work);
  state.stopAt = null;
  state.sharedTimer = null;
  state.shared = new AbortController();
  state.log = (message) => console.error(message);
}
