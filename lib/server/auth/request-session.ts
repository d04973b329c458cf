import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { sessions } from "@/lib/db/schema";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { hashToken } from "./tokens";
import { viewerForToken, type Viewer } from "./viewer";

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

export interface RequestLike {
  headers: Headers;
  cookies: CookieReader;
}

export interface RequestSession {
  viewer: Viewer;
  /** The session token the request carried (kept when other sessions end). */
  token: string;
  /** When the session ends; the refreshed `userinfo` cookie ends with it. */
  expiresAt: Date;
}

/** The session token of a route-handler request: the `token` cookie, else `Authorization: Bearer` (as getViewer). */
export function requestToken(req: RequestLike): string | null {
  const cookie = req.cookies.get(TOKEN_COOKIE)?.value;
  if (cookie) return cookie;
  return /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? null;
}

/** Who sent a route-handler request, with the live session it used; null for visitors and dead tokens. */
export async function sessionOfRequest(req: RequestLike): Promise<RequestSession | null> {
  const token = requestToken(req);
  const viewer = await viewerForToken(token);
  if (!viewer || !token) return null;
  const expiresAt = await liveSessionEnd(token);
  if (!expiresAt) return null;
  return { viewer, token, expiresAt };
}

/** When the live session behind a token ends; null when it is unknown, revoked or over. */
export async function liveSessionEnd(token: string): Promise<Date | null> {
  const [row] = await (await db())
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.expiresAt ?? null;
}
