import fc from "fast-check";
import {
  BASE_SECURITY_HEADERS,
  connectSourceOf,
  contentSecurityPolicy,
  HSTS_VALUE,
  isHttpsRequest,
  isInternalRequestHeader,
  nonceFromBytes,
  NON_HTML_CSP,
  pageSecurityHeaders,
  stripInternalRequestHeaders,
  THIRD_PARTY_HOSTS,
  type CspOptions,
} from "./security-headers";

const NONCE = nonceFromBytes(new Uint8Array(16).fill(7));
const NOTHING: CspOptions = { scripts: { nonce: NONCE }, development: false, intercom: false, stripe: false, googleAnalytics: false, baiduTongji: false, apiHosts: [] };
const EVERYTHING: CspOptions = { ...NOTHING, intercom: true, stripe: true, googleAnalytics: true, baiduTongji: true, apiHosts: ["https://api1.example.com"] };

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split("; ").map((d) => {
    const [name, ...sources] = d.split(" ");
    return [name!, sources];
  }));
}

const ALL_HOSTS = Object.values(THIRD_PARTY_HOSTS).flatMap((byDirective) => Object.values(byDirective).flat());

describe("contentSecurityPolicy", () => {
  it("P16: an unconfigured site allows only itself, with a nonce and 'strict-dynamic' for scripts", () => {
    expect(contentSecurityPolicy(NOTHING)).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; ` +
        "img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; media-src 'self' blob: https:; " +
        "worker-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it("P16: names no third-party host that is not configured, and each service's hosts only with it", () => {
    const bare = contentSecurityPolicy(NOTHING);
    for (const host of ALL_HOSTS) expect(bare).not.toContain(host);
    for (const service of Object.keys(THIRD_PARTY_HOSTS) as (keyof typeof THIRD_PARTY_HOSTS)[]) {
      const policy = directives(contentSecurityPolicy({ ...NOTHING, [service]: true }));
      for (const [directive, hosts] of Object.entries(THIRD_PARTY_HOSTS[service])) {
        // img-src and media-src allow every https host already.
        if (policy.get(directive)!.includes("https:")) continue;
        for (const host of hosts as readonly string[]) expect(policy.get(directive)).toContain(host);
      }
      const others = Object.entries(THIRD_PARTY_HOSTS).filter(([name]) => name !== service).flatMap(([, byDirective]) => Object.values(byDirective).flat());
      const own = new Set(Object.values(THIRD_PARTY_HOSTS[service]).flat());
      for (const host of others) if (!own.has(host)) expect([...policy.values()].flat()).not.toContain(host);
    }
  });

  it("P16: frames only Stripe's and Intercom's hosts, and only when configured", () => {
    expect(directives(contentSecurityPolicy(NOTHING)).get("frame-src")).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy({ ...NOTHING, stripe: true })).get("frame-src")).toEqual(
      ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
    );
    expect(directives(contentSecurityPolicy({ ...NOTHING, stripe: true })).get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
  });

  it("P16: the fixed directives hold whatever is configured; eval only in development", () => {
    for (const options of [NOTHING, EVERYTHING]) {
      const d = directives(contentSecurityPolicy(options));
      expect(d.get("object-src")).toEqual(["'none'"]);
      expect(d.get("base-uri")).toEqual(["'self'"]);
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
      expect(d.get("default-src")).toEqual(["'self'"]);
      expect(d.get("script-src")!.slice(0, 3)).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
      expect(d.get("script-src")).not.toContain("'unsafe-inline'");
      expect(d.get("script-src")).not.toContain("'unsafe-eval'");
    }
    expect(directives(contentSecurityPolicy({ ...NOTHING, development: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("P16: the fully configured policy lists each service's hosts once", () => {
    const policy = contentSecurityPolicy(EVERYTHING);
    for (const [, sources] of directives(policy)) expect(new Set(sources).size).toBe(sources.length);
    expect(directives(policy).get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(directives(policy).get("media-src")).toEqual(["'self'", "blob:", "https:"]);
    expect(directives(policy).get("connect-src")).toContain("https://api1.example.com");
    expect(directives(policy).get("form-action")).toEqual(["'self'", "https://intercom.help", "https://api-iam.intercom.io", "https://api-iam.eu.intercom.io", "https://api-iam.au.intercom.io"]);
  });

  it("P16: API_HOSTS enter connect-src as origins only; anything else cannot inject a directive", () => {
    expect(connectSourceOf("https://api1.example.com/v1/")).toBe("https://api1.example.com");
    expect(connectSourceOf("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
    for (const bad of ["javascript:alert(1)", "https://x; script-src *", "api.example.com", "https://u:p@h.example", "*", "'unsafe-inline'"]) {
      expect(connectSourceOf(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), (hosts) => {
        const policy = contentSecurityPolicy({ ...NOTHING, apiHosts: hosts });
        expect(policy.split("; ").map((d) => d.split(" ")[0])).toEqual([
          "default-src", "script-src", "style-src", "img-src", "font-src", "connect-src", "media-src", "worker-src", "frame-src", "object-src", "base-uri", "form-action", "frame-ancestors",
        ]);
        expect(directives(policy).get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
      }),
      { numRuns: 1000 },
    );
  });

  it("P16: refuses a nonce that is missing, short or could break out of the header", () => {
    for (const nonce of ["", "abc", `${NONCE}'; script-src *`, `${NONCE} 'unsafe-inline'`]) {
      expect(() => contentSecurityPolicy({ ...NOTHING, scripts: { nonce } })).toThrow();
    }
    expect(() => nonceFromBytes(new Uint8Array(8))).toThrow();
  });

  it("a cached page's policy allows its inline scripts by hash and its files as 'self', never 'unsafe-inline' or a nonce", () => {
    const hashes = ["sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", "sha256-n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg="];
    const policy = contentSecurityPolicy({ ...NOTHING, scripts: { hashes } });
    expect(directives(policy).get("script-src")).toEqual(["'self'", `'${hashes[0]}'`, `'${hashes[1]}'`]);
    expect(policy).not.toMatch(/nonce-|strict-dynamic/);
    const withServices = directives(contentSecurityPolicy({ ...EVERYTHING, scripts: { hashes } })).get("script-src")!;
    expect(withServices).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hm.baidu.com", "https://*.googletagmanager.com"]));
  });

  it("refuses a hash source that could break out of the header", () => {
    for (const hash of ["", "sha1-abc", "sha256-abc'; script-src *", "sha256-abc 'unsafe-inline'", "'sha256-abc='"]) {
      expect(() => contentSecurityPolicy({ ...NOTHING, scripts: { hashes: [hash] } })).toThrow();
    }
  });

  it("P16: nonces from random bytes are base64 of 16 bytes and differ", () => {
    const a = nonceFromBytes(crypto.getRandomValues(new Uint8Array(16)));
    const b = nonceFromBytes(crypto.getRandomValues(new Uint8Array(16)));
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
  });
});

