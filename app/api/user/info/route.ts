import { NextResponse } from "next/server";
import { TOKEN_COOKIE, USERINFO_COOKIE } from "@/lib/domain/site";
import { parseUserInfo, sameUserInfo } from "@/lib/domain/user-info";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import { liveSessionEnd } from "@/lib/server/auth/request-session";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * SPEC §7: the token as a query parameter or `Authorization: Bearer` (the cookie also works). When the browser's
 * login cookie is the one asking and its readable `userinfo` copy says something else (a purchase, a refund, a grant
 * or an expiry since the login), the copy is rewritten to end with the session, so the header and menu read the truth.
 */
export const GET = route({ name: "user info", auth: "visitor", session: false }, async ({ req }) => {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
  const cookieToken = req.cookies.get(TOKEN_COOKIE)?.value;
  const token = req.nextUrl.searchParams.get("token") || bearer || cookieToken;
  // A visitor who presents no token is simply not signed in: no error (browsers log a 401 to the console, and the
  // client asks on every first visit). A token that names no live session is refused.
  if (!token) return NextResponse.json({ data: null }, { headers: NO_STORE });
  const viewer = await viewerForToken(token);
  if (!viewer) {
    return NextResponse.json({ data: null, status: 401, info: { name: "请先登录" } }, { status: 401, headers: NO_STORE });
  }
  const res = NextResponse.json({ data: viewer.userInfo }, { headers: NO_STORE });
  if (token === cookieToken && !sameUserInfo(parseUserInfo(req.cookies.get(USERINFO_COOKIE)?.value), viewer.userInfo)) {
    const end = await liveSessionEnd(token);
    if (end) refreshUserInfoCookie(res, viewer.userInfo, end);
  }
  return res;
});
