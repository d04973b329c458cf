import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { levelById } from "@/lib/domain/levels";
import { PAGE_CLASS_HEADER, VIEWER_CLASS_TTL_MS } from "@/lib/domain/page-cache";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import type { UserInfo } from "@/lib/domain/user-info";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import type { Role } from "@/lib/server/members/users";
import { classRenderLevel, pageCache, rememberViewerClass } from "@/lib/page-cache/store";
import { userForToken } from "./sessions";

export interface Viewer {
  userId: string;
  role: Role;
  userInfo: UserInfo;
  /**
   * Set on the render of a members' access class for the page cache (ADR 0067): no member in particular, so no
   * nickname, avatar or own state; the browser fills the personal parts.
   */
  accessClassOnly?: true;
}

/** The user id of an access class's render: a valid UUID no member has (ids are random v4). */
export const ACCESS_CLASS_USER_ID = "00000000-0000-0000-0000-000000000000";

interface ResolvedViewer {
  viewer: Viewer;
  /** When the member's level changes by itself (a grant running out), or null at the free level. */
  levelEndsAt: Date | null;
}

async function resolveToken(token: string | null | undefined): Promise<ResolvedViewer | null> {
  const user = await userForToken(token);
  if (!user) return null;
  const membership = await membershipOf(user.id);
  return { viewer: { userId: user.id, role: user.role, userInfo: toUserInfo(user, membership) }, levelEndsAt: membership.endsAt };
}

/** Resolves a token to the viewer: the one place that decides who is asking. */
export async function viewerForToken(token: string | null | undefined): Promise<Viewer | null> {
  return (await resolveToken(token))?.viewer ?? null;
}

/** The viewer of a members' access class render: any member of that level, none in particular. */
export function accessClassViewer(levelId: number): Viewer {
  const level = levelById(levelId);
  if (!level) throw new Error(`no membership level ${levelId} for an access class render`);
  return {
    userId: ACCESS_CLASS_USER_ID,
    role: "member",
    accessClassOnly: true,
    userInfo: {
      nickName: "", avatar: "", mobile: "", email: "", invitationCode: "", levelEndDate: "",
      levelName: level.levelName, levelId: level.levelId, levelCode: level.levelCode, uguid: "",
    },
  };
}

/**
 * The viewer of the current request (token cookie, or `Authorization: Bearer`), once per request. A member's session
 * resolved from the cookie also tells the page cache the member's access class (ADR 0067), under the viewers version
 * applied before the lookup, so a grant, logout or role change of that member that overlaps it leaves the record
 * already dead (ADR 0071).
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const requestHeaders = await headers();
  const classLevel = classRenderLevel(requestHeaders.get(PAGE_CLASS_HEADER));
  if (classLevel !== null) return accessClassViewer(classLevel);
  const cookieToken = (await cookies()).get(TOKEN_COOKIE)?.value;
  const bearer = /^Bearer\s+(.+)$/i.exec(requestHeaders.get("authorization") ?? "")?.[1];
  const token = cookieToken ?? bearer;
  const viewersVersion = pageCache().viewerRead.version;
  const resolved = await resolveToken(token);
  if (resolved && cookieToken && viewersVersion !== null && resolved.viewer.role === "member") {
    const now = Date.now();
    const levelEnd = resolved.levelEndsAt?.getTime() ?? Number.POSITIVE_INFINITY;
    rememberViewerClass(cookieToken, {
      levelId: resolved.viewer.userInfo.levelId,
      userId: resolved.viewer.userId,
      version: viewersVersion,
      validUntil: Math.min(now + VIEWER_CLASS_TTL_MS, levelEnd),
    });
  }
  return resolved?.viewer ?? null;
});
