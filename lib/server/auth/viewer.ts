import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import type { UserInfo } from "@/lib/domain/user-info";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import type { Role } from "@/lib/server/members/users";
import { userForToken } from "./sessions";

export interface Viewer {
  userId: string;
  role: Role;
  userInfo: UserInfo;
}

/** Resolves a token to the viewer: the one place that decides who is asking. */
export async function viewerForToken(token: string | null | undefined): Promise<Viewer | null> {
  const user = await userForToken(token);
  if (!user) return null;
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

/** The viewer of the current request (token cookie, or `Authorization: Bearer`), once per request. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const cookieToken = (await cookies()).get(TOKEN_COOKIE)?.value;
  const bearer = /^Bearer\s+(.+)$/i.exec((await headers()).get("authorization") ?? "")?.[1];
  return viewerForToken(cookieToken ?? bearer);
});
