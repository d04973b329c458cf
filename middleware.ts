import { NextResponse, type NextRequest } from "next/server";
import { ERROR_MESSAGE_HEADER, INVITE_COOKIE, PATH_HEADER, TOKEN_COOKIE } from "@/lib/domain/site";
import { INVITE_COOKIE_DAYS } from "@/lib/domain/constants";
import { isLoginGated } from "@/lib/domain/gates";
import { loginRedirectTarget } from "@/lib/domain/return-path";
import { matchRoute } from "@/lib/domain/routes";

/**
 * Routing only: the per-route validate rule (404 with the SPEC message), the real status of /error/{code},
 * and the login redirect for visitors without a token cookie. Authorization is re-checked in lib/server;
 * removing this file exposes nothing.
 */
function forward(req: NextRequest, extra: Record<string, string | null>): Headers {
  const headers = new Headers(req.headers);
  headers.set(PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  headers.delete(ERROR_MESSAGE_HEADER);
  for (const [k, v] of Object.entries(extra)) if (v !== null) headers.set(k, v);
  return headers;
}

function rememberInvitation(res: NextResponse, code: string | undefined): NextResponse {
  if (code) res.cookies.set(INVITE_COOKIE, code, { maxAge: INVITE_COOKIE_DAYS * 86400, path: "/", sameSite: "lax" });
  return res;
}

export function middleware(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const match = matchRoute(pathname, search);

  if (match.status !== "ok") {
    const headers = forward(req, { [ERROR_MESSAGE_HEADER]: encodeURIComponent(match.message) });
    return NextResponse.rewrite(new URL("/error/404", req.url), { status: 404, request: { headers } });
  }

  if (isLoginGated(pathname) && !req.cookies.get(TOKEN_COOKIE)?.value) {
    return NextResponse.redirect(new URL(loginRedirectTarget(pathname, search), req.url));
  }

  const headers = forward(req, {});
  if (match.name === "error") {
    return NextResponse.rewrite(req.nextUrl, { status: Number(match.params.code), request: { headers } });
  }
  const res = NextResponse.next({ request: { headers } });
  if (match.name === "recs") return rememberInvitation(res, match.params.invitationcode);
  if (match.name === "login") return rememberInvitation(res, match.params.code);
  return res;
}

export const config = {
  // Pages only: not Next's assets, API routes, build manifests or files with an extension (public/, robots.txt…).
  matcher: ["/((?!_next/|api/|builds/|.*\\.[A-Za-z0-9]+$).*)"],
};
