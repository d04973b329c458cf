import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { logIn } from "./fixtures";

/**
 * The paywall without leaks (PRODUCT.md, security-promises P20): a demo SVIP article's paid sentence reaches only an
 * SVIP — not a visitor, not a free member, not the RSC payload, not a visitor claiming to be Googlebot, not the RSS
 * feed — while the page tells search engines which part is paid.
 */

const TYPES = ["case", "interpret", "strategy", "video", "news"];
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The first SVIP article listed on the /info/{type} pages. */
async function findSvipArticle(page: Page): Promise<string> {
  for (const type of TYPES) {
    await page.goto(`/info/${type}`);
    const link = page.locator('a[data-level="200"]').first();
    if (await link.count()) return (await link.getAttribute("href"))!;
  }
  throw new Error("no SVIP article on the /info/{type} pages: the demo content should mark some articles minLevel 200");
}

async function contextFor(browser: Browser, baseURL: string, who: "svip" | "member" | null) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  if (who) await logIn(context.request, who);
  return context;
}

/** Texts of the article body's plain paragraphs and list items (no inline markup inside, so they appear verbatim). */
async function plainBlocks(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) =>
    [...root.querySelectorAll("p, li")].filter((el) => el.children.length === 0).map((el) => (el.textContent ?? "").trim()),
  );
}

const bodyOf = async (request: APIRequestContext, url: string, headers: Record<string, string> = {}) => {
  const res = await request.get(url, { headers });
  expect(res.status()).toBe(200);
  return { text: await res.text(), headers: res.headers() };
};

