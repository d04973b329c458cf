import { expect, test } from "@playwright/test";
import { ACCOUNTS, cookieNames, logInPage } from "./fixtures";
import { DEMO_MASTERS } from "../lib/domain/demo/demo-masters";

const GATED = ["/user/invite", "/user/account", "/user/notif", "/user/invitation", "/user/unsubscribe"];

test.describe("login gates (SPEC §5)", () => {
  for (const path of GATED) {
    test(`a visitor at ${path} is sent to /?r=<full path>`, async ({ request }) => {
      const res = await request.get(`${path}?tab=2&code=AB12`, { maxRedirects: 0 });
      expect(res.status()).toBe(307);
      expect(res.headers()["location"]).toBe(`/?r=${encodeURIComponent(`${path}?tab=2&code=AB12`)}`);
    });

    test(`a forged token at ${path} gets the same redirect and no member data`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "token", value: "forged-or-expired", url: baseURL! }]);
      await page.goto(path);
      await expect(page).toHaveURL(`/?r=${encodeURIComponent(path)}`);
      await expect(page.getByTestId("account-info")).toHaveCount(0);
    });
  }

  test("a member sees their own account data", async ({ page }) => {
    await logInPage(page, "member");
    const res = await page.goto("/user/account");
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("account-info")).toContainText(ACCOUNTS.member.nickname);
    await expect(page.getByTestId("account-info")).toContainText("普通会员");
    expect(res?.headers()["cache-control"]).toMatch(/no-store/);
  });

  test("a visitor at /user/subscription (not gated by SPEC §5) sees the page with a login prompt", async ({ page }) => {
    const res = await page.goto("/user/subscription");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL("/user/subscription");
    await expect(page.getByRole("heading", { name: "我的订阅" })).toBeVisible();
    await expect(page.getByText("登录后查看你的会员与订单")).toBeVisible();
    await expect(page.getByTestId("level-name")).toHaveCount(0);
    await page.getByRole("link", { name: "登录 / 注册" }).click();
    await expect(page).toHaveURL(`/login?r=${encodeURIComponent("/user/subscription")}`);
  });

  test("the home page opens the login dialog for r, and logging in returns to r", async ({ page }) => {
    await page.goto("/user/account?tab=2");
    await expect(page).toHaveURL(`/?r=${encodeURIComponent("/user/account?tab=2")}`);
    const dialog = page.getByRole("dialog", { name: "登录 / 注册" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: "密码登录" }).click();
    await dialog.getByPlaceholder("请输入手机号或邮箱").fill(ACCOUNTS.member.email);
    await dialog.getByPlaceholder("请输入密码").fill(ACCOUNTS.member.password);
    await dialog.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL("/user/account?tab=2");
    await expect(page.getByTestId("account-info")).toContainText(ACCOUNTS.member.nickname);
    const names = await cookieNames(page.context());
    expect(names).toEqual(expect.arrayContaining(["token", "userinfo"]));
    const token = (await page.context().cookies()).find((c) => c.name === "token");
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe("Lax");
  });

  test("r is never followed off-site", async ({ page }) => {
    await page.goto(`/?r=${encodeURIComponent("//evil.example/x")}`);
    const dialog = page.getByRole("dialog", { name: "登录 / 注册" });
    await dialog.getByRole("tab", { name: "密码登录" }).click();
    await dialog.getByPlaceholder("请输入手机号或邮箱").fill(ACCOUNTS.member.email);
    await dialog.getByPlaceholder("请输入密码").fill(ACCOUNTS.member.password);
    await dialog.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the login dialog stays closed without r, and for a logged-in member", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await logInPage(page, "member");
    await page.goto("/?r=%2Fuser%2Faccount");
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("logout ends the session on the server and clears both cookies", async ({ page, baseURL }) => {
    const token = await logInPage(page, "member");
    const res = await page.context().request.post("/api/auth/logout", { headers: { Origin: baseURL! } });
    expect(res.status()).toBe(200);
    expect(await cookieNames(page.context())).not.toContain("token");
    expect(await cookieNames(page.context())).not.toContain("userinfo");
    const info = await page.context().request.get(`/api/user/info?token=${token}`);
    expect(info.status()).toBe(401);
  });
});

test.describe("/admin", () => {
  test("visitors are sent to log in", async ({ request }) => {
    const res = await request.get("/admin", { maxRedirects: 0 });
    expect(res.headers()["location"]).toBe("/?r=%2Fadmin");
  });

  test("members get the 403 screen with HTTP 403", async ({ page }) => {
    await logInPage(page, "member");
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "访问被拒绝" })).toBeVisible();
  });

  test("editors get the admin home", async ({ page }) => {
    await logInPage(page, "editor");
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "管理后台" })).toBeVisible();
    await expect(page.getByTestId("admin-count-大神")).toHaveText(String(DEMO_MASTERS.length));
  });
});
