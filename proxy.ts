import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { ERROR_MESSAGE_HEADER, INVITE_COOKIE, PATH_HEADER, REFERER_COOKIE, TOKEN_COOKIE } from "@/lib/domain/site";
import { INVITE_COOKIE_DAYS, REFERER_COOKIE_DAYS } from "@/lib/domain/constants";
import { planReferralCookies } from "@/lib/domain/referral-params";
import { isLoginGated } from "@/lib/domain/gates";
import { loginRedirectTarget } from "@/lib/domain/return-path";
import { matchRoute } from "@/lib/domain/routes";
import { PAGE_CACHE_HEADER, PAGE_CLASS_HEADER, PAGE_FILL_HEADER } from "@/lib/domain/page-cache";
import { isHttpsRequest, NONCE_HEADER, nonceFromBytes, pageSecurityHeaders, stripInternalRequestHeaders, type ScriptTrust } from "@/lib/domain/security-headers";
import { withDeviceCookie } from "@/lib/device/cookie";
import { pageCacheDecision } from "@/lib/page-cache/serve";
import { classRenderHeader, type CachedPage } from "@/lib/page-cache/store";

/**
 * Routing only: the per-route validate rule (404 with the SPEC message), the real status of /error/{code},
 * and the login redirect for visitors without a token cookie. Authorization is re-checked in lib/server;
 * removing this file exposes nothing.
 * Every page answer also gets its security headers (ADR 0013): a fresh nonce per request, passed to the render in
 * the request's Content-Security-Policy header (Next.js reads the nonce from there) and in x-nonce; Next.js's
 * internal request headers sent by a client are dropped before the render sees them (P3).
 * A visitor's request for a public page is answered from the page cache when it holds that page, with a policy that
 * allows the cached document's inline scripts by their hashes (ADR 0065); a miss renders as usual and fills the
 * cache behind the answer, through this process's own server.
 */
interface PageSecurity {
  nonce: string;
  headers: Record<string, string>;
  development: boolean;
}

function policyHeaders(req: NextRequest, scripts: ScriptTrust): Record<string, string> {
  const c = appConfig();
  return pageSecurityHeaders({
    scripts,
    development: c.nodeEnv === "development",
    intercom: c.intercomAppId !== null,
    stripe: c.stripe !== null,
    googleAnalytics: c.gaId !== null,
    baiduTongji: c.baiduTongjiId !== null,
    apiHosts: c.apiHosts,
    https: isHttpsRequest({ siteUrl: c.siteUrl, trustedProxyHops: c.trustedProxyHops, forwardedProto: req.headers.get("x-forwarded-proto") }),
  });
}

function pageSecurity(req: NextRequest): PageSecurity {
  const nonce = nonceFromBytes(crypto.getRandomValues(new Uint8Array(16)));
  return { nonce, headers: policyHeaders(req, { nonce }), development: appConfig().nodeEnv === "development" };
}

