import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { logIn, logInPage } from "./fixtures";

const EXPIRY_TITLE = (level: "VIP" | "SVIP") => new RegExp(`^你的 ${level} 将于 \\d{4}-\\d{2}-\\d{2} 到期$`);
/** A row's text also holds its body and button: match the title anywhere in it. */
const EXPIRY_ROW = (level: "VIP" | "SVIP") => new RegExp(`你的 ${level} 将于 \\d{4}-\\d{2}-\\d{2} 到期`);

async function addGrant(editor: APIRequestContext, userId: string, level: "vip" | "svip", days: number): Promise<string> {
  const res = await editor.post("/api/admin/members/grants", { data: { action: "add", userId, level, days, requestId: randomUUID() } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ ok: true, created: true });
  return body.grantId as string;
}

/** The header's unread count as the avatar button announces it (0 when it announces none). */
async function headerUnread(page: Page): Promise<number> {
  // On a page of the member's access class (ADR 0067) the count is read after hydration: wait until it is theirs.
  const trigger = page.locator("button.avatar-dropdown:not([data-unread-pending])");
  await expect(trigger).toBeVisible();
  const label = (await trigger.getAttribute("aria-label")) ?? "";
  const m = /，(\d+)条未读消息$/.exec(label);
  return m ? Number(m[1]) : 0;
}

test("the notification API refuses visitors, foreign origins and bad bodies", async ({ request }) => {
  const visitor = await request.post("/api/user/notifications", { data: { action: "read-all" } });
  expect([visitor.status(), (await visitor.json()).message]).toEqual([401, "请先登录"]);
  await logIn(request, "member");
  const foreign = await request.post("/api/user/notifications", { headers: { Origin: "https://evil.example" }, data: { action: "read-all" } });
  expect(foreign.status()).toBe(403);
  const bad = await request.post("/api/user/notifications", { data: { action: "read", ids: ["x"] } });
  expect([bad.status(), (await bad.json()).message]).toEqual([400, "参数无效：请指定要标记已读的消息"]);
});

test("a short grant brings expiry reminders; marking read updates the list and the header badge", async ({ page, playwright, baseURL }) => {
  const memberToken = await logInPage(page, "notified");
  const { data: me } = await (await page.context().request.get(`/api/user/info?token=${encodeURIComponent(memberToken)}`)).json();
  const editor = await playwright.request.newContext({ baseURL });
  await logIn(editor, "admin");
  const other = await playwright.request.newContext({ baseURL });
  await logIn(other, "svip");
  const grantIds: string[] = [];
  try {
    // 2 days of VIP, then 1 day of SVIP on top: the reminder runs for the member after each change.
    grantIds.push(await addGrant(editor, me.uguid, "vip", 2));
    grantIds.push(await addGrant(editor, me.uguid, "svip", 1));

    await page.goto("/user/notif");
    const unreadRows = page.locator('[data-testid="notification"][data-state="unread"]');
    const vipRow = unreadRows.filter({ hasText: EXPIRY_ROW("VIP") });
    const svipRow = unreadRows.filter({ hasText: EXPIRY_ROW("SVIP") });
    await expect(vipRow).toHaveCount(1);
    await expect(svipRow).toHaveCount(1);
    await expect(vipRow.getByRole("link", { name: EXPIRY_TITLE("VIP") })).toHaveAttribute("href", "/price");
    const unread = await unreadRows.count();
    expect(await headerUnread(page)).toBe(unread);
    await expect(page.getByTestId("unread-summary")).toHaveText(`${unread} 条未读`);

    // Another member cannot mark this member's notification read.
    const svipId = (await svipRow.getAttribute("data-id"))!;
    const foreign = await other.post("/api/user/notifications", { data: { action: "read", ids: [svipId] } });
    expect(await foreign.json()).toMatchObject({ ok: true, updated: 0 });

    // 标记已读 on one: it turns read and the badge counts one less.
    await vipRow.getByRole("button", { name: /^标记已读：/ }).click();
    await expect(page.locator('[data-testid="notification"][data-state="unread"]')).toHaveCount(unread - 1);
    await expect.poll(() => headerUnread(page)).toBe(unread - 1);
    await page.reload();
    await expect(page.locator('[data-testid="notification"][data-state="unread"]').filter({ hasText: EXPIRY_ROW("SVIP") })).toHaveCount(1);
    await expect(page.locator('[data-testid="notification"][data-state="read"]').filter({ hasText: EXPIRY_ROW("VIP") })).toHaveCount(1);

    // 全部已读 clears the list and the badge.
    await page.getByRole("button", { name: "全部已读" }).click();
    await expect(page.locator('[data-testid="notification"][data-state="unread"]')).toHaveCount(0);
    await expect(page.getByTestId("unread-summary")).toHaveText("没有未读消息");
    await expect(page.locator("button.avatar-dropdown")).toHaveAttribute("aria-label", "用户菜单");
    await page.goto("/");
    expect(await headerUnread(page)).toBe(0);
  } finally {
    // Leave the member at the free level for the other specs.
    for (const grantId of grantIds) await editor.post("/api/admin/members/grants", { data: { action: "end", grantId } });
    const { data } = await (await page.context().request.get(`/api/user/info?token=${encodeURIComponent(memberToken)}`)).json();
    expect(data.levelId).toBe(0);
    await editor.dispose();
    await other.dispose();
  }
});
