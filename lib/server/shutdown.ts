/**
 * Graceful shutdown for `next start` (P24).
 *
 * On SIGTERM / SIGINT `next start` (node_modules/next/dist/server/lib/start-server.js) already stops accepting new
 * connections (`server.close()`), waits for the requests in flight and for `nextServer.close()` (pending `after()`
 * work), then calls `process.exit(143)` (SIGTERM) or `process.exit(130)` (SIGINT). It knows nothing of our database
 * or background work, and 143 reads as a failure to a supervisor.
 *
 * So the app adds its own listener next to Next's (never instead of it: with `NEXT_MANUAL_SIG_HANDLE` set, Next would
 * not drain the HTTP server and nothing here can reach it). On the first signal it
 *   1. stops the background work at once (the job worker with its scheduled kinds, search indexing: each finishes its
 *      current run),
 *   2. holds back Next's final `process.exit(…)` — that call is the signal that every request has been answered —
 *      for at most `drainTimeoutMs` (25 s),
 *   3. closes the database (PGlite writes its data and the data-directory lock is released on exit),
 *   4. exits once: 0 when everything finished, 1 when the requests did not drain in time or a step failed.
 * Repeated signals (a shell sends SIGINT to the whole process group, scripts/start.mjs forwards another) are ignored.
 *
 * Node's `server.close()`, which Next.js calls as it is, is not gentle enough for "finish the requests in flight":
 * - it stops listening at once, and the kernel resets the connections still waiting in the accept queue: Node
 *   accepts them only when a busy event loop gets round to it, so under load many are reset. Our listener runs
 *   before Next's (prepended) and defers the close until that queue is empty (acceptWhatArrived), then three turns;
 * - it destroys every connection it counts as idle, which includes accepted connections whose request has not been
 *   read yet and connections whose response has ended but is still being sent (closeIdleConnectionsCarefully);
 * - it keeps serving further requests on open keep-alive connections and only finishes once they have been idle for
 *   `keepAliveTimeout` (5 s), so a client or proxy that keeps its connections busy holds the shutdown up. From the
 *   signal on every response says `Connection: close`, and the keep-alive timeout drops to 0.5 s.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";

export type ShutdownSignal = "SIGTERM" | "SIGINT";

/** The part of `process` this module uses (tests pass their own). */
export interface ProcessLike {
  prependListener(event: ShutdownSignal, listener: (signal: ShutdownSignal) => void): unknown;
  removeListener(event: ShutdownSignal, listener: (signal: ShutdownSignal) => void): unknown;
  listenerCount(event: ShutdownSignal): number;
  exit: (code?: number) => never;
}

export interface GracefulShutdownOptions {
  /** Stops the background work; awaited (at most `closeTimeoutMs`) before the database closes. */
  stopBackground: () => Promise<void>;
  /** Closes the database; runs after the last request has been answered. */
  closeDatabase: () => Promise<void>;
  /** How long the requests in flight may take to finish (P24: 25 s). */
  drainTimeoutMs?: number;
  /** Time limit of each of the closing steps (background work, database). */
  closeTimeoutMs?: number;
  /** Where the accept queue cannot be read (not Linux): how long the server keeps accepting after the signal. */
  acceptGraceMs?: number;
  signals?: readonly ShutdownSignal[];
  /** `NEXT_MANUAL_SIG_HANDLE` is set (instrumentation.ts reads it): Next.js does not drain the HTTP server, so nothing is waited for. */
  manualSignalHandling?: boolean;
  proc?: ProcessLike;
  log?: (message: string) => void;
}

export interface GracefulShutdown {
  /** Removes the signal listeners (tests; a second installation replaces the first). */
  uninstall(): void;
  /** Runs the shutdown as if the signal had arrived; resolves with the exit code it passed to exit(). */
  shutdown(signal: ShutdownSignal): Promise<number>;
}

export const DRAIN_TIMEOUT_MS = 25_000;
export const CLOSE_TIMEOUT_MS = 4_000;
export const ACCEPT_GRACE_MS = 200;
/** Keep-alive timeout once closing: connections answered before the signal close after this long without traffic. */
const KEEP_ALIVE_WHILE_CLOSING_MS = 500;
/** How long the server keeps accepting, at most, to take in the connections that arrived before the signal. */
const ACCEPT_QUEUE_WAIT_MS = 3_000;
/** How long an accepted connection whose request has not been read yet may wait for the busy loop to read it. */
const UNREAD_CONNECTION_WAIT_MS = 5_000;

/** The exit codes Next.js uses after draining on a signal (128 + signal number). */
const SIGNAL_EXIT_CODES = new Set([130, 143]);

