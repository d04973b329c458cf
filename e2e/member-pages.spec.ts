import { expect, test } from "@playwright/test";
import { ACCOUNTS, logInPage } from "./fixtures";

test.describe("pages of a logged-in member", () => {
  test.beforeEach(async ({ page }) => {
    await logInPage(page, "svip");
  });

  const PAGES: [path: string, title: RegExp][] = [
    ["/user/account", /^账户设置/],
    ["/user/invite", /^邀请好友/],
    ["/user/invitation", /^邀请记录/],
    ["/user/notif", /^消息通知/],
    ["/user/unsubscribe", /^自动续费与邮件订阅/],
    ["/user/subscription", /^我的订阅/],
    ["/user", /^测试SVIP的主页/],
  ];
  for (const [path, title] of PAGES) {
    test(`${path} answers 200 with its title and is never cached`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      expect(res?.headers()["cache-control"]).toMatch(/no-store/);
    });
  }

  test("the subscription page shows the granted level", async ({ page }) => {
    await page.goto("/user/subscription");
    await expect(page.getByTestId("level-name")).toHaveText("SVIP");
    await expect(page.getByText(/有效期至 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  });

  test("the invite page shows the member's code, link and QR code", async ({ page }) => {
    await page.goto("/user/invite");
    const code = (await page.getByTestId("invitation-code").textContent())!.trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    await expect(page.getByLabel("邀请链接")).toHaveValue(new RegExp(`/login/${code}$`));
    await expect(page.getByRole("img", { name: "邀请链接二维码" })).toBeVisible();
  });

  test("a member's public page and blog routes resolve by uguid", async ({ page }) => {
    const { data } = await (await page.context().request.get("/api/user/info")).json();
    const res = await page.goto(`/user/${data.uguid}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: ACCOUNTS.svip.nickname })).toBeVisible();
    await expect(page.getByText("还没有发表博客")).toBeVisible();
    await page.goto("/user/blog");
    await expect(page.getByRole("heading", { name: "写博客" })).toBeVisible();
  });

  test("the header shows the member menu instead of 登录/注册", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("button.avatar-dropdown")).toBeVisible();
    await expect(page.getByRole("button", { name: "登录/注册" })).toHaveCount(0);
  });
});

test("a master's analysis page answers 200 for a real master", async ({ page }) => {
  await page.goto("/god");
  const href = await page.locator('a[href^="/detail/"]').first().getAttribute("href");
  const guid = href!.split("/")[2];
  for (const tail of ["", "/monthly", "/trades/2024", "/stocks/win"]) {
    const res = await page.goto(`/analysis/${guid}${tail}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/交割单分析/);
  }
});