function forward(req: NextRequest, security: PageSecurity, extra: Record<string, string | null>): Headers {
  const headers = new Headers(req.headers);
  stripInternalRequestHeaders(headers, security.development);
  headers.set(PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  headers.delete(ERROR_MESSAGE_HEADER);
  headers.delete(PAGE_FILL_HEADER);
  headers.delete(PAGE_CLASS_HEADER);
  headers.set(NONCE_HEADER, security.nonce);
  headers.set("Content-Security-Policy", security.headers["Content-Security-Policy"]!);
  for (const [k, v] of Object.entries(extra)) if (v !== null) headers.set(k, v);
  return headers;
}

function secured(res: NextResponse, security: PageSecurity): NextResponse {
  for (const [k, v] of Object.entries(security.headers)) res.headers.set(k, v);
  return res;
}

/**
 * The referral cookies of an entry (SPEC §3/§5), in the answer to the page request itself: the page's script writes
 * the same a moment later (lib/client/referral.ts), but a visitor who leaves within a second of opening an invitation
 * link would otherwise not be attributed. Documents only: a router prefetch of a link is nobody's entry.
 */
function rememberReferral(req: NextRequest, res: NextResponse): NextResponse {
  if (!/\btext\/html\b/i.test(req.headers.get("accept") ?? "")) return res;
  const c = appConfig();
  const plan = planReferralCookies({
    search: req.nextUrl.search,
    referrer: req.headers.get("referer") ?? "",
    origin: new URL(c.siteUrl).origin,
    pathname: req.nextUrl.pathname,
    hasRefererCookie: req.cookies.has(REFERER_COOKIE),
  });
  const secure = isHttpsRequest({ siteUrl: c.siteUrl, trustedProxyHops: c.trustedProxyHops, forwardedProto: req.headers.get("x-forwarded-proto") });
  if (plan.inviteCode) res.cookies.set(INVITE_COOKIE, plan.inviteCode, { maxAge: INVITE_COOKIE_DAYS * 86400, path: "/", sameSite: "lax", secure });
  if (plan.referer) res.cookies.set(REFERER_COOKIE, JSON.stringify(plan.referer), { maxAge: REFERER_COOKIE_DAYS * 86400, path: "/", sameSite: "lax", secure });
  return res;
}

function rememberInvitation(res: NextResponse, code: string | undefined): NextResponse {
  if (code) res.cookies.set(INVITE_COOKIE, code, { maxAge: INVITE_COOKIE_DAYS * 86400, path: "/", sameSite: "lax" });
  return res;
}

/** Next's own answer to an App Router document: its payload requests (same URL, other headers) are not this one. */
const DOCUMENT_VARY = "RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch";
/**
 * P4: the page at this address depends on the session (a member gets their own render), so no shared cache may keep
 * it as it is. A CDN in front keeps it only under a rule that passes requests with a session cookie (README).
 */
const PAGE_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/** The cached visitor view, with a policy allowing its inline scripts by hash (no nonce: the document never changes). */
function cachedAnswer(req: NextRequest, page: CachedPage, stale: boolean): NextResponse {
  const res = new NextResponse(req.method === "HEAD" ? null : page.html, {
    status: 200,
    headers: {
      ...policyHeaders(req, { hashes: page.scriptHashes }),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PAGE_CACHE_CONTROL,
      Vary: DOCUMENT_VARY,
      [PAGE_CACHE_HEADER]: stale ? "stale" : "hit",
    },
  });
  return withDeviceCookie(req, res);
}

/**
 * This process rendering a page for its cache: the visitor's view, or a members' access class's (ADR 0067), without
 * nonce (hashes replace it) and cookies.
 */
function renderForCache(req: NextRequest): NextResponse {
  const headers = new Headers(req.headers);
  stripInternalRequestHeaders(headers, appConfig().nodeEnv === "development");
  for (const name of ["cookie", "authorization", ERROR_MESSAGE_HEADER, NONCE_HEADER, "content-security-policy", PAGE_CLASS_HEADER]) headers.delete(name);
  const levelId = req.headers.get(PAGE_CLASS_HEADER);
  if (levelId !== null && /^\d{1,4}$/.test(levelId)) headers.set(PAGE_CLASS_HEADER, classRenderHeader(Number(levelId)));
  headers.set(PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  headers.set(PAGE_FILL_HEADER, "1");
  const res = NextResponse.next({ request: { headers } });
  res.headers.set(PAGE_FILL_HEADER, "1");
  return res;
}

/** public/ files, robots.txt, rss.xml, sitemaps, OG images, and whatever else ends in an extension: no routing. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  // Files are not routed here, but a missing one is answered with the 404 page, which needs the nonce too. A gated
  // page's RSC addresses end in an extension as well (`.rsc`, `.segments/….segment.rsc`): a visitor's are routed,
  // to the 404 (gates.ts, ADR 0029).
  const visitorAtGate = isLoginGated(pathname) && !req.cookies.get(TOKEN_COOKIE)?.value;
  if (FILE_PATH.test(pathname) && !visitorAtGate) {
    const security = pageSecurity(req);
    return secured(NextResponse.next({ request: { headers: forward(req, security, {}) } }), security);
  }
  const match = matchRoute(pathname, search);

  if (match.status !== "ok") {
    const security = pageSecurity(req);
    const headers = forward(req, security, { [ERROR_MESSAGE_HEADER]: encodeURIComponent(match.message) });
    return secured(NextResponse.rewrite(new URL("/error/404", req.url), { status: 404, request: { headers } }), security);
  }

  if (visitorAtGate) {
    const security = pageSecurity(req);
    return secured(NextResponse.redirect(new URL(loginRedirectTarget(pathname, search), req.url)), security);
  }

  const cache = pageCacheDecision(req, match);
  if (cache.kind === "hit") return rememberReferral(req, cachedAnswer(req, cache.page, cache.stale));
  if (cache.kind === "fill") return renderForCache(req);

  const security = pageSecurity(req);
  const headers = forward(req, security, {});
  if (cache.kind === "miss") security.headers[PAGE_CACHE_HEADER] = "miss";
  if (match.name === "error") {
    return secured(NextResponse.rewrite(req.nextUrl, { status: Number(match.params.code), request: { headers } }), security);
  }
  // A page's answer carries the signed device cookie the referral reward rests on (ADR 0027).
  const res = withDeviceCookie(req, secured(NextResponse.next({ request: { headers } }), security));
  if (match.name === "recs") return rememberInvitation(res, match.params.invitationcode);
  if (match.name === "login") return rememberInvitation(res, match.params.code);
  return rememberReferral(req, res);
}

// Next 16's proxy (formerly middleware.ts) always runs on Node.js, in the server's process: the policy depends on the
// runtime configuration (lib/config), read per process.
export const config = {
  // Not Next's assets, API routes or build manifests (JSON, whose bodies the proxy would otherwise buffer):
  // next.config.ts gives those the static headers.
  matcher: ["/((?!_next/|api/|builds/).*)"],
};
