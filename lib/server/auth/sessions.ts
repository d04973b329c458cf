import "server-only";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { sessions, users } from "@/lib/db/schema";
import { hashToken, newSessionToken } from "./tokens";
import type { UserRow } from "@/lib/server/members/users";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** What a login request tells about its device: the fingerprint hash (recorded only) and the signed device id. */
export interface SessionDevice {
  hash: string | null;
  id: string | null;
}

const NO_DEVICE: SessionDevice = { hash: null, id: null };

export async function createSession(userId: string, userAgent = "", device: SessionDevice = NO_DEVICE): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + config().sessionDays * DAY_MS);
  await (await db()).insert(sessions).values({
    userId, tokenHash: hashToken(token), expiresAt, userAgent: userAgent.slice(0, 300), deviceHash: device.hash, deviceId: device.id,
  });
  return { token, expiresAt };
}

/** The member a token belongs to, or null for an unknown, revoked or expired token. */
export async function userForToken(token: string | null | undefined): Promise<UserRow | null> {
  if (!token || token.length > 200) return null;
  const [row] = await (await db())
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.user ?? null;
}

export async function revokeSession(token: string): Promise<void> {
  // Only a live session: a second logout changes nothing (and moves no viewers version, ADR 0067).
  await (await db()).update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/**
 * Ends the session a browser carried into a new login (ASVS 7.2.4, P8): the login made a new token, so the old one,
 * whoever's it was, must not stay valid until it expires. A forged or unknown token matches no session.
 */
export async function endPreviousSession(previousToken: string | null | undefined, newToken: string): Promise<void> {
  if (!previousToken || previousToken === newToken || previousToken.length > 200) return;
  await revokeSession(previousToken);
}

/** Ends every other session of a member (after a password change), keeping the one making the change. */
export async function revokeOtherSessions(userId: string, keepToken: string | null): Promise<void> {
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  await (await db())
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep));
}
