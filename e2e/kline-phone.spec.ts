import { expect, test, type Page } from "@playwright/test";

// The suite's project is a 375 px touch phone (playwright.config.ts).

async function openMasterChart(page: Page) {
  await page.goto("/god");
  const href = await page.getByTestId("master-cards").getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/detail\/[0-9a-f-]{36}$/);
  // Settled first, as a reader scrolls a page that has finished loading (the chart loads once they scroll towards it).
  await page.goto(href!, { waitUntil: "networkidle" });
  await page.getByTestId("chart-box").scrollIntoViewIfNeeded();
  const chart = page.getByTestId("kline-chart");
  await expect(chart).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  return chart;
}

test.describe("the K-line on a phone", () => {
  test.setTimeout(60_000); // the chart library loads on scroll; on a busy test machine that alone can take seconds

  test("a tap on a bar with fills shows that day's prices, change, volume and each fill", async ({ page }) => {
    const chart = await openMasterChart(page);
    const canvas = chart.locator("[aria-hidden]").filter({ has: page.locator("canvas") }).first();
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    // The page's day has fills of the charted stock: find its bar the way a reader would, by the date the legend
    // shows under the pointer (dates grow to the right), then tap there.
    const day = (await page.getByRole("heading", { name: /成交明细$/ }).textContent())!.slice(0, 10);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const y = box.y + box.height * 0.3;
    const legendDate = async (x: number) => {
      await page.mouse.move(x, y);
      // the legend follows the crosshair on the next frames
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      return (await page.getByTestId("kline-legend").textContent())!.slice(0, 10);
    };
    let lo = box.x + 2;
    let hi = box.x + box.width - 56; // left of the price axis
    while (hi - lo > 1.5) {
      const mid = (lo + hi) / 2;
      if ((await legendDate(mid)) < day) lo = mid;
      else hi = mid;
    }
    const x = hi;
    expect(await legendDate(x)).toBe(day);
    await expect(page.getByTestId("kline-trade").first()).toBeVisible();

    await expect(page.getByTestId("kline-bar-panel")).toHaveCount(0);
    await page.touchscreen.tap(x, y);
    const panel = page.getByTestId("kline-bar-panel");
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAccessibleName(`${day} K线明细`);
    for (const label of ["开", "高", "低", "收", "量"]) await expect(panel.getByText(label, { exact: true })).toBeVisible();
    await expect(panel).toContainText(/[+-]?\d+\.\d{2}%/);
    const fills = panel.getByTestId("kline-bar-fill");
    expect(await fills.count()).toBeGreaterThan(0);
    // each fill with its 打法 when the day has a bar (docs/adr/0080): 低吸, 首板打板, 其他卖出 …
    await expect(fills.first()).toHaveText(/^(买入|卖出)(\d{2}:\d{2})?[\d,.万]+股@\d[\d,]*\.\d{2,3}(\D.*)?$/);
    await expect(fills.first().getByTestId("kline-fill-play")).toHaveText(/\S/);
    // the panel fits the phone: the page does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await panel.getByRole("button", { name: "关闭K线明细" }).tap();
    await expect(page.getByTestId("kline-bar-panel")).toHaveCount(0);
  });

  test("分时 says why it is unavailable, on tap and to screen readers", async ({ page }) => {
    await openMasterChart(page);
    const tab = page.getByRole("tab", { name: /分时/ });
    await expect(tab).toHaveAttribute("aria-disabled", "true");
    await expect(tab).toHaveAccessibleDescription(/分时数据暂未接入/);
    const note = page.getByTestId("period-unavailable-note");
    await expect(note).toBeHidden();
    // aria-disabled: Playwright will not tap it on its own, a reader can
    await tab.tap({ force: true });
    await expect(note).toBeVisible();
    await expect(note).toHaveText(/^分时数据暂未接入/);
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(375);
  });

  test("the chart library's logo is off the chart and its credit is written under it, with the link, after the bars' source", async ({ page }) => {
    const chart = await openMasterChart(page);
    await expect(chart.locator("a")).toHaveCount(0);
    const credit = page.getByTestId("chart-box").getByTestId("chart-credit");
    // the demo's bars are synthetic, and the line says where the bars came from before the library's credit
    await expect(credit.getByTestId("chart-data-source")).toHaveText(/^行情来源：模拟行情/);
    await expect(credit).toHaveText(/图表由 TradingView Lightweight Charts 提供$/);
    await expect(credit.getByRole("link", { name: "TradingView Lightweight Charts" })).toHaveAttribute("href", "https://www.tradingview.com/");
  });
});
