import { expect, test, type Page, type Request } from "@playwright/test";

// The router's prefetches (ADR 0068): every page is rendered per request, so a prefetch makes no navigation faster
// and costs the server a render. Links prefetch only 1 s after the page loaded (SPEC §7), never on slow-2g, and the
// rows of a list never.

const isPrefetch = (req: Request) => new URL(req.url()).searchParams.has("_rsc") && req.headers()["next-router-prefetch"] === "1";

/**
 * Records, in the page, when the router calls `fetch` for each route prefetch: its start on the page's own clock. The
 * resource timeline has an entry only once an answer has ended, and a prefetch is a render that queues on a busy
 * server (a clean-clone run had two of a master page's fourteen still unanswered after 30 s); what this spec judges is
 * when the browser asks, not how fast the server answers. The test process's clock and the browser's
 * `performance.timeOrigin` need not agree (a run once measured four prefetches at −465 ms before the load event they
 * wait for), so both times are read in the page.
 */
const recordPrefetchStarts = () => {
  const starts: { url: string; at: number }[] = [];
  (window as unknown as { __prefetchStarts: typeof starts }).__prefetchStarts = starts;
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const request = input instanceof Request ? input : null;
    const headers = new Headers(init?.headers ?? request?.headers);
    if (headers.get("next-router-prefetch") === "1") {
      starts.push({ url: new URL(request ? request.url : String(input), location.href).href, at: performance.now() });
    }
    return original.call(this, input, init);
  };
};

/**
 * The prefetches `path`'s page made, each with when it started, in ms after the load event began. It looks for
 * `waitMs` after the page loads and, when `some` is asked, on until the first prefetch has been sent (a loaded machine
 * hydrates late). Every prefetch the network saw must have been recorded by the page (a prefetch the previous page
 * sent as it was left belongs to that page).
 */
async function prefetchesOf(page: Page, path: string, waitMs: number, some: boolean) {
  const requested = new Set<string>();
  const listener = (req: Request) => {
    if (isPrefetch(req) && req.frame() === page.mainFrame()) requested.add(req.url());
  };
  page.on("request", listener);
  await page.goto(path);
  await page.waitForTimeout(waitMs);
  if (some) await expect.poll(() => requested.size, { message: `${path}: no prefetch sent`, timeout: 20_000 }).toBeGreaterThan(0);
  page.off("request", listener);
  const { load, starts } = await page.evaluate(() => ({
    load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
    starts: (window as unknown as { __prefetchStarts: { url: string; at: number }[] }).__prefetchStarts,
  }));
  const recorded = new Set(starts.map((s) => s.url));
  expect([...requested].filter((url) => !recorded.has(url)), `${path}: prefetches the page did not record`).toEqual([]);
  return starts.map((s) => ({ path: new URL(s.url).pathname, at: Math.round(s.at - load) }));
}

test.describe("route prefetches", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordPrefetchStarts);
  });

  test("on the masters' day, the rankings, Home and a master's page, the site's sections are prefetched a second after the load and no row is", async ({ page }) => {
    test.setTimeout(90_000);
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
