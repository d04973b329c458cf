import { expect, test } from "@playwright/test";

test.describe("recommendation popup (SPEC §2)", () => {
  test("shows its inputs, closes on an overlay click and remembers it in its cookie for 1 day", async ({ page, context }) => {
    await page.goto("/demo");
    await page.getByRole("button", { name: "打开弹窗", exact: true }).click();
    const popup = page.getByRole("dialog", { name: "开通VIP，看懂大神每一笔" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("新会员首月特惠");
    await page.getByTestId("popup-overlay").click({ position: { x: 10, y: 10 } });
    await expect(popup).toHaveCount(0);
    await expect(page.getByTestId("popup-output")).toHaveText("最近一次输出：关闭");
    const cookie = (await context.cookies()).find((c) => c.name === "demo_popup_shown");
    expect(cookie).toBeTruthy();
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.95);
    expect(days).toBeLessThanOrEqual(1);
  });

  test("primary and secondary actions reach the parent", async ({ page }) => {
    await page.goto("/demo");
    await page.getByRole("button", { name: "打开弹窗", exact: true }).click();
    await page.getByRole("button", { name: "立即开通" }).click();
    await expect(page.getByTestId("popup-output")).toHaveText("最近一次输出：主按钮");
    await page.getByRole("button", { name: "打开弹窗", exact: true }).click();
    await page.getByRole("button", { name: "再看看" }).click();
    await expect(page.getByTestId("popup-output")).toHaveText("最近一次输出：次按钮");
  });

  test("while disabled the buttons show a loader and do nothing; the close control still closes", async ({ page }) => {
    await page.goto("/demo");
    await page.getByRole("button", { name: "打开弹窗（禁用状态）" }).click();
    const popup = page.getByRole("dialog", { name: "开通VIP，看懂大神每一笔" });
    const primary = popup.getByRole("button", { name: /立即开通/ });
    await expect(primary).toBeDisabled();
    await primary.click({ force: true });
    await expect(popup).toBeVisible();
    await expect(page.getByTestId("popup-output")).toHaveText("最近一次输出：无");
    await popup.getByRole("button", { name: "关闭" }).click();
    await expect(popup).toHaveCount(0);
  });
});

test("visitors who try to share are asked to log in", async ({ page }) => {
  await page.goto("/demo");
  await page.locator("main").getByRole("button", { name: "分享", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "登录 / 注册" })).toBeVisible();
});

test("identical toasts are grouped with a repeat counter", async ({ page }) => {
  await page.goto("/demo");
  await page.getByRole("button", { name: /重复提示/ }).click();
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText("网络异常 ×3");
});
