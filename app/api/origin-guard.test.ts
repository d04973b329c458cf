import path from "node:path";
import { NextRequest } from "next/server";
import { config, reloadConfigForTests } from "@/lib/config";
import { openTestDatabase } from "@/lib/db/test-support";
import { useDatabaseForTests } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/client";
import { createSession } from "@/lib/server/auth/sessions";
import { ROUTE_SPEC, type RouteSpec } from "@/lib/server/http";
import { createUser } from "@/lib/server/members/users";
import { routeFiles, routeOf } from "./route-walk.test-support";

/**
 * P14: every route handler under app/ is made by `route()` (ADR 0049), and every state-changing one refuses a foreign
 * or `null` Origin with 403 — found by walking app/, so a new route that is written by hand or forgets the check fails
 * here. Requests carry a live administrator's session cookie, as a cross-site form or fetch from a member's browser
 * would: the refusal must not depend on being logged out.
 */
process.env.LOG_LEVEL = "silent";

const APP_DIR = path.join(process.cwd(), "app");
const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
const MUTATING = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  [ROUTE_SPEC]?: RouteSpec<never, never, never, never>;
};

/**
 * Routes authenticated by something other than the browser's cookies: a cross-site page cannot forge them, and their
 * callers are not browsers (they send no Origin, or any). Each entry must still exist and say why.
 */
const EXEMPT: Record<string, string> = {
  "api/stripe/webhook": "P5: Stripe's signature over the raw body is the authentication; Stripe sends no Origin",
  "api/quant/strategies/[guid]/signals": "machine ingest: Authorization: Bearer <strategy key>, never a cookie (ADR 0010)",
  "api/quant/strategies/[guid]/nav": "machine ingest: Authorization: Bearer <strategy key>, never a cookie (ADR 0010)",
  "api/quant/strategies/[guid]/fills": "machine ingest: Authorization: Bearer <strategy key>, never a cookie (ADR 0010)",
};

/** Plausible values for the dynamic segments, so a handler that reads its params first still reaches its check. */
const PARAM_VALUES: Record<string, string> = {
  file: "0123456789abcdef0123456789abcdef.png",
};
const GUID = "6f1c1f3e-8f0d-4c1e-9a57-3d2b1a0e9c11";

/** The path a route folder serves: route groups such as `(site)` are not part of the URL. */
const urlPathOf = (route: string) => "/" + route.split("/").filter((segment) => !/^\(.*\)$/.test(segment)).join("/");

