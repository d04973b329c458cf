import { expect, test } from "@playwright/test";
import { logInPage } from "./fixtures";

const DAY_MS = 86_400_000;
/** The last day of access shown for a grant of `days` starting now (Asia/Shanghai). */
function endDateAfter(days: number): string {
  return new Date(Date.now() + days * DAY_MS + 8 * 3_600_000 - 1).toISOString().slice(0, 10);
}

test.describe("buying a membership", () => {
  test("VIP monthly in 测试模式: a declined card says why, 4242 pays, and the level and end date change", async ({ page }) => {
    await logInPage(page, "buyer");
    await page.goto("/user/subscription");
    await expect(page.getByTestId("level-name")).toHaveText("普通会员");

    await page.goto("/price");
    await page.getByTestId("tier-vip").getByRole("button", { name: /开通/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: /立即开通 VIP/ }).click();
    await expect(page).toHaveURL(/\/pay\?plan=vip-month/);
    await expect(page.getByTestId("pay-amount")).toContainText("68.00");

    await page.getByRole("radio", { name: /测试支付/ }).check();
    await page.getByTestId("confirm-order").click();
    await expect(page).toHaveURL(/\/paytest\?order=[0-9a-f-]{36}/);
    await expect(page.getByTestId("test-mode-banner")).toBeVisible();

    await page.getByTestId("test-card-number").fill("4000 0000 0000 0002");
    await page.getByTestId("test-card-expiry").fill("12/40");
    await page.getByTestId("test-card-cvc").fill("123");
    await page.getByTestId("test-card-submit").click();
    await expect(page.getByTestId("test-card-error")).toContainText("拒绝");

    await page.getByTestId("test-card-number").fill("4242 4242 4242 4242");
    await page.getByTestId("test-card-submit").click();
    await expect(page).toHaveURL(/\/pay\/result\?order=/);
    await expect(page.getByTestId("order-outcome")).toContainText("支付成功");
    await expect(page.getByTestId("outcome-level")).toContainText("VIP");
    // The browser's copy of the membership (the readable userinfo cookie the cached pages' menu reads) follows the
    // purchase and still ends with the login.
    const copy = async () => (await page.context().cookies()).find((c) => c.name === "userinfo");
    await expect.poll(async () => JSON.parse(decodeURIComponent((await copy())?.value ?? "{}")).levelEndDate).toBe(endDateAfter(30));
    expect((await copy())!.expires).toBeGreaterThan(Date.now() / 1000 + 86_400);
    await page.goto("/god");
    await page.getByRole("button", { name: /^用户菜单/ }).click();
    await expect(page.getByText(`有效期至 ${endDateAfter(30)}`)).toBeVisible();

    await page.goto("/user/subscription");
    await expect(page.getByTestId("level-name")).toHaveText("VIP");
    await expect(page.getByTestId("level-end-date")).toContainText(endDateAfter(30));
    await expect(page.getByTestId("receipt-row")).toHaveCount(1);
    await expect(page.getByTestId("order-row").first()).toContainText("已支付");
  });

  test("SVIP monthly with auto-renewal through Stripe's hosted Checkout, then auto-renewal stopped", async ({ page }) => {
    await logInPage(page, "subscriber");
    await page.goto("/pay?plan=svip-month");
    await page.getByRole("radio", { name: /Stripe 收银台/ }).check();
    await page.getByRole("checkbox", { name: /到期自动续费/ }).check();
    await page.getByTestId("confirm-order").click();
    await expect(page).toHaveURL(/\/stripePay1\?order=/);
    await page.getByTestId("hosted-checkout").click();

    // The local Stripe stand-in's hosted page (scripts/e2e.mjs starts it).
    await expect(page).toHaveURL(/\/checkout\/cs_/);
    await page.getByRole("button", { name: /支付/ }).click();

    await expect(page).toHaveURL(/\/stripePay\/result\?order=.*session_id=cs_/);
    await expect(page.getByTestId("order-outcome")).toContainText("支付成功");
    await page.goto("/user/subscription");
    await expect(page.getByTestId("level-name")).toHaveText("SVIP");
    await expect(page.getByText("自动续费中")).toBeVisible();

    await page.goto("/user/unsubscribe");
    await page.getByRole("button", { name: "取消自动续费" }).click();
    await page.getByRole("button", { name: /确认取消/ }).click();
    await expect(page.getByText(/已取消自动续费/).first()).toBeVisible();
    await page.goto("/user/subscription");
    await expect(page.getByTestId("level-name")).toHaveText("SVIP");
    await expect(page.getByText(/已取消自动续费/).first()).toBeVisible();
  });

  test("hosted Checkout still works after Stripe forgets every customer and price (keys switched or deleted in the Dashboard)", async ({ page }) => {
    await logInPage(page, "buyer");
    const toHostedCheckout = async () => {
      await page.goto("/pay?plan=vip-quarter");
      await page.getByRole("radio", { name: /Stripe 收银台/ }).check();
      await page.getByTestId("confirm-order").click();
      await expect(page).toHaveURL(/\/stripePay1\?order=/);
      await page.getByTestId("hosted-checkout").click();
      await expect(page).toHaveURL(/\/checkout\/cs_/);
    };
    await toHostedCheckout(); // stores the buyer's Stripe customer and the plan's price

    // The stand-in (test/stripe-local) drops them, as a switch to other keys would.
    for (const type of ["customer", "price"]) {
      const res = await fetch(`${process.env.STRIPE_API_BASE}/_local/forget/${type}`, { method: "POST" });
      expect(((await res.json()) as { forgotten: string[] }).forgotten.length).toBeGreaterThan(0);
    }
    await toHostedCheckout();
    await page.getByRole("button", { name: /支付/ }).click();
    await expect(page).toHaveURL(/\/stripePay\/result\?order=.*session_id=cs_/);
    await expect(page.getByTestId("order-outcome")).toContainText("支付成功");
  });
});
