import "server-only";
import type { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { TOKEN_COOKIE, USERINFO_COOKIE } from "@/lib/domain/site";
import type { UserInfo } from "@/lib/domain/user-info";

/**
 * `token` is HttpOnly (scripts never see it); `userinfo` is readable so the browser knows it is logged in
 * (docs/adr/0002-login-cookies.md). Both end together.
 */
export function setLoginCookies(res: NextResponse, token: string, expiresAt: Date, userInfo: UserInfo): void {
  const secure = config().siteUrl.startsWith("https://");
  res.cookies.set(TOKEN_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt });
  res.cookies.set(USERINFO_COOKIE, JSON.stringify(userInfo), { httpOnly: false, sameSite: "lax", secure, path: "/", expires: expiresAt });
}

export function clearLoginCookies(res: NextResponse): void {
  res.cookies.set(TOKEN_COOKIE, "", { path: "/", maxAge: 0 });
  res.cookies.set(USERINFO_COOKIE, "", { path: "/", maxAge: 0 });
}

/**
 * Rewrites the readable `userinfo` cookie after the member changed their profile, leaving `token` alone. With the
 * session's `expiresAt` it keeps ending together with `token`; without it, it lasts for the browser session (the
 * browser asks /api/user/info again when it is gone).
 */
export function refreshUserInfoCookie(res: NextResponse, userInfo: UserInfo, expiresAt?: Date): void {
  const secure = config().siteUrl.startsWith("https://");
  res.cookies.set(USERINFO_COOKIE, JSON.stringify(userInfo), {
    httpOnly: false,
    sameSite: "lax",
    secure,
    path: "/",
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}
