import { expect, test } from "@playwright/test";
import { logInPage } from "./fixtures";

test.describe("share dialog (SPEC §2, §4)", () => {
  test("visitors get the login dialog; on the login page they are told 请先登录", async ({ page }) => {
    await page.goto("/god");
    await page.getByRole("button", { name: "分享" }).first().click();
    await expect(page.getByRole("dialog", { name: "登录 / 注册" })).toBeVisible();
    await page.goto("/login");
    await page.locator("header").getByRole("button", { name: "分享" }).click();
    await expect(page.locator("[data-sonner-toast]")).toContainText("请先登录");
    await expect(page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).toHaveCount(0);
  });

  test("members share four links carrying their invitation code, copy them and use the QR channels", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await logInPage(page, "member");
    const { data } = await (await page.context().request.get("/api/user/info")).json();
    await page.goto("/god?code=OLDCODE1");
    await page.locator("header").getByRole("button", { name: "分享" }).click();
    const dialog = page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" });
    await expect(dialog).toBeVisible();
    for (const [key, path] of [["current", "/god"], ["home", "/"], ["master", "/list/god"], ["quant", "/list/quant"]]) {
      // The row shows the link shortened; its tooltip (and the copy buttons) carry the whole link.
      const value = (await dialog.getByTestId(`share-link-${key}`).getAttribute("title"))!;
      expect(new URL(value).pathname).toBe(path);
      expect(new URL(value).searchParams.getAll("code")).toEqual([data.invitationCode]);
    }

    await dialog.getByRole("button", { name: "仅复制链接" }).nth(2).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "链接复制成功" })).toBeVisible();
    expect(new URL(await page.evaluate(() => navigator.clipboard.readText())).pathname).toBe("/list/god");
    await dialog.getByRole("button", { name: "复制", exact: true }).first().click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "复制成功" }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`code=${data.invitationCode}`);

    await dialog.getByRole("button", { name: "微信" }).click();
    const qr = page.getByRole("dialog", { name: "分享到微信" });
    await expect(qr).toBeVisible();
    await expect(qr).toContainText("打开微信扫一扫，点击右上角“···”，选择分享到朋友圈或发送给朋友");
    await expect(page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).toHaveCount(0);
    await qr.getByRole("button", { name: "返回" }).click();
    await expect(page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" })).toBeVisible();

    await page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" }).getByRole("button", { name: "QQ" }).click();
    const qq = page.getByRole("dialog", { name: "分享到QQ" });
    await expect(qq).toContainText("打开QQ扫一扫");
    await qq.getByRole("button", { name: "关闭" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("Weibo opens the provider's share page with the text and the link", async ({ page }) => {
    await logInPage(page, "member");
    await page.goto("/");
    await page.locator("header").getByRole("button", { name: "分享" }).click();
    await page.context().route("https://service.weibo.com/**", (route) => route.fulfill({ status: 200, body: "weibo" }));
    const popup = page.waitForEvent("popup");
    await page.getByRole("dialog", { name: "分享 - 邀请好友得SVIP" }).getByRole("button", { name: "微博" }).click();
    const weibo = await popup;
    const url = new URL(weibo.url());
    expect(url.origin + url.pathname).toBe("https://service.weibo.com/share/share.php");
    expect(url.searchParams.get("url")).toMatch(/量化学堂[\s\S]*http:\/\/localhost:\d+\//);
  });
});