describe("pageSecurityHeaders", () => {
  it("P16: nosniff, Referrer-Policy, X-Frame-Options and Permissions-Policy on every page; HSTS only over HTTPS", () => {
    const plain = pageSecurityHeaders({ ...NOTHING, https: false });
    expect(plain).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
      "Content-Security-Policy": contentSecurityPolicy(NOTHING),
    });
    expect(plain).not.toHaveProperty("Strict-Transport-Security");
    expect(pageSecurityHeaders({ ...NOTHING, https: true })["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(HSTS_VALUE).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(HSTS_VALUE)![1])).toBeGreaterThanOrEqual(31536000);
  });

  it("P16: responses that are never pages get the base set and a policy that runs nothing", () => {
    expect(BASE_SECURITY_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
    expect(NON_HTML_CSP).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });
});

describe("isHttpsRequest", () => {
  it("P16: HTTPS when SITE_URL is https, or a trusted proxy says so; a client's X-Forwarded-Proto alone is not trusted", () => {
    expect(isHttpsRequest({ siteUrl: "https://www.example.com", trustedProxyHops: 0, forwardedProto: null })).toBe(true);
    expect(isHttpsRequest({ siteUrl: "http://localhost:3000", trustedProxyHops: 0, forwardedProto: "https" })).toBe(false);
    expect(isHttpsRequest({ siteUrl: "http://localhost:3000", trustedProxyHops: 1, forwardedProto: "https" })).toBe(true);
    expect(isHttpsRequest({ siteUrl: "http://localhost:3000", trustedProxyHops: 1, forwardedProto: "http" })).toBe(false);
    expect(isHttpsRequest({ siteUrl: "http://localhost:3000", trustedProxyHops: 2, forwardedProto: "https, http" })).toBe(true);
    expect(isHttpsRequest({ siteUrl: "http://localhost:3000", trustedProxyHops: 1, forwardedProto: null })).toBe(false);
  });
});

describe("internal request headers", () => {
  it("P3: x-middleware-subrequest and the other x-middleware-*, x-nextjs-* and x-invoke-* headers are internal", () => {
    for (const name of ["x-middleware-subrequest", "X-Middleware-Subrequest", "x-middleware-rewrite", "x-middleware-override-headers",
      "x-middleware-request-cookie", "x-middleware-prefetch", "x-nextjs-data", "x-nextjs-rewritten-path", "x-nextjs-request-id",
      "x-invoke-path", "x-matched-path", "x-now-route-matches", "next-resume", "x-next-revalidate-tag-token"]) {
      expect(isInternalRequestHeader(name)).toBe(true);
    }
    // The App Router's own request headers and ordinary ones pass.
    for (const name of ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url", "next-action",
      "x-forwarded-for", "x-forwarded-proto", "cookie", "origin", "x-nonce", "x-deployment-id"]) {
      expect(isInternalRequestHeader(name)).toBe(false);
    }
    // next dev's router tags its requests with these two ids.
    expect(isInternalRequestHeader("x-nextjs-request-id", true)).toBe(false);
    expect(isInternalRequestHeader("x-middleware-subrequest", true)).toBe(true);
  });

  it("P3: stripping removes them from the headers and reports which", () => {
    const headers = new Headers({
      "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware",
      "x-nextjs-data": "1",
      "rsc": "1",
      cookie: "token=t",
    });
    expect(stripInternalRequestHeaders(headers).sort()).toEqual(["x-middleware-subrequest", "x-nextjs-data"]);
    expect([...headers.keys()].sort()).toEqual(["cookie", "rsc"]);
  });
});
