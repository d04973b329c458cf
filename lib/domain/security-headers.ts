/**
 * The security headers of every response (ADR 0013). Pure: the proxy (proxy.ts) passes in the nonce, what is
 * configured and whether the request came over HTTPS; next.config.ts takes the static part for responses it skips.
 */
import { base64FromBytes } from "./bytes";

/** Request header the proxy sets to the page's nonce (always overwritten, never trusted from the client). */
export const NONCE_HEADER = "x-nonce";

/** Third-party services whose hosts the policy allows only when the site is configured to use them. */
export interface CspServices {
  /** INTERCOM_APP_ID is set: the chat widget loads from Intercom. */
  intercom: boolean;
  /** The Stripe keys are set (config().stripe): Stripe.js and its frames on /stripePay. */
  stripe: boolean;
  /** GA_ID is set: gtag.js from Google Tag Manager, beacons to Google Analytics. */
  googleAnalytics: boolean;
  /** BAIDU_TONGJI_ID is set: hm.js and its beacons. */
  baiduTongji: boolean;
  /** API_HOSTS: origins the browser's request layer calls (connect-src). */
  apiHosts: readonly string[];
}

/**
 * How the page's own scripts are allowed: by this request's nonce (a page rendered for one viewer), or, on a page
 * rendered once and served from the page cache (ADR 0065), by the hashes of its inline scripts with its files allowed
 * as 'self'. Never 'unsafe-inline'.
 */
export type ScriptTrust = { nonce: string } | { hashes: readonly string[] };

export interface CspOptions extends CspServices {
  scripts: ScriptTrust;
  /** `next dev`: React needs eval for its debugging stacks. Never in production. */
  development: boolean;
}

type Directive =
  | "default-src" | "script-src" | "style-src" | "img-src" | "font-src" | "connect-src" | "media-src" | "worker-src"
  | "frame-src" | "object-src" | "base-uri" | "form-action" | "frame-ancestors";

/**
 * Hosts per service and directive. Only modern browsers matter for script-src (they honour 'strict-dynamic', which
 * makes host lists there ignored); the hosts stay for CSP2 browsers. Sources: Intercom's "Using Intercom with Content
 * Security Policy", Stripe's security guide, Google's "Use CSP with Google Analytics", Baidu Tongji's hm.js.
 */
const INTERCOM: Partial<Record<Directive, readonly string[]>> = {
  "script-src": ["https://app.intercom.io", "https://widget.intercom.io", "https://js.intercomcdn.com"],
  "connect-src": [
    "https://*.intercom.io", "wss://*.intercom.io", "https://*.intercom-messenger.com", "wss://*.intercom-messenger.com",
    "https://*.intercomcdn.com", "https://*.intercomcdn.eu", "https://*.intercomusercontent.com",
  ],
  "img-src": [
    "https://*.intercomcdn.com", "https://*.intercomcdn.eu", "https://*.intercomassets.com", "https://*.intercomassets.eu",
    "https://*.intercomusercontent.com", "https://*.intercom.io",
  ],
  "font-src": ["https://js.intercomcdn.com", "https://fonts.intercomcdn.com"],
  "media-src": ["https://js.intercomcdn.com", "https://*.intercomcdn.com", "https://*.intercomcdn.eu"],
  "frame-src": ["https://intercom-sheets.com", "https://www.intercom-reporting.com", "https://www.youtube.com", "https://player.vimeo.com", "https://fast.wistia.net"],
  "form-action": ["https://intercom.help", "https://api-iam.intercom.io", "https://api-iam.eu.intercom.io", "https://api-iam.au.intercom.io"],
};

