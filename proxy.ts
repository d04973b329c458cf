import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { ERROR_MESSAGE_HEADER, INVITE_COOKIE, PATH_HEADER, TOKEN_COOKIE } from "@/lib/domain/site";
import { INVITE_COOKIE_DAYS } from "@/lib/domain/constants";
import { isLoginGated } from "@/lib/domain/gates";
import { loginRedirectTarget } from "@/lib/domain/return-path";
import { matchRoute } from "@/lib/domain/routes";
import { isHttpsRequest, NONCE_HEADER, nonceFromBytes, pageSecurityHeaders, stripInternalRequestHeaders } from "@/lib/domain/security-headers";
import { withDeviceCookie } from "@/lib/device/cookie";

/**
 * Routing only: the per-route validate rule (404 with the SPEC message), the real status of /error/{code},
 * and the login redirect for visitors without a token cookie. Authorization is re-checked in lib/server;
 * removing this file exposes nothing.
 * Every page answer also gets its security headers (ADR 0013): a fresh nonce per request, passed to the render in
 * the request's Content-Security-Policy header (Next.js reads the nonce from there) and in x-nonce; Next.js's
 * internal request headers sent by a client are dropped before the render sees them (P3).
 */
interface PageSecurity {
  nonce: string;
  headers: Record<string, string>;
  development: boolean;
}

function pageSecurity(req: NextRequest): PageSecurity {
  const c = appConfig();
  const nonce = nonceFromBytes(crypto.getRandomValues(new Uint8Array(16)));
  const development = c.nodeEnv === "development";
  const headers = pageSecurityHeaders({
    nonce,
    development,
    intercom: c.intercomAppId !== null,
    stripe: c.stripe !== null,
    googleAnalytics: c.gaId !== null,
    baiduTongji: c.baiduTongjiId !== null,
    apiHosts: c.apiHosts,
    https: isHttpsRequest({ siteUrl: c.siteUrl, trustedProxyHops: c.trustedProxyHops, forwardedProto: req.headers.get("x-forwarded-proto") }),
  });
  return { nonce, headers, development };
}

function forward(req: NextRequest, security: PageSecurity, extra: Record<string, string | null>): Headers {
  const headers = new Headers(req.headers);
  stripInternalRequestHeaders(headers, security.development);
  headers.set(PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  headers.delete(ERROR_MESSAGE_HEADER);
  headers.set(NONCE_HEADER, security.nonce);
  headers.set("Content-Security-Policy", security.headers["Content-Security-Policy"]!);
  for (const [k, v] of Object.entries(extra)) if (v !== null) headers.set(k, v);
  return headers;
}

function secured(res: NextResponse, security: PageSecurity): NextResponse {
  for (const [k, v] of Object.entries(security.headers)) res.headers.set(k, v);
  return res;
}

function rememberInvitation(res: NextResponse, code: string | undefined): NextResponse {
  if (code) res.cookies.set(INVITE_COOKIE, code, { maxAge: INVITE_COOKIE_DAYS * 86400, path: "/", sameSite: "lax" });
  return res;
}

/** public/ files, robots.txt, rss.xml, sitemaps, OG images, and whatever else ends in an extension: no routing. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const security = pageSecurity(req);
  // Files are not routed here, but a missing one is answered with the 404 page, which needs the nonce too. A gated
  // page's RSC addresses end in an extension as well (`.rsc`, `.segments/….segment.rsc`): a visitor's are routed,
  // to the 404 (gates.ts, ADR 0029).
  const visitorAtGate = isLoginGated(pathname) && !req.cookies.get(TOKEN_COOKIE)?.value;
  if (FILE_PATH.test(pathname) && !visitorAtGate) return secured(NextResponse.next({ request: { headers: forward(req, security, {}) } }), security);
  const match = matchRoute(pathname, search);

  if (match.status !== "ok") {
    const headers = forward(req, security, { [ERROR_MESSAGE_HEADER]: encodeURIComponent(match.message) });
    return secured(NextResponse.rewrite(new URL("/error/404", req.url), { status: 404, request: { headers } }), security);
  }

  if (visitorAtGate) {
    return secured(NextResponse.redirect(new URL(loginRedirectTarget(pathname, search), req.url)), security);
  }

  const headers = forward(req, security, {});
  if (match.name === "error") {
    return secured(NextResponse.rewrite(req.nextUrl, { status: Number(match.params.code), request: { headers } }), security);
  }
  // A page's answer carries the signed device cookie the referral reward rests on (ADR 0027).
  const res = withDeviceCookie(req, secured(NextResponse.next({ request: { headers } }), security));
  if (match.name === "recs") return rememberInvitation(res, match.params.invitationcode);
  if (match.name === "login") return rememberInvitation(res, match.params.code);
  return res;
}

// Next 16's proxy (formerly middleware.ts) always runs on Node.js, in the server's process: the policy depends on the
// runtime configuration (lib/config), read per process.
export const config = {
  // Not Next's assets, API routes or build manifests (JSON, whose bodies the proxy would otherwise buffer):
  // next.config.ts gives those the static headers.
  matcher: ["/((?!_next/|api/|builds/).*)"],
};