const TIMEOUT = Symbol("timeout");

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type HttpClose = (this: http.Server, callback?: (err?: Error) => void) => http.Server;

/**
 * Makes the next `http.Server#close()` (Next's, right after our listener) close gently: see the module comment.
 * Returns a function that undoes it if close() was never called.
 */
function deferNextServerClose(graceMs: number): () => void {
  const proto = http.Server.prototype as { close: HttpClose };
  const original = proto.close;
  const closeGently = (server: http.Server, callback?: (err?: Error) => void) => {
    // no further request on a kept-alive connection: each closes after the response it is answering
    server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    });
    void (async () => {
      await acceptWhatArrived(server, graceMs);
      for (let i = 0; i < 3; i++) await nextTurn(); // and read their requests
      server.keepAliveTimeout = Math.min(server.keepAliveTimeout || KEEP_ALIVE_WHILE_CLOSING_MS, KEEP_ALIVE_WHILE_CLOSING_MS);
      closeIdleConnectionsCarefully(server);
      original.call(server, callback);
    })();
    return server;
  };
  proto.close = function (this: http.Server, callback?: (err?: Error) => void) {
    proto.close = original;
    return closeGently(this, callback);
  };
  return () => {
    proto.close = original;
  };
}

/**
 * Connections waiting in the kernel's accept queue of the listening socket (Linux: rx_queue of the LISTEN entry in
 * /proc/net/tcp and tcp6); null when that cannot be read.
 */
export function acceptQueueLength(port: number, read: (file: string) => string = (f) => fs.readFileSync(f, "utf8")): number | null {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let found: number | null = null;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = read(file);
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== "0A" || !fields[1]?.endsWith(hexPort)) continue; // 0A: LISTEN
      found = (found ?? 0) + parseInt(fields[4]?.split(":")[1] ?? "0", 16);
    }
  }
  return found;
}

/**
 * Keeps listening until the connections that had already arrived are accepted. Node accepts one connection per turn
 * of its event loop, so under load dozens wait in the accept queue, and closing the listening socket resets them all
 * (the unit test "what Node's server.close() alone does to them"). Waits until that queue is empty, at most
 * ACCEPT_QUEUE_WAIT_MS (clients that keep connecting do not hold the shutdown up); where the queue cannot be read,
 * waits `graceMs`.
 */
