import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

type Runner = <R>(fn: () => R) => R;
// On globalThis: instrumentation and the routes are bundled apart, each with its own copy of this module.
const KEY = Symbol.for("lianghua.startupContext");
const holder = globalThis as typeof globalThis & { [KEY]?: Runner };

/** Called once at server start-up, outside any request: remembers that async context. */
export function rememberStartupContext(): void {
  holder[KEY] ??= AsyncLocalStorage.snapshot();
}

/**
 * Runs `fn` in the start-up's async context instead of the current request's, for work whose result outlives the
 * request (a shared cache entry). A promise keeps the async context it was created in, and a request's context keeps
 * the request, its response and the work queued around it alive: under load that held thousands of finished requests
 * and made every major GC long. Where start-up did not run (tests, the CLI) `fn` runs as it is.
 */
export function outsideRequest<R>(fn: () => R): R {
  const run = holder[KEY];
  return run ? run(fn) : fn();
}
