/**
 * Build updates of SPEC §4/§7: /builds/latest.json is polled every BUILD_POLL_MS; when its id differs from the
 * running build an update is pending and the next navigation reloads the page. A chunk of an older build that can no
 * longer be loaded reloads the page at once, at most once per build (sessionStorage guard against reload loops).
 */
import { BUILD_POLL_MS } from "@/lib/domain/constants";
import { isChunkLoadError } from "@/lib/domain/error-report";

export const LATEST_BUILD_PATH = "/builds/latest.json";
const RELOAD_GUARD_KEY = "lh_chunk_reload_build";

export type ManifestFetch = (url: string, init: RequestInit) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export interface BuildPollerDeps {
  fetch?: ManifestFetch;
  now?: () => number;
}

export interface ReloadDeps {
  reload?: () => void;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
}

let updatePending = false;

export function isUpdatePending(): boolean {
  return updatePending;
}

export function shouldReloadOnNavigation(): boolean {
  return updatePending;
}

/** Fetches the manifest once; marks the update pending when it names another build. Failures are ignored. */
export async function checkForUpdate(buildId: string, deps: BuildPollerDeps = {}): Promise<boolean> {
  const fetchManifest = deps.fetch ?? ((url, init) => fetch(url, init));
  const now = deps.now ?? Date.now;
  try {
    const response = await fetchManifest(`${LATEST_BUILD_PATH}?t=${now()}`, { cache: "no-store" });
    if (!response.ok) return updatePending;
    const manifest = await response.json();
    const id = typeof manifest === "object" && manifest !== null ? (manifest as { id?: unknown }).id : undefined;
    if (typeof id === "string" && id !== "" && id !== buildId) updatePending = true;
  } catch {
    // Offline or a deploy in progress: try again at the next tick.
  }
  return updatePending;
}

/** Polls until an update is found or the returned stop function is called. */
export function startBuildPoller(config: { buildId: string }, deps: BuildPollerDeps = {}): () => void {
  if (!config.buildId) return () => {};
  const timer = setInterval(() => {
    if (updatePending) {
      clearInterval(timer);
      return;
    }
    if (document.visibilityState === "hidden") return;
    void checkForUpdate(config.buildId, deps);
  }, BUILD_POLL_MS);
  return () => clearInterval(timer);
}

/** Call after a client-side navigation: reloads the new URL when an update is pending. */
export function reloadIfUpdatePending(reload: () => void = () => window.location.reload()): boolean {
  if (!updatePending) return false;
  reload();
  return true;
}

/** Reloads once per running build; false when this build already reloaded (or storage is unavailable). */
export function reloadAfterChunkError(buildId: string, deps: ReloadDeps = {}): boolean {
  const storage = deps.storage === undefined ? sessionStorageOrNull() : deps.storage;
  const reload = deps.reload ?? (() => window.location.reload());
  if (!storage) return false;
  try {
    if (storage.getItem(RELOAD_GUARD_KEY) === buildId) return false;
    storage.setItem(RELOAD_GUARD_KEY, buildId);
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Watches for chunk-load failures (script errors, rejected dynamic imports, failed /_next/static scripts). */
export function installChunkErrorReload(config: { buildId: string }, deps: ReloadDeps = {}): () => void {
  const onError = (event: Event) => {
    const target = event.target;
    const failedChunk = target instanceof HTMLScriptElement
      ? target.src.includes("/_next/static/")
      : isChunkLoadError(messageOf((event as ErrorEvent).error) || (event as ErrorEvent).message || "");
    if (failedChunk) reloadAfterChunkError(config.buildId, deps);
  };
  const onRejection = (event: Event) => {
    if (isChunkLoadError(messageOf((event as PromiseRejectionEvent).reason))) reloadAfterChunkError(config.buildId, deps);
  };
  window.addEventListener("error", onError, true);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError, true);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return typeof reason === "string" ? reason : "";
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