async function acceptWhatArrived(server: http.Server, graceMs: number): Promise<void> {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : null;
  const started = Date.now();
  for (;;) {
    await nextTurn();
    const queued = port === null ? null : acceptQueueLength(port);
    if (queued === null) {
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      return;
    }
    if (queued === 0 || Date.now() - started > ACCEPT_QUEUE_WAIT_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type TrackedSocket = net.Socket & { _httpMessage?: { finished?: boolean } | null };

/**
 * `close()` calls `closeIdleConnections()`, which destroys every connection that is not answering a request. That
 * includes two kinds a graceful stop must keep:
 *   - connections accepted but whose request the busy event loop has not read yet (nothing written to them, no
 *     response). They are left open until their request is read (then answered, `Connection: close`), or destroyed
 *     after UNREAD_CONNECTION_WAIT_MS when nothing came (a pre-opened connection);
 *   - connections whose response has ended (`res.end()`) but still waits in the socket's buffer: destroying them cuts
 *     the page short. They finish sending and close after KEEP_ALIVE_WHILE_CLOSING_MS without traffic.
 * This server's `closeIdleConnections` is replaced by that. It reads the list Node keeps
 * (`Symbol(http.server.connections)`, as Node's own method does); without it Node's method stays as it is.
 */
function closeIdleConnectionsCarefully(server: http.Server): void {
  const key = Object.getOwnPropertySymbols(server).find((sym) => sym.description === "http.server.connections");
  const list = key ? (server as unknown as Record<symbol, { idle?: () => { socket?: TrackedSocket | null }[] } | undefined>)[key] : undefined;
  if (typeof list?.idle !== "function") return;
  const idle = list.idle.bind(list);
  const unread = new Map<TrackedSocket, number>();
  let watch: ReturnType<typeof setInterval> | null = null;
  const checkUnread = () => {
    for (const [socket, since] of unread) {
      if (socket.destroyed || socket._httpMessage || socket.bytesWritten > 0) unread.delete(socket);
      else if (Date.now() - since > UNREAD_CONNECTION_WAIT_MS) {
        unread.delete(socket);
        socket.destroy();
      }
    }
    if (unread.size === 0 && watch) {
      clearInterval(watch);
      watch = null;
    }
  };
  server.closeIdleConnections = () => {
    for (const { socket } of idle()) {
      if (!socket || socket.destroyed) continue;
      if (socket._httpMessage && !socket._httpMessage.finished) continue; // answering
      if (!socket._httpMessage && socket.bytesWritten === 0) {
        if (!unread.has(socket)) unread.set(socket, Date.now()); // its request is not read yet
      } else if (socket.writableLength > 0) socket.setTimeout(KEEP_ALIVE_WHILE_CLOSING_MS); // still sending
      else socket.destroy();
    }
    if (unread.size > 0 && !watch) watch = setInterval(checkUnread, 50);
  };
}

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface InstalledState {
  current: GracefulShutdown | null;
}
// One installation per process, also across the separate bundles Next builds (instrumentation and routes).
const installed: InstalledState = ((globalThis as { __lianghuaShutdown?: InstalledState }).__lianghuaShutdown ??= { current: null });

export function installGracefulShutdown(opts: GracefulShutdownOptions): GracefulShutdown {
  const proc: ProcessLike = opts.proc ?? (process as unknown as ProcessLike);
  const drainTimeoutMs = opts.drainTimeoutMs ?? DRAIN_TIMEOUT_MS;
  const closeTimeoutMs = opts.closeTimeoutMs ?? CLOSE_TIMEOUT_MS;
  const acceptGraceMs = opts.acceptGraceMs ?? ACCEPT_GRACE_MS;
  const signals = opts.signals ?? (["SIGTERM", "SIGINT"] as const);
  const manual = opts.manualSignalHandling ?? false;
  const log = opts.log ?? ((message: string) => console.log(message));
  let running: Promise<number> | null = null;

  const run = async (signal: ShutdownSignal): Promise<number> => {
    const started = Date.now();
    const realExit = proc.exit;
    // Other listeners for this signal are Next's own cleanup: it drains the HTTP server, then calls exit.
    const nextDrains = !manual && proc.listenerCount(signal) > 1;
    const undefer = nextDrains ? deferNextServerClose(acceptGraceMs) : () => {};
    let drained!: (code: number | undefined) => void;
    const drainedPromise = new Promise<number | undefined>((resolve) => (drained = resolve));
    proc.exit = ((code?: number) => {
      drained(code);
      return undefined as never;
    }) as ProcessLike["exit"];
    log(`> ${signal}: ${nextDrains ? "no new connections; finishing the requests in flight" : "closing"} (at most ${Math.round(drainTimeoutMs / 1000)} s)`);

    let failed = false;
    const background = opts.stopBackground().catch((err: unknown) => {
      failed = true;
      console.error(`background work did not stop cleanly: ${(err as Error).message}`);
    });
    if (!nextDrains) drained(undefined);

    const drainResult = await within(drainedPromise, drainTimeoutMs);
    undefer(); // when Next never called close()
    let code = 0;
    if (drainResult === TIMEOUT) {
      console.error(`✖ requests still running after ${drainTimeoutMs} ms: closing anyway`);
      failed = true;
    } else if (drainResult !== undefined && !SIGNAL_EXIT_CODES.has(drainResult)) {
      code = drainResult; // someone asked for a specific exit code while we were draining
    }
    if ((await within(background, closeTimeoutMs)) === TIMEOUT) {
      console.error(`✖ background work still running after ${closeTimeoutMs} ms`);
      failed = true;
    }
    try {
      if ((await within(opts.closeDatabase(), closeTimeoutMs)) === TIMEOUT) {
        console.error(`✖ the database did not close within ${closeTimeoutMs} ms`);
        failed = true;
      }
    } catch (err) {
      console.error(`✖ closing the database failed: ${(err as Error).message}`);
      failed = true;
    }
    if (failed && code === 0) code = 1;
    log(`> Stopped in ${Date.now() - started} ms${code === 0 ? "" : ` (exit ${code})`}`);
    proc.exit = realExit;
    realExit.call(proc, code);
    return code;
  };

  const shutdown = (signal: ShutdownSignal): Promise<number> => (running ??= run(signal));
  const listener = (signal: ShutdownSignal) => void shutdown(signal);

  installed.current?.uninstall();
  // First in line, before Next's own listener (registered when the server started listening): see deferNextServerClose.
  for (const s of signals) proc.prependListener(s, listener);
  const handle: GracefulShutdown = {
    uninstall() {
      for (const s of signals) proc.removeListener(s, listener);
      if (installed.current === handle) installed.current = null;
    },
    shutdown,
  };
  installed.current = handle;
  return handle;
}
