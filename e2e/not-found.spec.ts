import { expect, test } from "@playwright/test";
import { GUID } from "./fixtures";

test.describe("404 messages (SPEC §2, §5)", () => {
  for (const path of ["/nope", "/god/extra", "/quant/unknown", "/detail"]) {
    test(`unmatched ${path} → 404 "Page not found: ${path}"`, async ({ page }) => {
      const res = await page.goto(path + "?from=test");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "页面未找到" })).toBeVisible();
      await expect(page.getByTestId("error-detail")).toHaveText(`Page not found: ${path}`);
    });
  }

  const invalid = [
    "/list/other", "/list/god/0", "/list/god/abc", `/detail/${GUID}/2023-02-29`, `/detail/${GUID}/2024-03-01/600519/year`,
    "/rank/2024-05-06/month", "/rank/not-a-date", "/loss-tracker/2024-13-01", "/info/blogs", "/user/account/extra",
    "/detail/not-a-guid", "/analysis/not-a-guid", "/error/418",
  ];
  for (const path of invalid) {
    test(`failed validate rule ${path} → 404 "Page Not Found: {fullPath}"`, async ({ page }) => {
      const res = await page.goto(path + "?x=1");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "页面未找到" })).toBeVisible();
      await expect(page.getByTestId("error-detail")).toHaveText(`Page Not Found: ${path}?x=1`);
      await expect(page).toHaveTitle(/404 页面未找到/);
    });
  }
});
