import { expect, test, type Page } from "@playwright/test";
import { logInPage } from "./fixtures";

/** Issue 22 item 3: one clock. Every page with market-day data dates it once, and they agree on the date. */
const PAGES = ["/", "/god", "/rank", "/loss-tracker", "/quant", "/quant/realtrade"];

async function asOfLine(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const line = page.getByTestId("data-as-of");
  await expect(line).toHaveCount(1);
  return (await line.textContent()) ?? "";
}

test("a visitor sees one 数据截至 date on every page, and how late the free sample is", async ({ page }) => {
  test.slow(); // ten page loads
  const lines = new Map<string, string>();
  for (const path of PAGES) lines.set(path, await asOfLine(page, path));
  const dates = new Set([...lines.values()].map((line) => line.match(/^数据截至 (\d{4}-\d{2}-\d{2})/)?.[1]));
  expect([...dates]).toHaveLength(1);
  const asOf = [...dates][0]!;
  expect(asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const masterHub = lines.get("/god")!;
  expect(masterHub).toContain("免费会员延迟 20 个交易日查看");
  expect(lines.get("/")).toBe(masterHub);
  const sample = masterHub.match(/最近可看 (\d{4}-\d{2}-\d{2})/)![1]!;
  expect(sample < asOf).toBe(true);
  expect(lines.get("/quant/realtrade")).toContain("非 SVIP 会员延迟 5 个交易日查看");
  expect(lines.get("/rank")).toBe(`数据截至 ${asOf}`);

  // the rankings and the loss tracker open on that day; the home page's 盈利榜 too
  await page.goto("/rank");
  await expect(page.locator("main")).toContainText(`${asOf} · 按当日（当周）平仓交易`);
  await page.goto("/loss-tracker");
  await expect(page.getByTestId("loss-stats")).toContainText(asOf);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: `盈利榜 · ${asOf}` })).toBeVisible();
  await page.goto("/god");
  const dayHeading = await page.getByRole("heading", { name: /^\d{4}-\d{2}-\d{2} 的交易$/ }).textContent();
  expect(dayHeading!.slice(0, 10) <= sample).toBe(true);
});

test("an SVIP sees the same 数据截至 date with no delay, and /god opens on that day", async ({ page }) => {
  await logInPage(page, "svip");
  const line = await asOfLine(page, "/god");
  const asOf = line.match(/^数据截至 (\d{4}-\d{2}-\d{2})$/)![1]!;
  await expect(page.getByRole("heading", { name: `${asOf} 的交易` })).toBeVisible();
  expect(await asOfLine(page, "/quant/realtrade")).toBe(`数据截至 ${asOf}`);
});
