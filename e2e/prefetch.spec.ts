import { expect, test, type Page, type Request } from "@playwright/test";

// The router's prefetches (ADR 0068): every page is rendered per request, so a prefetch makes no navigation faster
// and costs the server a render. Links prefetch only 1 s after the page loaded (SPEC §7), never on slow-2g, and the
// rows of a list never.

const isPrefetch = (req: Request) => new URL(req.url()).searchParams.has("_rsc") && req.headers()["next-router-prefetch"] === "1";

/**
 * The prefetches `path`'s page made, each with when it started, in ms after the load event began. It looks for
 * `waitMs` after the page loads and, when `some` is asked, on until the first prefetch has been sent (a loaded machine
 * hydrates late); then it waits until each one sent is in the page's timeline (an entry appears when its answer has
 * ended: a prefetch is a render, and renders queue on a busy server). Both times come from the page's own performance
 * timeline: the test process's clock and the browser's `performance.timeOrigin` need not agree (a clean-clone run once
 * measured four prefetches at −465 ms, before the load event they wait for), and a prefetch the previous page sent as
 * it was left is in that page's timeline, not this one's.
 */
async function prefetchesOf(page: Page, path: string, waitMs: number, some: boolean) {
  const requested = new Set<string>();
  const listener = (req: Request) => {
    if (isPrefetch(req)) requested.add(req.url());
  };
  page.on("request", listener);
  await page.goto(path);
  await page.waitForTimeout(waitMs);
  if (some) await expect.poll(() => requested.size, { message: `${path}: no prefetch sent`, timeout: 20_000 }).toBeGreaterThan(0);
  page.off("request", listener);
  const timeline = () =>
    page.evaluate(() => ({
      load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
      resources: performance.getEntriesByType("resource").map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
  const inTimeline = async () => new Set((await timeline()).resources.map((entry) => entry.url).filter((url) => requested.has(url))).size;
  await expect.poll(inTimeline, { message: `${path}: prefetches answered`, timeout: 30_000 }).toBe(requested.size);
  const { load, resources } = await timeline();
  return resources
    .filter((entry) => requested.has(entry.url))
    .map((entry) => ({ path: new URL(entry.url).pathname, at: Math.round(entry.start - load) }));
}

test.describe("route prefetches", () => {
  test("on the masters' day, the rankings, Home and a master's page, the site's sections are prefetched a second after the load and no row is", async ({ page }) => {
    // four pages, each waited on until its prefetches are answered (renders queue on a busy machine)
    test.setTimeout(120_000);
    await page.goto("/god");
    const master = (await page.locator('main a[href^="/detail/"]').first().getAttribute("href"))!.split("/").slice(0, 3).join("/");
    for (const path of ["/god", "/rank", "/", master]) {
      const seen = await prefetchesOf(page, path, 3500, true);
      expect(seen.length, path).toBeGreaterThan(0);
      expect(seen.filter((p) => p.at < 1000), path).toEqual([]);
      // A master's, a day's and a trade's pages are the rows here (on a master's page: its day chips and stocks).
      expect(seen.filter((p) => p.path.startsWith("/detail/")), path).toEqual([]);
    }
  });

  test("a slow-2g connection gets no prefetch at all, and its links still navigate", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ effectiveType: "slow-2g", saveData: false }), configurable: true });
    });
    expect(await prefetchesOf(page, "/rank", 3000, false)).toEqual([]);
    const master = page.locator('main a[href^="/detail/"]').first();
    const href = (await master.getAttribute("href"))!;
    await master.click();
    await expect(page).toHaveURL(href);
    await expect(page.locator("main h1").first()).toBeVisible();
  });
});
