import { createHash } from "node:crypto";
import fs from "node:fs";
import { expect, test, type APIRequestContext, type ConsoleMessage } from "@playwright/test";
import { ACCOUNTS, DOCUMENT_REQUEST, logIn, logInPage } from "./fixtures";
import { copyOfPreparedData, operatorCommands } from "./data-copies";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * ADR 0065: a visitor's view of the public pages is rendered once and answered from the page cache, under a policy
 * that allows exactly the cached document's inline scripts by hash; a change made through the API is in every later
 * answer. ADR 0067: a member whose session this process knows is answered with their access class's view.
 */
const PUBLIC_PAGES = ["/", "/god", "/rank", "/loss-tracker", "/quant", "/info/case", "/list/god"];

// A server of the suite's build on E2E_PORT+9 with its own data directory (demo data) and the two accounts these tests
// log in with: the suite's other specs change the shared server's data, and each change empties its cache, while these
// tests expect a page to stay cached between two requests.
const port = Number(process.env.E2E_PAGE_CACHE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 9);
const baseURL = `http://localhost:${port}`;
let server: OwnServer;
let dataDir: string;

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // the suite's prepared data (demo data, the accounts): svip holds SVIP there; buyer joins it, one access class of two
  dataDir = copyOfPreparedData("seeded", "lianghua-page-cache-");
  const env: Record<string, string> = { PORT: String(port), SITE_URL: baseURL, DATA_DIR: dataDir, PAGE_CACHE_MB: "64" };
  operatorCommands([["user:grant", "--email", ACCOUNTS.buyer.email, "--level", "svip", "--days", "30"]], env);
  server = await startOwnServer({ env });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
const CSP_VIOLATION = /Content Security Policy|violates the following/i;

/** The cache fills behind the first answer: ask until it answers from the cache. */
async function cachedAnswer(request: APIRequestContext, path: string) {
  let res = await request.get(path, { headers: DOCUMENT_REQUEST });
  await expect.poll(async () => {
    res = await request.get(path, { headers: DOCUMENT_REQUEST });
    return res.headers()["x-page-cache"];
  }, { timeout: 15_000, message: `${path} answered from the page cache` }).toBe("hit");
  return res;
}

function inlineScriptTexts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\ssrc=/.test(attrs!)).map(([, , text]) => text!);
}

/** The page's own content: what the header and the scripts around it leave. */
function mainOf(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0];
  if (!main) throw new Error("no <main> in the page");
  return main;
}