test.describe("paywall", () => {
  test("the paid sentence of an SVIP article reaches only the SVIP", async ({ page, browser, baseURL, request }) => {
    const url = await findSvipArticle(page);

    // The SVIP reads the whole body; the visitor gets the lead-in and the upgrade box in place of the rest.
    const svip = await contextFor(browser, baseURL!, "svip");
    const svipPage = await svip.newPage();
    await svipPage.goto(url);
    await expect(svipPage.getByTestId("article-body")).toBeVisible();
    await expect(svipPage.getByTestId("upgrade-prompt")).toHaveCount(0);
    const full = await plainBlocks(svipPage, '[data-testid="article-body"]');

    await page.goto(url);
    await expect(page.getByTestId("article-lead")).toBeVisible();
    await expect(page.locator(".paywall-locked").getByTestId("upgrade-prompt")).toBeVisible();
    await expect(page.getByTestId("article-body")).toHaveCount(0);
    const visible = (await page.locator("body").innerText()).replace(/\s+/g, "");

    const paid = full.map((t) => t.slice(0, 16)).find((t) => [...t].length >= 8 && !/[&<>"']/.test(t) && !visible.includes(t.replace(/\s+/g, "")));
    expect(paid, "a sentence of the SVIP's body that the visitor does not see").toBeTruthy();

    // Positive control: the sentence is in the SVIP's HTML and RSC payload, so its absence elsewhere means something.
    expect((await bodyOf(svip.request, url)).text).toContain(paid);
    expect((await bodyOf(svip.request, url, { RSC: "1" })).text).toContain(paid);

    // A visitor: not in the HTML, not in the RSC payload (header or ?_rsc), not as Googlebot, not in the feed.
    const html = await bodyOf(request, url);
    expect(html.text).not.toContain(paid);
    expect((await bodyOf(request, url, { RSC: "1" })).text).not.toContain(paid);
    expect((await bodyOf(request, `${url}?_rsc=paywall`, { RSC: "1" })).text).not.toContain(paid);
    expect((await bodyOf(request, url, { "User-Agent": GOOGLEBOT })).text).not.toContain(paid);
    expect((await bodyOf(request, url, { "User-Agent": GOOGLEBOT, RSC: "1" })).text).not.toContain(paid);
    expect((await bodyOf(request, "/rss.xml")).text).not.toContain(paid);

    // A free member: the same as a visitor.
    const member = await contextFor(browser, baseURL!, "member");
    const memberPage = await member.newPage();
    await memberPage.goto(url);
    await expect(memberPage.getByTestId("upgrade-prompt")).toBeVisible();
    await expect(memberPage.getByText(paid!, { exact: false })).toHaveCount(0);
    expect((await bodyOf(member.request, url)).text).not.toContain(paid);
    expect((await bodyOf(member.request, url, { RSC: "1" })).text).not.toContain(paid);

    await svip.close();
    await member.close();
  });

  test("a member-only video plays only from an address signed for a member, never from a public file", async ({ page, browser, baseURL, request }) => {
    await page.goto("/info/video");
    const link = page.getByRole("link", { name: /一字板为什么买不到/ }).first();
    const url = (await link.getAttribute("href"))!;

    // A visitor's page (from the page cache or not) names no video address; the old public file is gone.
    const visitorHtml = (await bodyOf(request, url)).text;
    expect(visitorHtml).not.toContain("/api/videos/");
    expect(visitorHtml).not.toContain("limit-up-queue.mp4");
    expect((await request.get("/demo/videos/limit-up-queue.mp4")).status()).toBe(404);

    // The SVIP's page plays it from a signed address, which answers byte ranges.
    const svip = await contextFor(browser, baseURL!, "svip");
    const svipPage = await svip.newPage();
    await svipPage.goto(url);
    const src = (await svipPage.locator("video").getAttribute("src"))!;
    expect(src).toMatch(/^\/api\/videos\/demo-limit-up-queue\.mp4\?e=\d+&s=[\w-]{43}$/);
    const probe = await request.get(src, { headers: { Range: "bytes=0-1" } });
    expect(probe.status()).toBe(206);
    expect(probe.headers()["content-type"]).toBe("video/mp4");
    // The browser plays it: the video's metadata loads from that address.
    await expect.poll(() => svipPage.locator("video").evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThan(0);

    // The address without its signature, or with another expiry, plays nothing.
    const bare = src.replace(/\?.*$/, "");
    expect((await request.get(bare)).status()).toBe(400);
    const e = Number(/e=(\d+)/.exec(src)![1]);
    expect((await request.get(src.replace(`e=${e}`, `e=${e + 86_400}`))).status()).toBe(403);
    await svip.close();
  });

  test("a page that depends on the viewer is private and never stored by caches", async ({ page, request, browser, baseURL }) => {
    const url = await findSvipArticle(page);
    const member = await contextFor(browser, baseURL!, "member");
    for (const ctx of [request, member.request]) {
      for (const headers of [{}, { RSC: "1" }] as Record<string, string>[]) {
        const cache = (await ctx.get(url, { headers })).headers()["cache-control"] ?? "";
        expect(cache).toMatch(/\bprivate\b/);
        expect(cache).toMatch(/\bno-store\b/);
      }
    }
    await member.close();
  });

  test("the structured data says the article is not free and names the paid part by class", async ({ page }) => {
    const url = await findSvipArticle(page);
    await page.goto(url);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
    const article = data.find((d) => d["@type"] === "Article" || d["@type"] === "NewsArticle" || d["@type"] === "VideoObject");
    expect(article).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall-locked" },
    });
    expect(JSON.stringify(data)).not.toContain("articleBody");
    expect(data.some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
    await expect(page.locator(".paywall-lead")).toHaveCount(1);
    await expect(page.locator(".paywall-locked")).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${url}$`));
    const images = await page.locator('meta[property="og:image"]').evaluateAll((els) => els.map((e) => e.getAttribute("content") ?? ""));
    expect(images.some((src) => /\/og\/article\/[0-9a-f-]{36}\.png$/.test(src))).toBe(true);
  });

  test("crawlers find the sitemap, robots.txt, the feed and the share image", async ({ request, page }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Disallow: \/admin/);
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    // the article first: one published meanwhile (by a spec on the other worker) is then in the sitemap read after
    const url = await findSvipArticle(page);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain(url);
    const rss = await request.get("/rss.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    const guid = /([0-9a-f-]{36})/.exec(url)![1];
    const image = await request.get(`/og/article/${guid}.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  });
});
