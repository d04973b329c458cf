import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { config } from "@/lib/config";
import type { RouteParams } from "@/lib/domain/routes";
import { PAGE_RETIRE_AGE_MS, viewerClassHolds, type KnownViewerClass, type ViewerVersionRead } from "@/lib/domain/page-cache";
import type { ReaderSignals } from "@/lib/domain/human-reader";

/**
 * The rendered visitor pages of this process (ADR 0065). The proxy reads and fills it; lib/server keeps its data stamp
 * current (lib/server/cache/page-stamp.ts) and counts readings of the pages it answers. The proxy and the app are
 * bundled apart and share only the process, so the state hangs off `globalThis`.
 */
export interface CachedPage {
  /** The document as rendered for a visitor without cookies, with no nonce. */
  html: string;
  /** `'sha256-…'` of each inline script of `html`, for the page's policy. */
  scriptHashes: readonly string[];
  /** The data stamp when the render started: a render that overlaps a change is never answered. */
  stamp: string;
  storedAt: number;
}

/**
 * Called for every answer from the cache with the route, its params and who asked (what a render would have counted).
 */
export type HitListener = (routeName: string, params: RouteParams, request: ReaderSignals) => void;

interface PageCacheState {
  entries: LRUCache<string, CachedPage>;
  /** The data stamp, or null while unknown (before the first read, after a failed one): then nothing is answered. */
  stamp: string | null;
  /** Proves a render request came from this process's own fill. */
  readonly fillSecret: string;
  /** Keys being rendered for the cache (one render per key at a time). */
  readonly filling: Set<string>;
  /**
   * Addresses missed once lately. The cache fills on the second miss: an address asked for once (a mistyped or random
   * master id, a crawler's one-off query string) costs one render, not two.
   */
  readonly missedOnce: LRUCache<string, true>;
  hitListeners: HitListener[];
  /**
   * Keys whose render for the cache answered, for certain, with no page to keep (a 404 — also a class render a page
   * refuses, ADR 0067 — a redirect, a page that sets a cookie), with the data stamp then: not rendered for the cache
   * again under it, for at most ten minutes. A failed render (5xx, a timeout) is not remembered.
   */
  readonly refused: LRUCache<string, string>;
  /**
   * The `viewers` version (sessions, grants, roles) applied, when it was read, and the floor below which every class
   * learnt is forgotten; version null while unknown: then no member is answered from the cache.
   */
  viewerRead: ViewerVersionRead;
  /** The newest change read to each member's sessions, grants or role; one evicted raises the floor. */
  readonly viewerChanges: LRUCache<string, number>;
  /** Members' access classes as lib/server last resolved them, by the SHA-256 of the session token (ADR 0067). */
  readonly viewerClasses: LRUCache<string, KnownViewerClass>;
}

const KEY = Symbol.for("lianghua.page-cache");
/** Per entry besides its text: the hashes, the key, the LRU's own bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 2_048;

function create(): PageCacheState {
  const maxSize = Math.max(config().pageCacheBytes, 1);
  const state: PageCacheState = {
    entries: new LRUCache<string, CachedPage>({ maxSize, sizeCalculation: (page, key) => page.html.length * 2 + key.length + ENTRY_OVERHEAD_BYTES }),
    stamp: null,
    fillSecret: randomBytes(24).toString("base64url"),
    filling: new Set(),
    missedOnce: new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 }),
    hitListeners: [],
    refused: new LRUCache<string, string>({ max: 10_000, ttl: PAGE_RETIRE_AGE_MS }),
    viewerRead: { version: null, readAt: 0, floor: 0 },
    viewerChanges: new LRUCache<string, number>({
      max: 100_000,
      dispose: (version, _userId, reason) => {
        // forgetting when a member last changed forgets, to be safe, every class learnt before that
        if (reason === "evict") state.viewerRead.floor = Math.max(state.viewerRead.floor, version);
      },
    }),
    viewerClasses: new LRUCache<string, KnownViewerClass>({ max: 100_000 }),
  };
  return state;
}

export function pageCache(): PageCacheState {
  const host = globalThis as { [KEY]?: PageCacheState };
  host[KEY] ??= create();
  return host[KEY];
}

export function pageCacheEnabled(): boolean {
  return config().pageCacheBytes > 0;
}

/** The current data stamp (lib/server sets it from cache_versions); entries of any other stamp are dead. */
export function setPageDataStamp(stamp: string | null): void {
  const state = pageCache();
  if (state.stamp === stamp) return;
  state.stamp = stamp;
  // Nothing rendered under an older stamp is answered again: free the memory now rather than at the next eviction.
  for (const [key, page] of state.entries.entries()) if (page.stamp !== stamp) state.entries.delete(key);
}

