import type { NextConfig } from "next";
import { BASE_SECURITY_HEADERS, NON_HTML_CSP } from "./lib/domain/security-headers";

const asList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pino", "piscina", "sharp"],
  poweredByHeader: false,
  // Types are checked once, by `tsc --noEmit` over the same tsconfig in `npm test` (docs/testing.md): the build's own
  // check took 34 s of the test run for the same answer.
  typescript: { ignoreBuildErrors: true },
  experimental: { authInterrupts: true },
  // Every response (ADR 0013). proxy.ts replaces these on pages, adding the nonce policy and HSTS. Beware: a
  // header set here wins over the same header from a route handler (Next.js only appends headers not yet present),
  // so no Cache-Control here — handlers choose theirs (P4: session-dependent answers say `private, no-store`).
  async headers() {
    return [
      { source: "/:path*", headers: asList(BASE_SECURITY_HEADERS) },
      // JSON and files of the API and the build manifests, which the proxy skips: never a page.
      { source: "/api/:path*", headers: asList({ "Content-Security-Policy": NON_HTML_CSP }) },
      { source: "/builds/:path*", headers: asList({ "Content-Security-Policy": NON_HTML_CSP }) },
    ];
  },
};

export default nextConfig;
