import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { strategyApiKeys } from "@/lib/db/schema";
import { actorUserId, assertAdminRights, assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import { findStrategy } from "./find-strategy";

/**
 * Per-strategy ingest keys: `lh_sk_` + 32 random bytes (base64url). Only the SHA-256 is stored, with a short prefix
 * that identifies the key in lists; the plaintext is shown once, when it is made. A presented key is found by its
 * hash (an indexed equality lookup, so nothing is compared character by character against a secret).
 */
export const KEY_PREFIX = "lh_sk_";
const KEY_RE = /^lh_sk_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept for display: `lh_sk_` and the first 6 random characters. */
const DISPLAY_LENGTH = KEY_PREFIX.length + 6;
/** lastUsedAt is written at most this often per key, so a busy strategy does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashStrategyKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether a string has the shape of a strategy key (cheap check before any lookup). */
export function looksLikeStrategyKey(value: string): boolean {
  return KEY_RE.test(value);
}

export interface NewStrategyKey {
  id: string;
  /** the plaintext: shown once, never stored */
  key: string;
  prefix: string;
}

/** Makes a key for a strategy; null when the strategy does not exist. Administrators only (and the operator). */
export async function createStrategyKey(actor: Actor | null, strategyGuid: string, database?: Database): Promise<NewStrategyKey | null> {
  assertAdminRights(actor);
  const createdBy = actorUserId(actor);
  const d = database ?? (await db());
  if (!(await findStrategy(actor, strategyGuid, d))) return null;
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const prefix = key.slice(0, DISPLAY_LENGTH);
  const [row] = await d
    .insert(strategyApiKeys)
    .values({ strategyGuid, keyHash: hashStrategyKey(key), prefix, createdBy })
    .returning({ id: strategyApiKeys.id });
  return { id: row!.id, key, prefix };
}

/**
 * Revokes a live key; with `strategyGuid`, only a key of that strategy. False when there is no such live key
 * (unknown, already revoked, or another strategy's). Administrators only (and the operator).
 */
export async function revokeStrategyKey(actor: Actor | null, keyId: string, strategyGuid?: string, database?: Database): Promise<boolean> {
  assertAdminRights(actor);
  const d = database ?? (await db());
  const rows = await d
    .update(strategyApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(strategyApiKeys.id, keyId), isNull(strategyApiKeys.revokedAt), strategyGuid ? eq(strategyApiKeys.strategyGuid, strategyGuid) : undefined))
    .returning({ id: strategyApiKeys.id });
  return rows.length > 0;
}

export interface KeyHolder {
  keyId: string;
  strategyGuid: string;
}

/** The live key behind a bearer value, or null (malformed, unknown or revoked); notes when it was used. */
export async function keyForBearer(bearer: string | null | undefined, database?: Database): Promise<KeyHolder | null> {
  if (!bearer || !looksLikeStrategyKey(bearer)) return null;
  const d = database ?? (await db());
  const [row] = await d
    .select({ keyId: strategyApiKeys.id, strategyGuid: strategyApiKeys.strategyGuid })
    .from(strategyApiKeys)
    .where(and(eq(strategyApiKeys.keyHash, hashStrategyKey(bearer)), isNull(strategyApiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  await d
    .update(strategyApiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(strategyApiKeys.id, row.keyId),
        or(isNull(strategyApiKeys.lastUsedAt), lt(strategyApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
      ),
    );
  return row;
}

/** The strategy a bearer key belongs to, or null for a malformed, unknown or revoked key. */
export async function strategyForKey(bearer: string | null | undefined, database?: Database): Promise<string | null> {
  return (await keyForBearer(bearer, database))?.strategyGuid ?? null;
}

export interface StrategyKeyRow {
  id: string;
  prefix: string;
  createdAt: Date;
  createdBy: string | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** The keys of a strategy, live ones first, newest first; never the hash. Editors and administrators (prefixes only). */
export async function listStrategyKeys(actor: Actor, strategyGuid: string, database?: Database): Promise<StrategyKeyRow[]> {
  assertEditorRights(actor);
  const d = database ?? (await db());
  return d
    .select({
      id: strategyApiKeys.id,
      prefix: strategyApiKeys.prefix,
      createdAt: strategyApiKeys.createdAt,
      createdBy: strategyApiKeys.createdBy,
      revokedAt: strategyApiKeys.revokedAt,
      lastUsedAt: strategyApiKeys.lastUsedAt,
    })
    .from(strategyApiKeys)
    .where(eq(strategyApiKeys.strategyGuid, strategyGuid))
    .orderBy(sql`${strategyApiKeys.revokedAt} is not null`, desc(strategyApiKeys.createdAt), asc(strategyApiKeys.id));
}
