import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ACCOUNTS, logIn, logInPage } from "./fixtures";

/** The uguid of a fixture account, read through its own session. */
async function uguidOf(request: APIRequestContext, who: keyof typeof ACCOUNTS): Promise<string> {
  const token = await logIn(request, who);
  const { data } = await (await request.get(`/api/user/info?token=${encodeURIComponent(token)}`)).json();
  return data.uguid as string;
}

async function expectNoPageScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("/admin/members gates", () => {
  test("visitors are sent to log in, members get 403 and the API refuses them", async ({ page, request }) => {
    const visitor = await request.get("/admin/members?q=x", { maxRedirects: 0 });
    expect(visitor.headers()["location"]).toBe("/?r=%2Fadmin%2Fmembers%3Fq%3Dx");

    await logInPage(page, "member");
    const res = await page.goto("/admin/members");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "访问被拒绝" })).toBeVisible();
    const api = page.context().request;
    const userId = await uguidOf(api, "member");
    expect((await page.goto(`/admin/members/${userId}`))?.status()).toBe(403);
    const grant = await api.post("/api/admin/members/grants", { data: { action: "add", userId, level: "svip", days: 3660, requestId: randomUUID() } });
    expect(grant.status()).toBe(403);
    expect(await grant.json()).toEqual({ message: "访问被拒绝" });
    const review = await api.post("/api/admin/referrals", { data: { action: "approve", referralId: randomUUID() } });
    expect(review.status()).toBe(403);
    const info = await (await api.get("/api/user/info")).json();
    expect(info.data.levelId).toBe(0);
  });

  test("editors get the 403 screen too, and the grant, referral and plan APIs refuse them (ADR 0028)", async ({ page }) => {
    await logInPage(page, "editor");
    for (const path of ["/admin/members", "/admin/plans"]) expect([path, (await page.goto(path))?.status()]).toEqual([path, 403]);
    await expect(page.getByRole("heading", { name: "访问被拒绝" })).toBeVisible();
    const api = page.context().request;
    const userId = await uguidOf(api, "editor");
    const grant = await api.post("/api/admin/members/grants", { data: { action: "add", userId, level: "svip", days: 3660, requestId: randomUUID() } });
    expect([grant.status(), await grant.json()]).toEqual([403, { message: "访问被拒绝" }]);
    const price = await api.post("/api/admin/plans", { data: { planId: "svip-year", name: "SVIP 年卡", priceFen: 100, active: true } });
    expect(price.status()).toBe(403);
    const review = await api.post("/api/admin/referrals", { data: { action: "approve", referralId: randomUUID() } });
    expect(review.status()).toBe(403);
    expect((await (await api.get("/api/user/info")).json()).data.levelId).toBe(0);
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "管理功能" }).getByRole("link")).toHaveText([/大神管理/, /策略管理/, /文章管理/]);
  });

  test("a member id that is not a guid is the validate-rule 404; an unknown one is a 404 too", async ({ page }) => {
    await logInPage(page, "admin");
    const bad = await page.goto("/admin/members/not-a-guid?x=1");
    expect(bad?.status()).toBe(404);
    await expect(page.getByTestId("error-detail")).toHaveText("Page Not Found: /admin/members/not-a-guid?x=1");
    const unknown = await page.goto(`/admin/members/${randomUUID()}`);
    expect(unknown?.status()).toBe(404);
  });

  test("the grant API explains bad input and refuses foreign origins", async ({ request }) => {
    const userId = await uguidOf(request, "member");
    await logIn(request, "admin");
    const zero = await request.post("/api/admin/members/grants", { data: { action: "add", userId, level: "vip", days: 0, requestId: randomUUID() } });
    expect([zero.status(), (await zero.json()).message]).toEqual([400, "天数须在 1–3660 之间"]);
    const foreign = await request.post("/api/admin/members/grants", {
      headers: { Origin: "https://evil.example" },
      data: { action: "add", userId, level: "vip", days: 1, requestId: randomUUID() },
    });
    expect(foreign.status()).toBe(403);
    const review = await request.post("/api/admin/referrals", { data: { action: "approve", referralId: randomUUID() } });
    expect([review.status(), (await review.json()).message]).toEqual([404, "邀请记录不存在"]);
  });
});