const routes = routeFiles(APP_DIR, /^route\.tsx?$/).map((file) => {
  const route = routeOf(APP_DIR, file);
  const params = Object.fromEntries([...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map(([, name]) => [name!, PARAM_VALUES[name!] ?? GUID]));
  // The module's real exports (importing touches no database), so no way of exporting a handler escapes the test.
  const mod = require(file) as Record<string, unknown>;
  const exported = Object.fromEntries(HTTP_METHODS.filter((m) => m in mod).map((m) => [m, mod[m] as Handler]));
  const handlers = Object.fromEntries(MUTATING.filter((m) => m in exported).map((m) => [m, exported[m]!]));
  return { route, params, exported, handlers, methods: Object.keys(handlers) as (typeof MUTATING)[number][] };
});

const guarded = routes.filter((r) => r.methods.length > 0 && !(r.route in EXEMPT));

let handle: DatabaseHandle;
let cookie = "";

beforeAll(async () => {
  handle = await openTestDatabase("pglite");
  useDatabaseForTests(handle);
  const admin = await createUser({ email: "origin-guard@example.com", role: "admin" });
  cookie = `token=${(await createSession(admin.id)).token}`;
}, 60_000);

afterAll(async () => {
  useDatabaseForTests(null);
  await handle?.close();
});

describe("P14: state-changing route handlers refuse foreign and null origins", () => {
  it("every exported handler of every route file under app/ is made by route() (ADR 0049)", () => {
    expect(routes.filter((r) => !r.route.startsWith("api/")).length).toBeGreaterThan(0);
    const handwritten = routes.flatMap((r) =>
      Object.entries(r.exported).filter(([, handler]) => typeof handler !== "function" || !handler[ROUTE_SPEC]).map(([method]) => `${method} ${r.route}`),
    );
    expect(handwritten).toEqual([]);
  });

  it("P14: exactly the exempt routes skip the origin check (sameOrigin: false)", () => {
    const skipping = routes.flatMap((r) =>
      Object.entries(r.exported).filter(([, handler]) => handler[ROUTE_SPEC]?.sameOrigin === false).map(([method]) => `${method} ${r.route}`),
    );
    const expected = routes.filter((r) => r.route in EXEMPT).flatMap((r) => r.methods.map((method) => `${method} ${r.route}`));
    expect(skipping.sort()).toEqual(expected.sort());
  });

  it("P14: finds the route handlers, and every exemption names a route that exists and changes state", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(guarded.length).toBeGreaterThan(30);
    for (const route of Object.keys(EXEMPT)) {
      expect(routes.find((r) => r.route === route)?.methods.length ?? 0).toBeGreaterThan(0);
    }
  });

  it.each(guarded.flatMap((r) => r.methods.map((method) => [`${method} ${urlPathOf(r.route)}`, r, method] as const)))(
    "P14: %s answers 403 to Origin https://evil.example and to Origin null",
    async (_name, r, method) => {
      const handler = r.handlers[method]!;
      const url = `${config().siteUrl}${urlPathOf(r.route).replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_m, name: string) => r.params[name]!)}`;
      for (const origin of ["https://evil.example", "null"]) {
        const req = new NextRequest(url, {
          method,
          headers: { origin, cookie, "content-type": "application/json", "sec-fetch-site": "cross-site" },
          body: JSON.stringify({}),
        });
        const res = await handler(req, { params: Promise.resolve({ ...r.params }) });
        expect([origin, res.status]).toEqual([origin, 403]);
      }
    },
  );

  it("P14: a request from our own origin is not refused by the check (it reaches the handler's own answer)", async () => {
    const logout = guarded.find((x) => x.route === "api/auth/logout")!.handlers.POST!;
    const origin = new URL(config().siteUrl).origin;
    const res = await logout(new NextRequest(`${origin}/api/auth/logout`, { method: "POST", headers: { origin, cookie } }), { params: Promise.resolve({}) });
    expect(res.status).not.toBe(403);
  });

  it("P14: with SITE_URL unset, every guarded handler takes its own origin (localhost and 127.0.0.1 on another port) and still refuses a foreign one (ADR 0034)", async () => {
    reloadConfigForTests({ ...process.env, SITE_URL: undefined, PORT: "3400" });
    expect(config().siteUrlConfigured).toBe(false);
    try {
      const logout = guarded.find((x) => x.route === "api/auth/logout")!.handlers.POST!;
      for (const host of ["localhost:3400", "127.0.0.1:3400"]) {
        const req = new NextRequest(`http://${host}/api/auth/logout`, { method: "POST", headers: { origin: `http://${host}`, host, cookie } });
        expect([host, (await logout(req, { params: Promise.resolve({}) })).status]).toEqual([host, 200]);
      }
      for (const r of guarded) {
        for (const method of r.methods) {
          const req = new NextRequest(`http://localhost:3400${urlPathOf(r.route)}`, {
            method,
            headers: { origin: "https://evil.example", host: "localhost:3400", cookie, "content-type": "application/json" },
            body: JSON.stringify({}),
          });
          const res = await r.handlers[method]!(req, { params: Promise.resolve({ ...r.params }) });
          expect([`${method} ${r.route}`, res.status]).toEqual([`${method} ${r.route}`, 403]);
        }
      }
    } finally {
      reloadConfigForTests();
    }
  });
});
