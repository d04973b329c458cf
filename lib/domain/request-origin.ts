/**
 * The origin a request was sent to, as the browser saw it (ADR 0034): the scheme and Host of the request, or, behind
 * trusted reverse proxies (TRUSTED_PROXY_HOPS > 0), what the outermost of them wrote in X-Forwarded-Host and
 * X-Forwarded-Proto. Without trusted proxies those two headers are client-set and ignored, as everywhere else.
 * A browser always sends the Host of the address it fetches; a page elsewhere cannot change it, so a cross-site
 * request's Origin never equals it.
 */
export interface RequestOriginInput {
  host: string | null;
  forwardedHost: string | null;
  forwardedProto: string | null;
  trustedProxyHops: number;
}

/** A host and optional port, or a bracketed IPv6 address: nothing a URL could read as a path, user or query. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The entry the outermost trusted proxy wrote: proxies either overwrite the header or append to it. */
function trustedEntry(value: string | null, hops: number): string | null {
  if (hops <= 0 || !value) return null;
  const entries = value.split(",").map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

/** `scheme://host[:port]` of the request (lower case, default port dropped), or null when its host is unusable. */
export function requestOrigin(input: RequestOriginInput): string | null {
  const host = trustedEntry(input.forwardedHost, input.trustedProxyHops) ?? input.host?.trim() ?? "";
  if (!HOST.test(host)) return null;
  const proto = trustedEntry(input.forwardedProto, input.trustedProxyHops)?.toLowerCase() === "https" ? "https" : "http";
  try {
    const url = new URL(`${proto}://${host}`);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}