test("an administrator finds a member, grants VIP through the page, the member sees it, and ends it", async ({ page, browser, baseURL }) => {
  await logInPage(page, "admin");
  await page.goto("/admin");
  await page.getByRole("link", { name: /会员管理/ }).click();
  await expect(page).toHaveURL("/admin/members");
  await expect(page.getByRole("heading", { name: "会员管理", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^待审核的邀请奖励（\d+）$/ })).toBeVisible();
  await expectNoPageScroll(page);

  await page.getByRole("searchbox", { name: "邮箱、手机号、昵称或邀请码" }).fill(ACCOUNTS.grantee.email);
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/\/admin\/members\?q=grantee%40e2e\.test$/);
  await expect(page.getByTestId("member-total")).toHaveText(`“${ACCOUNTS.grantee.email}”：共 1 人`);
  const results = page.getByTestId("member-results");
  await expect(results.getByRole("row")).toHaveCount(2);
  await expectNoPageScroll(page);
  await results.getByRole("link", { name: ACCOUNTS.grantee.nickname }).click();

  await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: ACCOUNTS.grantee.nickname, level: 1 })).toBeVisible();
  await expect(page.getByTestId("member-email")).toHaveText(ACCOUNTS.grantee.email);
  await expect(page.getByTestId("member-level")).toHaveText("普通会员");
  await expectNoPageScroll(page);

  const form = page.getByRole("form", { name: "添加会员授权" });
  await form.getByLabel("等级").selectOption("vip");
  await form.getByLabel(/天数/).fill("30");
  await form.getByRole("button", { name: "添加授权" }).click();
  await expect(page.getByText("已添加 30 天 VIP")).toBeVisible();
  await expect(page.getByTestId("member-level")).toHaveText("VIP");
  await expect(page.getByTestId("member-level-end")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  const active = page.locator('[data-testid="grant-row"][data-state="active"]');
  await expect(active).toHaveCount(1);
  await expect(active).toContainText("管理员");
  await expect(active).toContainText(/admin:[0-9a-f-]{36}:[0-9a-f-]{36}/);
  await expectNoPageScroll(page);

  // The member sees the level on their own pages.
  const memberContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const memberPage = await memberContext.newPage();
  await logInPage(memberPage, "grantee");
  await memberPage.goto("/user/subscription");
  await expect(memberPage.getByTestId("level-name")).toHaveText("VIP");

  // The administrator ends it: the member is back to the free level.
  await page.getByRole("button", { name: /^结束授权：VIP/ }).click();
  await page.getByRole("dialog", { name: "立即结束授权" }).getByRole("button", { name: "结束授权" }).click();
  await expect(page.getByText("授权已结束")).toBeVisible();
  await expect(page.getByTestId("member-level")).toHaveText("普通会员");
  await expect(page.locator('[data-testid="grant-row"][data-state="active"]')).toHaveCount(0);
  await memberPage.goto("/user/subscription");
  await expect(memberPage.getByTestId("level-name")).toHaveText("普通会员");
  await memberContext.close();
});

test("member search pages through everyone and finds by invitation code", async ({ page }) => {
  await logInPage(page, "admin");
  await page.goto("/admin/members");
  await expect(page.getByTestId("member-total")).toHaveText(/^全部会员：共 \d+ 人$/);
  const code = (await page.getByTestId("member-results").locator("td.font-mono").first().textContent())!.trim();
  await page.goto(`/admin/members?q=${code.toLowerCase()}`);
  await expect(page.getByTestId("member-results").getByRole("row")).toHaveCount(2);
  await page.goto("/admin/members?q=nobody-matches-this&page=abc");
  await expect(page.getByText("没有找到会员")).toBeVisible();
  await expect(page.getByTestId("member-total")).toHaveText("“nobody-matches-this”：共 0 人");
});