const STRIPE: Partial<Record<Directive, readonly string[]>> = {
  "script-src": ["https://js.stripe.com", "https://*.js.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
};

const GOOGLE_ANALYTICS: Partial<Record<Directive, readonly string[]>> = {
  "script-src": ["https://*.googletagmanager.com"],
  "img-src": ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  "connect-src": ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
};

const BAIDU_TONGJI: Partial<Record<Directive, readonly string[]>> = {
  "script-src": ["https://hm.baidu.com", "https://hmcdn.baidu.com"],
  "img-src": ["https://hm.baidu.com"],
  "connect-src": ["https://hm.baidu.com"],
};

/** Every third-party host the policy can name: tests check that none appears unless its service is configured. */
export const THIRD_PARTY_HOSTS = {
  intercom: INTERCOM,
  stripe: STRIPE,
  googleAnalytics: GOOGLE_ANALYTICS,
  baiduTongji: BAIDU_TONGJI,
} as const;

/** An API_HOSTS entry as a CSP source: the http(s) origin, or nothing when it is not one (no injection via `;`). */
export function connectSourceOf(host: string): string | null {
  try {
    const url = new URL(host);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

const NONCE_RE = /^[A-Za-z0-9+/_-]{22,}={0,2}$/;
const HASH_RE = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/**
 * script-src's own sources. A nonce: only scripts carrying it, and what they load ('strict-dynamic'). Hashes: each
 * inline script of the cached document by its SHA-256, the build's files from this origin, and whatever a configured
 * service's hosts serve (no 'strict-dynamic': it would make browsers ignore 'self' for the document's own files).
 */
function scriptSources(scripts: ScriptTrust, development: boolean): string[] {
  const dev = development ? ["'unsafe-eval'"] : [];
  if ("nonce" in scripts) {
    if (!NONCE_RE.test(scripts.nonce)) throw new Error("CSP nonce must be base64 of at least 16 bytes");
    return ["'self'", `'nonce-${scripts.nonce}'`, "'strict-dynamic'", ...dev];
  }
  for (const hash of scripts.hashes) if (!HASH_RE.test(hash)) throw new Error(`not a CSP hash source: ${hash}`);
  return ["'self'", ...scripts.hashes.map((hash) => `'${hash}'`), ...dev];
}

/**
 * The page policy. Scripts: see scriptSources.
 * Images and media may come from any https host, because editors enter cover and video addresses and members write
 * Markdown images (`isSafeMediaUrl` accepts any http(s) URL); they cannot run code. Everything that can run code,
 * send data back (connect-src) or frame another site lists its hosts only when the service is configured.
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const d: Record<Directive, string[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSources(options.scripts, options.development),
    // Tailwind's stylesheet is a file; React's style attributes, Next's and the widgets' inline styles need this.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    // hls.js plays through MediaSource (blob: URLs).
    "media-src": ["'self'", "blob:", "https:"],
    // The fingerprint's probe worker, a file of the build (ADR 0022). Said outright: with no worker-src the browser
    // falls back to script-src, where 'strict-dynamic' makes some browsers ignore 'self'.
    "worker-src": ["'self'"],
    "frame-src": [],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const services: [boolean, Partial<Record<Directive, readonly string[]>>][] = [
    [options.intercom, INTERCOM],
    [options.stripe, STRIPE],
    [options.googleAnalytics, GOOGLE_ANALYTICS],
    [options.baiduTongji, BAIDU_TONGJI],
  ];
  for (const [enabled, hosts] of services) {
    if (!enabled) continue;
    for (const [directive, sources] of Object.entries(hosts) as [Directive, readonly string[]][]) d[directive].push(...sources);
  }
  for (const host of options.apiHosts) {
    const source = connectSourceOf(host);
    if (source) d["connect-src"].push(source);
  }
  if (d["frame-src"].length === 0) d["frame-src"].push("'none'");
  // Each source once; a host under a scheme the directive already allows whole (img-src https:) is left out.
  const listed = (sources: string[]) =>
    [...new Set(sources)].filter((s) => !(/^https:\/\//.test(s) && sources.includes("https:")));
  return (Object.entries(d) as [Directive, string[]][]).map(([name, sources]) => `${name} ${listed(sources).join(" ")}`).join("; ");
}

/** Headers every response gets, HTML or not (next.config.ts sets them for the paths the middleware skips). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Policy of responses that are never a page (JSON, avatars): nothing may load or run, nobody may frame them, and a
 * document opened from one is sandboxed. It replaces a route handler's own policy (next.config.ts headers win), so it
 * is at least as strict as any of theirs (the avatar route's is `default-src 'none'; sandbox`).
 */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Two years, subdomains included (ASVS 3.4.1 asks for at least one year). No `preload`: that is an operator's choice. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/**
 * Whether the visitor reached us over HTTPS: the canonical SITE_URL is https (the site is only meant to be reached
 * that way; browsers ignore HSTS received over plain http anyway), or a trusted reverse proxy says so in
 * X-Forwarded-Proto. Without trusted proxies the header is client-set and ignored.
 */
export function isHttpsRequest(input: { siteUrl: string; trustedProxyHops: number; forwardedProto: string | null }): boolean {
  if (/^https:/i.test(input.siteUrl)) return true;
  if (input.trustedProxyHops <= 0 || !input.forwardedProto) return false;
  return input.forwardedProto.split(",").some((v) => v.trim().toLowerCase() === "https");
}

/** Response headers of a page: the base set, the policy and, over HTTPS, HSTS. */
export function pageSecurityHeaders(options: CspOptions & { https: boolean }): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    "Content-Security-Policy": contentSecurityPolicy(options),
    ...(options.https ? { "Strict-Transport-Security": HSTS_VALUE } : {}),
  };
}

/**
 * Next.js's internal request headers (P3, CVE-2025-29927 and its kin). No browser or client of ours sends them; the
 * only exceptions are the two request ids `next dev`'s router adds (x-nextjs-request-id, x-nextjs-html-request-id),
 * which production ignores. Compared case-insensitively.
 */
const INTERNAL_PREFIXES = ["x-middleware-", "x-nextjs-", "x-invoke-"];
const INTERNAL_NAMES = new Set(["x-matched-path", "x-now-route-matches", "next-resume", "x-next-resume-state-length",
  "x-next-revalidate-tag-token", "x-next-revalidated-tags", "x-next-cache-tags"]);
const DEV_ROUTER_HEADERS = new Set(["x-nextjs-request-id", "x-nextjs-html-request-id"]);

export function isInternalRequestHeader(name: string, development = false): boolean {
  const lower = name.toLowerCase();
  if (development && DEV_ROUTER_HEADERS.has(lower)) return false;
  return INTERNAL_NAMES.has(lower) || INTERNAL_PREFIXES.some((p) => lower.startsWith(p));
}

/** Deletes the internal headers from `headers` (in place) and returns the names it removed. */
export function stripInternalRequestHeaders(headers: Headers, development = false): string[] {
  const removed = [...headers.keys()].filter((name) => isInternalRequestHeader(name, development));
  for (const name of removed) headers.delete(name);
  return removed;
}

/** A nonce from 16 random bytes (the caller draws them from a CSPRNG), base64. */
export function nonceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new Error("a nonce needs at least 16 random bytes");
  return base64FromBytes(bytes);
}
