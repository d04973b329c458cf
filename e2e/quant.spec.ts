import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { logIn, logInPage } from "./fixtures";

/** The header's unread count as the avatar button announces it (0 when it announces none). */
async function headerUnread(page: Page): Promise<number> {
  // On a page of the member's access class (ADR 0067) the count is read after hydration: wait until it is theirs.
  const trigger = page.locator("button.avatar-dropdown:not([data-unread-pending])");
  await expect(trigger).toBeVisible();
  const label = (await trigger.getAttribute("aria-label")) ?? "";
  const m = /，(\d+)条未读消息$/.exec(label);
  return m ? Number(m[1]) : 0;
}

async function strategyHrefs(page: Page): Promise<{ name: string; href: string }[]> {
  await page.goto("/quant");
  const links = page.locator('a[href^="/quant?s="]');
  await expect(links.first()).toBeVisible();
  const out: { name: string; href: string }[] = [];
  for (const link of await links.all()) out.push({ name: (await link.innerText()).trim(), href: (await link.getAttribute("href"))! });
  return out;
}

test.describe("quantitative strategies", () => {
  test("a visitor compares strategies and opens one: NAV against 沪深300, metrics, and the 回测 label", async ({ page }) => {
    await page.goto("/quant");
    await expect(page.getByText("回测").first()).toBeVisible();
    await expect(page.getByText("演示数据").first()).toBeVisible();
    const hrefs = await strategyHrefs(page);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    await page.goto(hrefs[0]!.href);
    await page.getByTestId("chart-box").first().scrollIntoViewIfNeeded(); // the chart loads as the reader scrolls towards it
    await expect(page.getByTestId("nav-chart")).toHaveAttribute("data-ready", "true");
    await expect(page.getByText("夏普比率").first()).toBeVisible();
    await expect(page.getByText("最大回撤").first()).toBeVisible();
  });

  test("a free member follows one strategy, is told the limit at the second, and unfollows", async ({ page }) => {
    test.setTimeout(60_000); // seven page loads and three follow actions: more than the 30 s one page's test is given
    await logInPage(page, "member");
    const [first, second] = await strategyHrefs(page);
    await page.goto(first!.href);
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await expect(page.getByRole("button", { name: /已关注|取消关注/ })).toBeVisible();
    await page.goto("/quant/trade");
    await expect(page.getByTestId("follow-count")).toContainText("已关注 1 个策略");

    await page.goto(second!.href);
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await expect(page.getByText(/普通会员最多关注 1 个策略/).first()).toBeVisible();

    await page.goto("/quant/trade");
    const unfollow = page.getByRole("button", { name: /已关注|取消关注/ }).first();
    await unfollow.click();
    if (await page.getByRole("button", { name: "取消关注" }).first().isVisible()) await page.getByRole("button", { name: "取消关注" }).first().click();
    await expect(page.getByText("你还没有关注任何策略")).toBeVisible();
  });

  test("an SVIP following a strategy sees a new signal in the header badge and the notifications", async ({ page, playwright, baseURL }) => {
    await logInPage(page, "svip");
    const strategies = await strategyHrefs(page);
    const live = strategies.find((s) => s.name.includes("实盘")) ?? strategies[0]!;
    const guid = new URL(live.href, baseURL).searchParams.get("s")!;
    await page.goto(live.href);
    const follow = page.getByRole("button", { name: "关注", exact: true });
    if (await follow.isVisible()) await follow.click();
    await expect(page.getByRole("button", { name: /已关注|取消关注/ })).toBeVisible();
    await page.goto("/");
    const before = await headerUnread(page);

    const editor = await playwright.request.newContext({ baseURL });
    await logIn(editor, "admin");
    const created = await editor.post(`/api/admin/strategies/${guid}`, { data: { action: "createKey" } });
    expect(created.status()).toBe(200);
    const { key } = await created.json();
    const machine = await playwright.request.newContext({ baseURL });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    const signal = { id: `e2e-${randomUUID()}`, date: today, time: "09:31:00", code: "600519", name: "贵州茅台", side: "buy", price: 1500, note: "E2E 测试信号" };
    const sent = await machine.post(`/api/quant/strategies/${guid}/signals`, { headers: { Authorization: `Bearer ${key}` }, data: { signals: [signal] } });
    expect(sent.status()).toBe(200);
    expect(await sent.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    const replay = await machine.post(`/api/quant/strategies/${guid}/signals`, { headers: { Authorization: `Bearer ${key}` }, data: { signals: [signal] } });
    expect(await replay.json()).toMatchObject({ accepted: 0, duplicates: 1 });
    const refused = await machine.post(`/api/quant/strategies/${guid}/signals`, { headers: { Authorization: "Bearer lh_sk_wrong" }, data: { signals: [signal] } });
    expect(refused.status()).toBe(401);

    await expect.poll(async () => {
      await page.reload();
      return headerUnread(page);
    }, { timeout: 20_000 }).toBe(before + 1);
    await page.goto("/user/notif");
    await expect(page.getByText(/买入 贵州茅台/).first()).toBeVisible();
    await page.goto("/quant/trade");
    await expect(page.getByText("E2E 测试信号").first()).toBeVisible();
    await editor.dispose();
    await machine.dispose();
  });

  test("实盘 is five trading days late for a free member and same-day for an SVIP", async ({ page }) => {
    await page.goto("/quant/realtrade");
    await expect(page.getByTestId("data-as-of")).toContainText("非 SVIP 会员延迟 5 个交易日查看");
    await logInPage(page, "svip");
    await page.goto("/quant/realtrade");
    await expect(page.getByText("SVIP：当日成交与持仓。")).toBeVisible();
  });
});
