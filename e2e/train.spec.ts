import { expect, test, type Page } from "@playwright/test";
import { logInPage } from "./fixtures";

// The decision drill (docs/adr/0081) on the suite's 375 px phone: nothing from the drill's day on reaches the browser
// before the answer — not the page's HTML, its RSC payload nor the question's JSON — and the answer reveals the day.

const DATE = /\d{4}-\d{2}-\d{2}/g;

/**
 * The dates from `day` on that `text` holds, once the drill's own address is taken out: the day is in the address the
 * member opened (the router's state and the login link carry it), and only there.
 */
function datesFromDay(text: string, drill: { guid: string; day: string; code: string }): string[] {
  const { guid, day, code } = drill;
  const sep = String.raw`(?:/|%2F|\\?",\\?")`;
  const address = new RegExp(`${guid}${sep}${day}${sep}${code}`, "gi");
  return [...new Set(text.replace(address, "").match(DATE) ?? [])].filter((d) => d >= day);
}

async function openFirstDrill(page: Page) {
  await page.goto("/train");
  await page.locator('main a[href^="/train/"]').first().click();
  await expect(page).toHaveURL(/\/train\/[0-9a-f-]{36}$/);
  const link = page.locator('main a[href^="/train/"][href*="-"]').filter({ hasText: "·" }).first();
  const href = (await link.getAttribute("href"))!;
  const [, , guid, day, code] = href.split("/");
  // the router's own fetch of the drill's page is its RSC payload: asked again as it was sent (the browser does not
  // keep a streamed body once the page has moved on)
  const rsc = page.waitForRequest((r) => r.url().includes(href) && r.headers()["rsc"] === "1");
  await link.click();
  const sent = await rsc;
  const answer = await page.request.get(sent.url(), { headers: sent.headers() });
  expect(answer.status()).toBe(200);
  const payload = await answer.text();
  await expect(page.getByRole("heading", { name: "换你，你买不买？" })).toBeVisible();
  return { href, drill: { guid: guid!, day: day!, code: code! }, payload };
}

test.describe("换你，你买不买？", () => {
  test.setTimeout(90_000);

  test("a member answers a drill on a phone: before the answer nothing from the day on is sent, then the reveal shows the master's day", async ({ page }) => {
    await logInPage(page, "member");
    const { href, drill, payload } = await openFirstDrill(page);
    expect(datesFromDay(payload, drill), "RSC payload").toEqual([]);
    expect(payload).toContain(drill.code);

    const html = await (await page.request.get(href)).text();
    expect(datesFromDay(html, drill), "HTML").toEqual([]);
    const question = await page.request.get(`/api${href}`);
    expect(question.status()).toBe(200);
    const json = (await question.json()) as { bars: { date: string }[] };
    expect(json.bars.length).toBeGreaterThanOrEqual(20);
    expect(json.bars.every((b) => b.date < drill.day)).toBe(true);
    expect(datesFromDay(JSON.stringify(json), drill), "JSON").toEqual([]);

    await expect(page.getByTestId("study-note")).toBeVisible();
    await expect(page.getByTestId("drill-reveal")).toHaveCount(0);
    // the three choices sit in the lower half of the screen, in thumb reach
    const buy = page.getByRole("button", { name: "买入", exact: true });
    const box = (await buy.boundingBox())!;
    expect(box.y).toBeGreaterThan(740 / 2);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await buy.click();

    const reveal = page.getByTestId("drill-reveal");
    await expect(reveal).toBeVisible();
    await expect(page.getByTestId("drill-verdict")).toHaveText(/^与大神(一致|不同)：你选买入，大神当天(买入|卖出)/);
    await expect(reveal.getByRole("heading", { name: "大神当天的成交" })).toBeVisible();
    await expect(reveal.getByText(drill.day.slice(5)).first()).toBeVisible();
    await expect(reveal.getByRole("link", { name: "查看大神当天的交割单" })).toHaveAttribute("href", `/detail/${drill.guid}/${drill.day}/${drill.code}`);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);

    // answering again keeps the first answer; the page now opens on the reveal
    await page.reload();
    await expect(page.getByTestId("drill-verdict")).toContainText("你选买入");
    await expect(page.getByText("这道题你已答过")).toBeVisible();
    // and /train keeps it in the member's history, with the agreement it counts towards
    await page.goto("/train");
    await expect(page.getByTestId("train-history").locator(`a[href="${href}"]`)).toContainText("你买入");
    await expect(page.getByTestId("train-progress")).toContainText("已答");
  });

  test("a visitor sees the question but must log in to answer: the answer route says 401", async ({ page }) => {
    const { href } = await openFirstDrill(page);
    await expect(page.getByRole("link", { name: "登录" }).first()).toBeVisible();
    const answer = await page.request.post(`/api${href}/answer`, { data: { choice: "buy" } });
    expect(answer.status()).toBe(401);
  });
});
