import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { logInPage } from "./fixtures";

/**
 * Issue 20 point 1 on the real build: an SVIP article published from the admin form with an empty summary hands
 * none of its paid part to a visitor or a crawler (page HTML with its metadata and JSON-LD, the RSC payload, lists,
 * home, search, suggestions, RSS), and the form warns while an editor's own summary quotes the paid part.
 * Screenshots of the warning: test-results/paid-summary-{375,1280}.png.
 */

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TITLE = `导读很短的付费文章${Date.now() % 100_000}`;
const FREE = "只有一句免费导读。";
const PAID = "付费段落：首板次日竞价高开三个点以内才接力，仓位不超过两成，跌破分时均线立刻离场。";
const BODY = `${FREE}\n\n<!-- more -->\n\n${PAID}\n\n## 付费小结\n\n- 接力条件写在交易计划里\n- 止损价在买入前算好`;

/** Every 8-character run of the paid paragraph. */
const paidRuns = Array.from({ length: [...PAID].length - 7 }, (_, i) => [...PAID].slice(i, i + 8).join(""));

async function fillArticle(page: Page, summary: string) {
  await page.goto("/admin/articles/new");
  await page.getByLabel("可见等级").selectOption("200");
  await page.getByLabel("标题").fill(TITLE);
  await page.getByLabel("正文（Markdown）").fill(BODY);
  await page.getByLabel("摘要").fill(summary);
}

test.describe("paid text and summaries", () => {
  test("an SVIP article published without a summary shows visitors and crawlers only its lead-in", async ({ page, request }) => {
    await logInPage(page, "editor");
    await fillArticle(page, "");
    await expect(page.getByText(`自动摘要：${FREE}`)).toBeVisible();
    await page.getByRole("button", { name: "发布" }).click();
    await page.waitForURL(/\/admin\/articles\/[0-9a-f-]{36}$/);
    const infoguid = page.url().split("/").at(-1)!;

    const reads: [string, Record<string, string>][] = [
      [`/info/detail/${infoguid}`, {}],
      [`/info/detail/${infoguid}`, { "user-agent": GOOGLEBOT }],
      [`/info/detail/${infoguid}`, { RSC: "1" }],
      ["/info/case", {}],
      ["/", {}],
      [`/search/${encodeURIComponent(TITLE)}`, {}],
      [`/api/search/suggest?q=${encodeURIComponent(TITLE)}`, {}],
      ["/rss.xml", {}],
    ];
    for (const [url, headers] of reads) {
      const res = await request.get(url, { headers });
      expect([url, res.status()]).toEqual([url, 200]);
      const text = await res.text();
      expect([url, paidRuns.find((run) => text.includes(run)) ?? null]).toEqual([url, null]);
      if (url.startsWith("/info/detail")) expect(text).toContain(FREE);
    }
    const html = await (await request.get(`/info/detail/${infoguid}`)).text();
    expect(html).toContain(`<meta name="description" content="${FREE}"/>`);
    expect(html).toContain(`<meta property="og:description" content="${FREE}"/>`);
  });

  for (const width of [375, 1280]) {
    test(`the form warns at ${width} px while the editor's summary quotes the paid part`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      await logInPage(page, "editor");
      await fillArticle(page, "本文要点：首板次日竞价高开三个点以内才接力");
      const warning = page.getByTestId("summary-paid-warning");
      await expect(warning).toBeVisible();
      await expect(warning).toContainText("摘要引用了付费部分：“首板次日竞价高开三个点以内才接力”");
      await expect(page.getByLabel("摘要")).toHaveAttribute("aria-invalid", "true");
      // the level, title and summary fields with the warning at the top of the screen
      await page.getByLabel("可见等级").evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
      fs.mkdirSync("test-results", { recursive: true });
      await page.screenshot({ path: path.join("test-results", `paid-summary-${width}.png`) });

      await page.getByLabel("摘要").fill("");
      await expect(warning).toHaveCount(0);
      await expect(page.getByText(`自动摘要：${FREE}`)).toBeVisible();
    });
  }
});
