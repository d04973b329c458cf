import "server-only";
import { config } from "@/lib/config";

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
 * State-changing route handlers accept only requests from our own origin: a foreign Origin, or `null`, is
 * refused; a request without Origin must not be a cross-site fetch (Sec-Fetch-Site).
 */
export function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return origin === new URL(config().siteUrl).origin;
  const site = headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
