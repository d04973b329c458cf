import { expect, test } from "@playwright/test";

const SCREENS = [
  { code: 403, title: "访问被拒绝", text: "抱歉，您没有权限查看此页面" },
  { code: 404, title: "页面未找到", text: "您访问的页面可能已被删除、更名或暂时不可用" },
  { code: 500, title: "服务器内部错误", text: "服务器遇到了意外情况，技术团队已收到通知" },
  { code: 503, title: "服务暂时不可用", text: "服务器正在维护或负载过高，请稍后再试" },
];

for (const s of SCREENS) {
  test(`/error/${s.code} answers ${s.code} with logo, icon, message and both buttons`, async ({ page }) => {
    const res = await page.goto(`/error/${s.code}`);
    expect(res?.status()).toBe(s.code);
    await expect(page).toHaveTitle(new RegExp(`${s.code} ${s.title}`));
    await expect(page.getByRole("heading", { name: s.title })).toBeVisible();
    await expect(page.getByText(s.text)).toBeVisible();
    await expect(page.getByRole("link", { name: "返回首页" }).last()).toHaveAttribute("href", "/");
    await expect(page.locator("main svg").first()).toBeVisible();
    // Outside the default layout: no header navigation, no disclaimer bar.
    await expect(page.getByText("7天内不再提示")).toHaveCount(0);
    const support = page.getByRole("button", { name: "联系客服" }).or(page.getByRole("link", { name: "联系客服" }));
    await expect(support).toBeVisible();
  });
}

test("联系客服 falls back to e-mail when no chat is configured", async ({ page }) => {
  await page.goto("/error/500");
  const support = page.getByRole("link", { name: "联系客服" });
  await expect(support).toHaveAttribute("href", /^mailto:/);
});

test("返回首页 leads home", async ({ page }) => {
  await page.goto("/error/503");
  await page.getByRole("link", { name: "返回首页" }).last().click();
  await expect(page).toHaveURL("/");
});

test("the error screen reports what it showed", async ({ page, baseURL }) => {
  const posted = page.waitForRequest((r) => r.url() === `${baseURL}/api/Logs/Insert` && r.method() === "POST");
  await page.goto("/nope-report");
  const body = (await posted).postDataJSON();
  expect(body.Exception).toContain("404");
  expect(body.Exception).toContain("/nope-report");
});