/**
 * One change to who may see what, as `viewer_changes` records it: the viewers version it made and the member whose
 * sessions, grants or role changed, or null for everyone (a table emptied).
 */
export interface ViewerChange {
  version: number;
  userId: string | null;
}

/**
 * The `viewers` version just read, with the changes since the version applied before (ADR 0071): the classes of
 * the members they name end, everyone else's stand. `"everyone"` when the changes between are not known (the first
 * read, a read after the version was unknown for a while, a database restored): every class learnt before ends.
 * A null version (unreadable) trusts no class until one is read again.
 */
export function applyViewerVersion(version: number | null, changes: readonly ViewerChange[] | "everyone", readAt = Date.now()): void {
  const state = pageCache();
  state.viewerRead.readAt = readAt;
  if (version === null) {
    state.viewerRead.version = null;
    return;
  }
  if (changes === "everyone") {
    state.viewerClasses.clear();
    state.viewerChanges.clear();
    state.viewerRead.floor = Math.max(state.viewerRead.floor, version);
  } else {
    for (const change of changes) {
      if (change.userId === null) state.viewerRead.floor = Math.max(state.viewerRead.floor, change.version);
      else state.viewerChanges.set(change.userId, Math.max(state.viewerChanges.get(change.userId) ?? 0, change.version));
    }
  }
  state.viewerRead.version = version;
}

/** The session's key here: its token's SHA-256 (the proxy may not reach lib/server/auth's own, P1). */
function tokenKey(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Records a session's access class as lib/server resolved it. `version` is the viewers version applied before the
 * session was read: a change to its member that overlapped the lookup leaves the record already dead.
 */
export function rememberViewerClass(token: string, known: KnownViewerClass): void {
  if (!pageCacheEnabled()) return;
  pageCache().viewerClasses.set(tokenKey(token), known);
}

/**
 * The class header the proxy gives its own render of a members' class view: the level and this process's fill secret,
 * so no request from outside (API routes are not proxied) can ask a render for a class it does not hold.
 */
export function classRenderHeader(levelId: number): string {
  return `${levelId}.${pageCache().fillSecret}`;
}

/** Whether `value` is this process's fill secret (compared in constant time: the header comes from outside). */
export function isFillSecret(value: string | null | undefined): boolean {
  if (!value) return false;
  const given = Buffer.from(value);
  const secret = Buffer.from(pageCache().fillSecret);
  return given.length === secret.length && timingSafeEqual(given, secret);
}

/** The level of a class render's header when this process's proxy set it; null for anything else. */
export function classRenderLevel(value: string | null): number | null {
  const match = /^(\d{1,4})\.(.+)$/.exec(value ?? "");
  if (!match || !isFillSecret(match[2])) return null;
  return Number(match[1]);
}

/** The access class (level id) of the session `token`, when this process knows it and it still holds; else null. */
export function knownViewerLevel(token: string, now = Date.now()): number | null {
  const state = pageCache();
  const key = tokenKey(token);
  const known = state.viewerClasses.get(key);
  if (!known) return null;
  if (viewerClassHolds(known, state.viewerRead, state.viewerChanges.get(known.userId), now)) return known.levelId;
  state.viewerClasses.delete(key);
  return null;
}

export function onPageCacheHit(listener: HitListener): () => void {
  const state = pageCache();
  state.hitListeners.push(listener);
  return () => {
    state.hitListeners = state.hitListeners.filter((l) => l !== listener);
  };
}

/** Empties the cache (tests). */
export function forgetCachedPages(): void {
  pageCache().entries.clear();
  pageCache().missedOnce.clear();
  pageCache().viewerClasses.clear();
  pageCache().viewerChanges.clear();
  pageCache().viewerRead = { version: null, readAt: 0, floor: 0 };
  pageCache().refused.clear();
}
