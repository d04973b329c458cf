import "server-only";
import { config } from "@/lib/config";
import { clientAddressKey } from "@/lib/domain/client-address";
import { requestOrigin } from "@/lib/domain/request-origin";

/**
 * The header scripts/peer-address.cjs writes on every request the server process receives: the socket's own peer
 * address, whatever the client sent under that name. Trusted only when that script runs in this process (it says so
 * on globalThis); without it (`next dev`, a bare `next start`) no request can name its own address this way.
 */
export const PEER_HEADER = "x-lianghua-peer";
const PEER_RECORDED = Symbol.for("lianghua.peerAddressRecorded");

/** Whether this process records each request's socket peer (scripts/peer-address.cjs is loaded). */
export function peerAddressRecorded(): boolean {
  return (globalThis as { [PEER_RECORDED]?: boolean })[PEER_RECORDED] === true;
}

function socketPeer(headers: Headers): string | null {
  return peerAddressRecorded() ? headers.get(PEER_HEADER) : null;
}

/**
 * The client a per-address limit counts (docs/security.md, "Client addresses"): the socket's peer when no proxy is
 * trusted; with N trusted proxies, the N-th X-Forwarded-For entry from the right, the one the outermost trusted proxy
 * wrote. Entries left of it are the client's own words. A request with fewer entries did not come through every
 * proxy: its socket peer is all that is known. IPv6 counts by /64, every spelling alike (clientAddressKey).
 */
export function clientIp(headers: Headers): string {
  const hops = config().trustedProxyHops;
  const peer = socketPeer(headers);
  if (hops === 0) return clientAddressKey(peer) ?? "unknown";
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const written = entries.length >= hops ? entries[entries.length - hops] : peer;
  return clientAddressKey(written) ?? clientAddressKey(peer) ?? "unknown";
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
