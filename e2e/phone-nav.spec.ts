import { expect, test, type Page } from "@playwright/test";
import { logInPage } from "./fixtures";

const WECHAT_UA =
  "Mozilla/5.0 (Linux; Android 13; V2196A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230303 MMWEBID/2280 MicroMessenger/8.0.34.2340(0x2800225B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";

const tabBar = (page: Page) => page.getByRole("navigation", { name: "底部导航" });

test.describe("the phone's bottom tab bar", () => {
  test("navigates 首页 / 大神 / 排行 / 策略 at 375 px and marks the current tab; a visitor's 我的 opens login", async ({ page }) => {
    test.setTimeout(60_000); // five full page loads
    await page.goto("/");
    const bar = tabBar(page);
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link", { name: "首页" })).toHaveAttribute("aria-current", "page");
    for (const [label, path] of [["大神", "/god"], ["排行", "/rank"], ["策略", "/quant"], ["首页", "/"]] as const) {
      await bar.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(bar.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    }
    await bar.getByRole("button", { name: "我的" }).click();
    await expect(page.getByRole("dialog", { name: "登录 / 注册" })).toBeVisible();
  });

  test("sits at the bottom of the screen with the risk bar on top of it, and the end of the page stays above both", async ({ page }) => {
    await page.goto("/god");
    const viewport = page.viewportSize()!;
    const bar = (await tabBar(page).boundingBox())!;
    expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
    const risk = (await page.getByRole("region", { name: "风险提示" }).boundingBox())!;
    expect(Math.abs(risk.y + risk.height - bar.y)).toBeLessThanOrEqual(1);
    expect(risk.height).toBeLessThanOrEqual(56);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.locator("footer").boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(risk.y + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("a member's 我的 is the account page, with upload one tap away; the user menu has upload too", async ({ page }) => {
    test.setTimeout(60_000); // four full page loads and the lazily loaded user menu
    await logInPage(page, "member");
    await page.goto("/");
    await tabBar(page).getByRole("link", { name: "我的" }).click();
    await expect(page).toHaveURL("/user/account");
    await expect(tabBar(page).getByRole("link", { name: "我的" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("navigation", { name: "常用功能" }).getByRole("link", { name: "上传交割单" }).click();
    await expect(page).toHaveURL("/upload");
    await expect(tabBar(page).getByRole("link", { name: "我的" })).toHaveAttribute("aria-current", "page");

    await page.goto("/");
    await page.getByRole("button", { name: /用户菜单/ }).click();
    await page.getByRole("menuitem", { name: "上传交割单" }).click();
    await expect(page).toHaveURL("/upload");
  });

  test("is hidden from md up", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/");
    await expect(tabBar(page)).toBeHidden();
  });
});

test.describe("sharing inside WeChat", () => {
  test("WeChat's user agent gets the 「···」 guide instead of a QR code, and the address carries the invitation code", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, userAgent: WECHAT_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await logInPage(page, "member");
    const { data } = await (await context.request.get("/api/user/info")).json();
    await page.goto("/god");
    await page.locator("header").getByRole("button", { name: "分享" }).click();
    await page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" }).getByRole("button", { name: "微信" }).click();
    const guide = page.getByRole("dialog", { name: "点击右上角「···」分享" });
    await expect(guide).toBeVisible();
    await expect(guide).toContainText("发送给朋友");
    await expect(page.getByRole("img", { name: "分享二维码" })).toHaveCount(0);
    await expect(page).toHaveURL(`/god?code=${data.invitationCode}`);
    // The arrow points at the top-right corner, where WeChat's 「···」 button is.
    const arrow = (await guide.getByTestId("share-guide-arrow").boundingBox())!;
    expect(arrow.x + arrow.width).toBeGreaterThan(375 - 40);
    expect(arrow.y).toBeLessThan(40);
    await guide.getByRole("button", { name: "我知道了" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await context.close();
  });

  test("an ordinary phone browser still gets SPEC's QR code", async ({ page }) => {
    await logInPage(page, "member");
    await page.goto("/god");
    await page.locator("header").getByRole("button", { name: "分享" }).click();
    await page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" }).getByRole("button", { name: "微信" }).click();
    await expect(page.getByRole("dialog", { name: "分享到微信" }).getByRole("img", { name: "分享二维码" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "点击右上角「···」分享" })).toHaveCount(0);
  });
});

test.describe("payment methods", () => {
  test("/price and /pay list 支付宝 and 微信支付 as Stripe offers them, and the pay dialog's 立即开通 is live", async ({ page }) => {
    await logInPage(page, "member");
    await page.goto("/price");
    await expect(page.getByTestId("pay-methods")).toContainText("银行卡");
    await expect(page.getByTestId("pay-methods")).toContainText("支付宝");
    await expect(page.getByTestId("pay-methods")).toContainText("微信支付");
    await page.getByTestId("tier-vip").getByRole("button", { name: /开通/ }).click();
    const dialog = page.getByRole("dialog", { name: "开通会员" });
    await expect(dialog.getByRole("radio", { name: /^月卡/ })).toHaveAttribute("aria-checked", "true");
    await expect(dialog.getByTestId("pay-off-reason")).toHaveCount(0);
    await dialog.getByRole("link", { name: /立即开通 VIP/ }).click();
    await expect(page).toHaveURL(/\/pay\?plan=vip-month/);
    await expect(page.getByRole("radio", { name: "银行卡 / 支付宝 / 微信支付" })).toBeVisible();
  });
});
