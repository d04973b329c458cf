import "server-only";
import { LRUCache } from "lru-cache";
import { cache as oncePerRequest } from "react";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { cacheVersions } from "@/lib/db/schema";
import { outsideRequest } from "@/lib/server/startup-context";

/**
 * Viewer-independent reads (the masters, a day's trades, rankings, articles, strategies, the plans) kept in this
 * process, so a public page does not query and compute them again for every visitor (ADR 0016).
 *
 * An entry is valid while the versions of its kinds of data are unchanged and for at most `MAX_AGE_MS`. The versions
 * live in `cache_versions` and are bumped by triggers in the same transaction as any write to the underlying tables
 * (migration 0008), so an import, a publication or an edit made by any instance, the CLI or psql is seen by the next
 * request, and nothing depends on a write path remembering to invalidate. Each request reads the versions once
 * (one primary-key scan of five rows). The age limit bounds what the triggers deliberately ignore: reading counts.
 * An entry that is only old (its data unchanged) is still answered while one reload runs behind it, so no visitor
 * waits for a reload that only refreshes reading counts; an entry whose data changed is never answered again.
 *
 * Keys must name everything the value depends on besides the data (the viewer's access class, the day, the
 * arguments); what differs per viewer is applied after the cached read, never inside it.
 */
export type PublicDataKind = "statements" | "market" | "articles" | "strategies" | "plans";

export const MAX_AGE_MS = 60_000;

interface Entry {
  stamp: string;
  storedAt: number;
  value: Promise<unknown>;
  /** an age reload of this entry is under way */
  reloading?: boolean;
}

/** The 1,000 entries used last; the age limit is this module's own (an old entry is answered while it reloads). */
const entries = new LRUCache<string, Entry>({ max: 1_000 });

/** Tests open several databases in one process: versions count per database. */
const databaseIds = new WeakMap<object, number>();
let databasesSeen = 0;

async function readVersions(): Promise<{ database: number; versions: ReadonlyMap<string, number> }> {
  const database = await db();
  if (!databaseIds.has(database)) databaseIds.set(database, ++databasesSeen);
  const rows = await database.select().from(cacheVersions);
  return { database: databaseIds.get(database)!, versions: new Map(rows.map((r) => [r.tag, r.version])) };
}

/** Once per server render (React's request cache); every call outside a render reads them afresh. */
const versionsOfThisRequest = oncePerRequest(readVersions);

/** The value of `load()` for this key and these kinds of data, computed once while they are unchanged. */
export async function publicData<T>(key: string, kinds: readonly PublicDataKind[], load: () => Promise<T>, now = Date.now()): Promise<T> {
  if (!config().publicDataCache) return load();
  const { database, versions } = await versionsOfThisRequest();
  const stamp = `${database}|${kinds.map((kind) => `${kind}:${versions.get(kind) ?? "?"}`).join(",")}`;
  const hit = entries.get(key);
  if (hit && hit.stamp === stamp) {
    if (now - hit.storedAt >= MAX_AGE_MS && !hit.reloading) reloadBehind(key, hit, load, now);
    return hit.value as Promise<T>;
  }
  return store(key, stamp, now, load);
}

function store<T>(key: string, stamp: string, now: number, load: () => Promise<T>): Promise<T> {
  // Shared by later requests: created outside this one, or the entry would keep this request alive (startup-context.ts).
  const value = outsideRequest(() => load().then(freezeOutsideProduction));
  entries.set(key, { stamp, storedAt: now, value });
  value.catch(() => {
    if (entries.peek(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Replaces an entry that is only old once its reload has finished; a failed reload leaves it for the next request to retry. */
function reloadBehind<T>(key: string, old: Entry, load: () => Promise<T>, now: number): void {
  old.reloading = true;
  // The whole chain outside the request: the promise stored below is made in the callback's context.
  void outsideRequest(() =>
    load().then(
      (value) => {
        if (entries.peek(key) !== old) return; // replaced meanwhile by a load for changed data: that one is newer
        entries.set(key, { stamp: old.stamp, storedAt: now, value: Promise.resolve(freezeOutsideProduction(value)) });
      },
      () => {
        old.reloading = false;
      },
    ),
  );
}

/** Empties the cache (tests; an operator's reload is a restart). */
export function forgetPublicData(): void {
  entries.clear();
}

/** A cached value is shared by every request: a caller that changes it would change it for all. Tests catch that. */
function freezeOutsideProduction<T>(value: T): T {
  if (config().nodeEnv !== "production") deepFreeze(value);
  return value;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  if (value instanceof Map || value instanceof Set || value instanceof Date || ArrayBuffer.isView(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
