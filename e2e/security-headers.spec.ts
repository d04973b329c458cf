import { expect, test, type ConsoleMessage } from "@playwright/test";
import { logIn, logInPage } from "./fixtures";

/** ADR 0013: the headers of a real build, and pages that run under their nonce policy without a single violation. */
const CSP_VIOLATION = /Content Security Policy|violates the following/i;

test.describe("security headers (P16, P3, P4)", () => {
  // Visitors' public pages may come from the page cache, under a hash policy instead (e2e/page-cache.spec.ts, ADR 0065).
  test("P16: every rendered page answer has a fresh nonce policy that its own scripts carry", async ({ request, playwright, baseURL }) => {
    const member = await playwright.request.newContext({ baseURL });
    await logIn(member, "member");
    const nonces = new Set<string>();
    const answers = [
      ...["/search", "/login", "/nope", "/missing.php"].map((path) => ({ path, ctx: request })),
      ...["/", "/god", "/disclaimer"].map((path) => ({ path, ctx: member })),
    ];
    for (const { path, ctx } of answers) {
      const res = await ctx.get(path, { maxRedirects: 0 });
      const headers = res.headers();
      const csp = headers["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(csp).toContain(directive);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
      // The e2e site is served over plain http: no HSTS.
      expect(headers["strict-transport-security"]).toBeUndefined();
      const html = await res.text();
      const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scriptTags.length, path).toBeGreaterThan(0);
      for (const tag of scriptTags) if (!/type="application\/ld\+json"/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
      // Personalised pages are never stored by shared caches (P4).
      expect(headers["cache-control"]).toMatch(/private|no-store/);
    }
    expect(nonces.size).toBe(7);
    await member.dispose();
  });

  test("P16: the Stripe hosts are allowed because this e2e site has Stripe keys; no unconfigured service is named", async ({ request }) => {
    const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
    expect(csp).toContain("frame-src https://js.stripe.com");
    for (const host of ["intercom", "googletagmanager", "google-analytics", "hm.baidu.com"]) expect(csp).not.toContain(host);
  });

  test("P16: JSON answers are nosniff and run nothing; the session-dependent ones are not stored (P4)", async ({ request }) => {
    const info = await request.get("/api/user/info");
    expect(info.headers()["x-content-type-options"]).toBe("nosniff");
    expect(info.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(info.headers()["cache-control"]).toBe("private, no-store");
  });

  test("P3: a client's x-middleware-subrequest neither skips the middleware nor reaches the page", async ({ request }) => {
    const res = await request.get("/user/account", {
      maxRedirects: 0,
      headers: { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware", "x-nextjs-data": "1" },
    });
    // The login gate still ran: a visitor is sent to log in, with the page's headers.
    expect(res.status()).toBe(307);
    expect(res.headers()["location"]).toContain("r=%2Fuser%2Faccount");
    expect(res.headers()["content-security-policy"]).toContain("'strict-dynamic'");
  });

  test("P16: pages hydrate and navigate without a CSP violation, for visitors and members", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m: ConsoleMessage) => {
      if (CSP_VIOLATION.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => violations.push(`${page.url()}: ${e.message}`));
    for (const path of ["/", "/god", "/rank", "/new", "/quant", "/price", "/disclaimer", "/nope"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
    }
    await logInPage(page, "member");
    for (const path of ["/user/account", "/user/invite", "/upload"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
    }
    // A client-side navigation fetches RSC under the same document policy.
    await page.goto("/");
    const link = page.locator('main a[href^="/"]:visible').first();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname + url.search === href);
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
  });
});
