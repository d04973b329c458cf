import "server-only";
import { config } from "@/lib/config";
import { requestOrigin } from "@/lib/domain/request-origin";

/**
 * The client address. Next.js appends the socket address to X-Forwarded-For, so the last entry is the peer;
 * with N trusted proxies in front, the entry N places before it is the client. Earlier entries are client-set.
 */
export function clientIp(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const index = entries.length - 1 - config().trustedProxyHops;
  return entries[Math.max(0, index)] ?? "unknown";
}

/**
 * The one origin state-changing requests may come from: SITE_URL's when it is set (authoritative, whatever Host the
 * request names), else the request's own origin, so `http://localhost:PORT` and `http://127.0.0.1:PORT` both work on
 * a first run (ADR 0034). Null when neither can be told.
 */
function acceptedOrigin(headers: Headers): string | null {
  const c = config();
  if (c.siteUrlConfigured) return new URL(c.siteUrl).origin;
  return requestOrigin({
    host: headers.get("host"),
    forwardedHost: headers.get("x-forwarded-host"),
    forwardedProto: headers.get("x-forwarded-proto"),
    trustedProxyHops: c.trustedProxyHops,
  });
}

/**
 * State-changing route handlers accept only requests from our own origin: a foreign Origin, or `null`, is
 * refused; a request without Origin must not be a cross-site fetch (Sec-Fetch-Site).
 */
export function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return origin === acceptedOrigin(headers);
  const site = headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
