import { expect, test } from "@playwright/test";

const TEXT = "股市有风险，投资需谨慎。本平台所有内容仅供学习参考，不构成任何投资建议，据此操作，风险自担。";

test("the risk disclaimer stays closed across a reload for 7 days, then returns", async ({ page }) => {
  await page.goto("/god");
  const bar = page.getByRole("region", { name: "风险提示" });
  await expect(bar).toContainText(TEXT);
  const before = Date.now();
  await bar.getByRole("button", { name: "7天内不再提示" }).click();
  await expect(bar).toHaveCount(0);
  const stored = Number(await page.evaluate(() => localStorage.getItem("disclaimerClosedTime")));
  expect(stored).toBeGreaterThanOrEqual(before);

  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: "风险提示" })).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem("disclaimerClosedTime", String(Date.now() - 7 * 86_400_000 - 1000)));
  await page.reload();
  await expect(page.getByRole("region", { name: "风险提示" })).toContainText(TEXT);
});

test("the disclaimer bar is fixed to the bottom of a phone screen, on top of the tab bar", async ({ page }) => {
  await page.goto("/");
  const box = await page.getByRole("region", { name: "风险提示" }).boundingBox();
  const tabs = await page.getByRole("navigation", { name: "底部导航" }).boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.abs(box!.y + box!.height - tabs!.y)).toBeLessThanOrEqual(1);
  expect(Math.round(tabs!.y + tabs!.height)).toBe(viewport.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
