import { expect, test } from "@playwright/test";
import { GUID } from "./fixtures";

// Every route of SPEC §2 as a visitor sees it: the status and a real, page-specific <title>.
const PUBLIC_ROUTES: [path: string, title: RegExp][] = [
  ["/", /量化学堂/],
  ["/god", /^大神交割单 - /],
  ["/test", /量化学堂/],
  ["/upload", /^上传交割单/],
  ["/login", /^登录/],
  ["/login/ABCD2345", /^登录/],
  ["/new", /^登录/],
  ["/quant", /^量化策略/],
  ["/quant/realtrade", /^策略实盘/],
  ["/quant/trade", /^策略跟单/],
  ["/list/god", /^大神交割单/],
  ["/list/quant/1", /^量化策略/],
  ["/list/case", /^交易案例/],
  ["/price", /^会员价格/],
  ["/disclaimer", /^免责声明/],
  ["/terms", /^用户协议/],
  ["/demo", /^组件演示/],
  ["/recs/ABCD2345/%E5%B0%8F%E6%98%8E", /^小明 邀请你加入量化学堂/],
  ["/recs", /邀请你加入量化学堂/],
  ["/info/case", /^交易案例/],
  ["/info/video", /^教学视频/],
  ["/search", /^搜索/],
  ["/search/%E7%AD%96%E7%95%A5", /^搜索：策略/],
  ["/rank", /^盈利榜/],
  ["/rank/2024-05-06/week/loss", /^亏损榜 2024-05-06 周榜/],
  ["/loss-tracker", /^亏损追踪/],
  ["/loss-tracker/2024-05-06", /^亏损追踪/],
  ["/train", /^换你，你买不买？交易训练/],
  ["/auth", /^登录验证/],
  ["/user/password", /^登录密码/],
];

for (const [path, title] of PUBLIC_ROUTES) {
  test(`${path} answers 200 with its own title`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  });
}

test("the demo data is labelled 演示数据 wherever it shows", async ({ page }) => {
  await page.goto("/god");
  // The demo masters' section says 演示数据 once (ADR 0039), not on every card.
  await expect(page.getByTestId("demo-section-note").first()).toContainText("演示数据");
  await expect(page.getByTestId("master-cards").getByText("演示数据")).toHaveCount(0);
  const firstMaster = page.getByTestId("master-cards").locator('a[href^="/detail/"]').first();
  await firstMaster.click();
  await expect(page).toHaveURL(/\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByText("演示数据").first()).toBeVisible();
  await expect(page.getByText("模拟行情").first()).toBeVisible();
});

test("/test/{guid} shows the detail page of a master", async ({ page }) => {
  await page.goto("/god");
  const href = await page.getByTestId("master-cards").locator('a[href^="/detail/"]').first().getAttribute("href");
  const res = await page.goto(href!.replace("/detail/", "/test/") + "/2024-05-06/600519/week");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("2024-05-06 没有成交记录。")).toBeVisible();
});

test("an article renders its Markdown body", async ({ page }) => {
  await page.goto("/info/news");
  await page.getByText("A股交易费用详解").click();
  await expect(page).toHaveURL(/\/info\/detail\//);
  await expect(page.getByRole("heading", { name: "三项费用" })).toBeVisible();
  await expect(page.getByText("演示数据").first()).toBeVisible();
});

test("search finds the demo article by a word of its title", async ({ page }) => {
  await page.goto("/search");
  const main = page.locator("main");
  await main.getByLabel("搜索关键词").fill("交割单");
  await main.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/\/search\/%E4%BA%A4%E5%89%B2%E5%8D%95$/);
  await expect(main.getByRole("link", { name: /交割单怎么看/ }).first()).toBeVisible();
});

test("search by pinyin initials finds the stock", async ({ page }) => {
  await page.goto("/search/gzmt");
  await expect(page.locator("main").getByText("贵州茅台").first()).toBeVisible();
  await expect(page.locator("main").getByText("600519").first()).toBeVisible();
});

test("the /recs landing records the invitation code in cfc_inv for 7 days", async ({ page, context }) => {
  await page.goto("/recs/ABCD2345/%E5%B0%8F%E6%98%8E");
  await expect(page.getByTestId("recs-headline")).toHaveText("小明 邀请你加入量化学堂，注册即得 3 天 SVIP");
  const cookie = (await context.cookies()).find((c) => c.name === "cfc_inv");
  expect(cookie?.value).toBe("ABCD2345");
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
});

test("the payment pages send visitors to log in and come back after", async ({ page }) => {
  for (const path of ["/pay?plan=vip-month", "/pay/result", "/stripePay", "/stripePay1", "/stripePay/result", "/paytest"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/");
    expect(url.searchParams.get("r")).toContain(path.split("?")[0]);
    await expect(page.getByRole("dialog")).toBeVisible();
  }
});

test("a master guid that does not exist is a 404 naming the path", async ({ page }) => {
  const res = await page.goto(`/detail/${GUID}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("error-detail")).toHaveText(`Page not found: /detail/${GUID}`);
});
