import { expect, test, type Page, type Request } from "@playwright/test";

// The router's prefetches (ADR 0068): every page is rendered per request, so a prefetch makes no navigation faster
// and costs the server a render. Links prefetch only 1 s after the page loaded (SPEC §7), never on slow-2g, and the
// rows of a list never.

const isPrefetch = (req: Request) => new URL(req.url()).searchParams.has("_rsc") && req.headers()["next-router-prefetch"] === "1";

async function prefetchesOf(page: Page, path: string, waitMs: number) {
  const seen: { path: string; at: number }[] = [];
  let start = 0;
  page.on("request", (req) => {
    if (isPrefetch(req)) seen.push({ path: new URL(req.url()).pathname, at: Date.now() - start });
  });
  start = Date.now();
  await page.goto(path);
  await page.waitForTimeout(waitMs);
  return seen;
}

test.describe("route prefetches", () => {
  test("on the masters' day and the rankings, the site's sections are prefetched after a second and no row is", async ({ page }) => {
    for (const path of ["/god", "/rank", "/"]) {
      const seen = await prefetchesOf(page, path, 3500);
      expect(seen.length, path).toBeGreaterThan(0);
      expect(seen.filter((p) => p.at < 1000), path).toEqual([]);
      // A master's, a day's and a trade's pages are the rows here.
      expect(seen.filter((p) => p.path.startsWith("/detail/")), path).toEqual([]);
    }
  });

  test("a slow-2g connection gets no prefetch at all, and its links still navigate", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ effectiveType: "slow-2g", saveData: false }), configurable: true });
    });
    expect(await prefetchesOf(page, "/rank", 3000)).toEqual([]);
    const master = page.locator('main a[href^="/detail/"]').first();
    const href = (await master.getAttribute("href"))!;
    await master.click();
    await expect(page).toHaveURL(href);
    await expect(page.locator("main h1").first()).toBeVisible();
  });
});