function scriptSources(csp: string): string[] {
  return (/(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" ");
}

test.describe("page cache (ADR 0065)", () => {
  test("a visitor's public pages come from the cache, their inline scripts allowed by hash and nothing else inline", async ({ request }) => {
    for (const path of PUBLIC_PAGES) {
      const res = await cachedAnswer(request, path);
      expect(res.status(), path).toBe(200);
      const headers = res.headers();
      const csp = headers["content-security-policy"] ?? "";
      const sources = scriptSources(csp);
      expect(sources, path).not.toContain("'unsafe-inline'");
      expect(sources.some((s) => s.startsWith("'nonce-")), path).toBe(false);
      const html = await res.text();
      expect(html, path).not.toMatch(/\snonce="/);
      const scripts = inlineScriptTexts(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const text of scripts) expect(sources, `${path}: an inline script's hash`).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(csp).toContain(directive);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      // P4: the address answers members differently, so shared caches keep none of it.
      expect(headers["cache-control"]).toMatch(/\bprivate\b.*\bno-store\b/);
    }
  });

  test("a member is answered with their access class's view: one for every member of the class, and exactly the page their own render shows, minus who they are", async ({ playwright }) => {
    const contexts = await Promise.all(["svip", "buyer", "member"].map(() => playwright.request.newContext({ baseURL })));
    const [svip, otherSvip, free] = contexts as [APIRequestContext, APIRequestContext, APIRequestContext];
    await logIn(svip, "svip");
    await logIn(otherSvip, "buyer");
    await logIn(free, "member");
    const views = new Map<string, string>();
    const hub = await (await svip.get("/god")).text();
    const master = /href="\/detail\/([0-9a-f-]{36})"/.exec(hub)?.[1];
    expect(master, "a master on /god").toBeTruthy();
    for (const path of [...PUBLIC_PAGES, `/detail/${master}`, `/analysis/${master}`]) {
      for (const [who, context] of [["svip", svip], ["member", free]] as const) {
        // Not a document request (Playwright's */*): the member's own render, as before the class was known.
        const own = await context.get(path);
        expect(own.status(), path).toBe(200);
        expect(own.headers()["x-page-cache"], path).toBeUndefined();
        const ownHtml = await own.text();
        expect(ownHtml, `${path}: the member's own render names them`).toContain(ACCOUNTS[who].nickname);
        const hit = await cachedAnswer(context, path);
        const classHtml = await hit.text();
        expect(classHtml, `${path}: the class's view names nobody`).not.toContain(ACCOUNTS[who].nickname);
        expect(classHtml, path).not.toContain(ACCOUNTS[who].email);
        expect(scriptSources(hit.headers()["content-security-policy"] ?? "").some((s) => s.startsWith("'nonce-")), path).toBe(false);
        // What the page shows is exactly what this member's own render shows: no more (the paywall), no less.
        expect(mainOf(classHtml), `${path} as ${who}`).toBe(mainOf(ownHtml));
        views.set(`${who} ${path}`, classHtml);
      }
      // Another SVIP member, once this process knows their session, gets the very same document.
      expect((await otherSvip.get(path)).status(), path).toBe(200);
      const other = await otherSvip.get(path, { headers: DOCUMENT_REQUEST });
      expect(other.headers()["x-page-cache"], path).toBe("hit");
      expect(await other.text(), path).toBe(views.get(`svip ${path}`));
    }
    // The classes are kept apart: the master hub shows an SVIP member the statements a free member does not see.
    expect(mainOf(views.get("svip /god")!)).not.toBe(mainOf(views.get("member /god")!));
    // A visitor's cached view is another again, and holds no member's name.
    const visitor = await playwright.request.newContext({ baseURL });
    const visitorHtml = await (await cachedAnswer(visitor, "/")).text();
    expect(visitorHtml).not.toBe(views.get("svip /"));
    expect(visitorHtml).not.toContain(ACCOUNTS.svip.nickname);
    await Promise.all([...contexts, visitor].map((c) => c.dispose()));
  });

  test("on a class's cached page the browser shows the member's own name in the account menu", async ({ page }) => {
    await logInPage(page, "svip");
    await cachedAnswer(page.context().request, "/god");
    const res = await page.goto("/god");
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    await page.getByRole("button", { name: /用户菜单/ }).click();
    await expect(page.getByRole("menu")).toContainText(ACCOUNTS.svip.nickname);
  });

  test("on a class's cached article the member sees their own like, read in the browser", async ({ page }) => {
    await logInPage(page, "svip");
    const request = page.context().request;
    const list = await (await request.get("/info/case", { headers: DOCUMENT_REQUEST })).text();
    const href = /href="(\/info\/detail\/[^"?#]+)"/.exec(list)?.[1];
    expect(href, "an article on /info/case").toBeTruthy();
    const liked = await request.post(`/api/articles/${href!.split("/").pop()}/like`);
    expect(liked.status(), await liked.text()).toBe(200);
    const { likes } = await liked.json();
    await cachedAnswer(request, href!);
    const res = await page.goto(href!);
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    const button = page.getByRole("button", { name: /已赞/ });
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button.getByTestId("like-count")).toHaveText(String(likes));
  });

  test("in Chromium a cached page hydrates and works without a CSP violation", async ({ page, request }) => {
    await cachedAnswer(request, "/god");
    const violations: string[] = [];
    page.on("console", (msg: ConsoleMessage) => {
      if (CSP_VIOLATION.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`));
    });
    const res = await page.goto("/god");
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    // Hydrated: the header's login button opens the dialog, a client component.
    await page.getByRole("button", { name: /登录/ }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Its validation (zod and the schemas, loaded on demand) checks an empty account: zod builds its schemas without
    // probing eval (instrumentation-client.ts), which the policy would report.
    await dialog.getByRole("button", { name: "获取验证码" }).click();
    await expect(dialog.getByText("请输入手机号或邮箱")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("an address with a query string its page does not read is answered by the page's entry and hydrates at its own address", async ({ page, request }) => {
    await cachedAnswer(request, "/god");
    const res = await page.goto("/god?utm_source=baidu&from=e2e");
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    await page.getByRole("button", { name: /登录/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(new URL(page.url()).search).toBe("?utm_source=baidu&from=e2e");
  });

  test("the router's prefetches on a cached page get their payloads, and the page settles", async ({ page, request }) => {
    // Next.js takes the router's own headers and _rsc off before the proxy sees a request: a prefetch once looked like
    // a visitor's page request, was answered with the cached HTML, which the router never reads, and stayed pending.
    await cachedAnswer(request, "/rank");
    await cachedAnswer(request, "/");
    const payloads: { url: string; type: string }[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).searchParams.has("_rsc")) payloads.push({ url: res.url(), type: res.headers()["content-type"] ?? "" });
    });
    // Links prefetch a second after the page loaded (ADR 0068): wait for the first before the network settles.
    const firstPayload = page.waitForResponse((res) => new URL(res.url()).searchParams.has("_rsc"), { timeout: 10_000 });
    const res = await page.goto("/rank");
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    await firstPayload;
    await page.waitForLoadState("networkidle", { timeout: 15_000 });
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) expect(payload.type, payload.url).toMatch(/^text\/x-component/);
  });

  test("an editor's change is in the visitor's next answer", async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const editor = await playwright.request.newContext({ baseURL });
    await logIn(editor, "editor");
    await cachedAnswer(visitor, "/info/news");
    const title = `缓存测试文章${Date.now()}`;
    const created = await editor.post("/api/admin/articles", {
      data: { type: "news", title, summary: "页面缓存随发布更新", body: "正文：页面缓存随发布更新。", minLevel: 0, tags: [], publish: true },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    // No waiting: the editor's answer came after the stamp moved, so no page cached before it is answered.
    const after = await visitor.get("/info/news", { headers: DOCUMENT_REQUEST });
    expect(await after.text()).toContain(title);
    await visitor.dispose();
    await editor.dispose();
  });
});
