import { expect, test } from "@playwright/test";
import { ACCOUNTS, logInPage } from "./fixtures";
import { latestCode, latestMessage } from "./outbox";

function shanghaiDatePlus(days: number): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test("a newcomer registers by code from an invitation link and holds SVIP for 3 days", async ({ page, browser, baseURL }) => {
  // The inviter's code.
  const inviterContext = await browser.newContext({ baseURL });
  const inviterPage = await inviterContext.newPage();
  await logInPage(inviterPage, "member");
  const { data: inviter } = await (await inviterContext.request.get("/api/user/info")).json();

  await page.goto(`/login/${inviter.invitationCode}`);
  await expect(page.getByText(`使用邀请码 ${inviter.invitationCode} 注册，即得 3 天 SVIP。`)).toBeVisible();
  const form = page.locator("main");
  await form.getByRole("tab", { name: "验证码登录" }).click();
  const email = `newcomer-${Date.now()}@e2e.test`;
  await form.getByPlaceholder("请输入手机号或邮箱").fill(email);
  await expect(form.getByPlaceholder("填写好友的邀请码，注册即得3天SVIP")).toHaveValue(inviter.invitationCode);
  await form.getByRole("button", { name: "获取验证码" }).click();
  await expect(form.getByText("验证码已发送，10 分钟内有效")).toBeVisible();

  const message = await latestMessage(email);
  expect(message.code).toMatch(/^\d{6}$/);
  // The device is this context's signed device cookie (ADR 0027), set by its first page view; the inviter logged in
  // from another context.
  await form.getByPlaceholder("6 位数字").fill(message.code!);
  await form.getByRole("button", { name: "登录 / 注册" }).click();
  await expect(page).toHaveURL("/");

  await page.goto("/user/subscription");
  await expect(page.getByTestId("level-name")).toHaveText("SVIP");
  await expect(page.getByText(`有效期至 ${shanghaiDatePlus(3)}`)).toBeVisible();
  const { data: me } = await (await page.context().request.get("/api/user/info")).json();
  expect(me).toMatchObject({ levelId: 200, levelCode: "svip", email, mobile: email, levelEndDate: shanghaiDatePlus(3) });

  // The inviter sees the friend, masked, with the reward granted.
  await inviterPage.goto("/user/invitation");
  await expect(inviterPage.getByText("已发放 3 天 SVIP").first()).toBeVisible();
  await inviterContext.close();
});

test("a wrong code is refused with the tries left", async ({ page }) => {
  await page.goto("/login");
  const form = page.locator("main");
  await form.getByRole("tab", { name: "验证码登录" }).click();
  const email = `wrong-${Date.now()}@e2e.test`;
  await form.getByPlaceholder("请输入手机号或邮箱").fill(email);
  await form.getByRole("button", { name: "获取验证码" }).click();
  const code = await latestCode(email);
  await form.getByPlaceholder("6 位数字").fill(code === "000000" ? "111111" : "000000");
  await form.getByRole("button", { name: "登录 / 注册" }).click();
  await expect(form.getByRole("alert")).toHaveText("验证码错误，还可尝试 4 次");
});

test("the one-click link in the login e-mail logs in once", async ({ page, browser, baseURL }) => {
  const email = `magic-${Date.now()}@e2e.test`;
  const res = await page.context().request.post("/api/auth/code/send", { data: { account: email } });
  expect(res.status()).toBe(200);
  const link = /(\/auth\?token=[\w-]+)/.exec((await latestMessage(email)).text)![1]!;
  await page.goto(link);
  await expect(page).toHaveURL("/");
  const { data } = await (await page.context().request.get("/api/user/info")).json();
  expect(data.email).toBe(email);

  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByRole("heading", { name: "登录链接无效或已过期" })).toBeVisible();
  await other.close();
});

test("a reward claimed on the inviter's own device waits for review", async ({ page }) => {
  const { data: inviter } = await (async () => {
    await page.goto("/login");
    const form = page.locator("main");
    await form.getByRole("tab", { name: "密码登录" }).click();
    await form.getByPlaceholder("请输入手机号或邮箱").fill("editor@e2e.test");
    await form.getByPlaceholder("请输入密码").fill(ACCOUNTS.editor.password);
    // The device fingerprint is computed shortly after start-up: log in once this browser carries it.
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "_lh_fb"), { timeout: 10_000 }).toBe(true);
    await form.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL("/");
    const info = await (await page.context().request.get("/api/user/info")).json();
    await page.context().request.post("/api/auth/logout", { headers: { Origin: new URL(page.url()).origin } });
    return info;
  })();
  const email = `same-device-${Date.now()}@e2e.test`;
  await page.goto(`/login/${inviter.invitationCode}`);
  const form = page.locator("main");
  await form.getByRole("tab", { name: "验证码登录" }).click();
  await form.getByPlaceholder("请输入手机号或邮箱").fill(email);
  await form.getByRole("button", { name: "获取验证码" }).click();
  await form.getByPlaceholder("6 位数字").fill(await latestCode(email));
  await form.getByRole("button", { name: "登录 / 注册" }).click();
  await expect(page).toHaveURL("/");
  const { data: me } = await (await page.context().request.get("/api/user/info")).json();
  expect(me.levelCode).toBe("free");
  await page.goto("/user/notif");
  await expect(page.getByText("邀请奖励待审核")).toBeVisible();
});
