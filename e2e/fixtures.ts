import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

/** The accounts scripts/e2e.mjs creates before the server starts. */
export const ACCOUNTS = {
  member: { email: "member@e2e.test", password: "quiet-river-41", nickname: "测试会员" },
  editor: { email: "editor@e2e.test", password: "amber-kite-52", nickname: "测试编辑" },
  admin: { email: "admin@e2e.test", password: "lunar-tide-96", nickname: "测试管理员" },
  svip: { email: "svip@e2e.test", password: "velvet-moon-63", nickname: "测试SVIP" },
  buyer: { email: "buyer@e2e.test", password: "copper-fern-74", nickname: "测试买家" },
  subscriber: { email: "subscriber@e2e.test", password: "silent-orbit-85", nickname: "测试订阅" },
  // Accounts of one spec each, whose level or notifications change while other specs read member's (two workers).
  grantee: { email: "grantee@e2e.test", password: "maple-drift-29", nickname: "测试授权" },
  notified: { email: "notified@e2e.test", password: "cedar-spark-17", nickname: "测试提醒" },
} as const;

/**
 * The Accept header of a page request as browsers and crawlers send it. The page cache answers only requests for a
 * document (ADR 0065); Playwright's request context otherwise sends `*\/*`, as the router's own fetches do.
 */
export const DOCUMENT_REQUEST = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

export const GUID = "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10";

/** Logs in through the real endpoint; the context keeps the cookies it sets. */
export async function logIn(request: APIRequestContext, who: keyof typeof ACCOUNTS): Promise<string> {
  const { email, password } = ACCOUNTS[who];
  const res = await request.post("/api/auth/login", { data: { account: email, password } });
  expect(res.status()).toBe(200);
  const cookie = res.headers()["set-cookie"] ?? "";
  const token = /token=([^;]+)/.exec(cookie)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

export async function logInPage(page: Page, who: keyof typeof ACCOUNTS): Promise<string> {
  return logIn(page.context().request, who);
}

export async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name);
}
