import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * Issue 22's first run (ADR 0034): a second server from the same build on another port, with a fresh data directory
 * and SITE_URL unset, as `PORT=… npm start` on a new machine. Forms work from http://localhost:PORT and
 * http://127.0.0.1:PORT, a foreign Origin is refused, start-up names the origin of absolute links, and the setup link
 * it prints makes the first administrator while the server runs.
 */
const port = Number(process.env.E2E_FIRST_RUN_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const local = `http://localhost:${port}`;
const loopback = `http://127.0.0.1:${port}`;

let server: OwnServer;
let dataDir: string;

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-first-run-"));
  server = await startOwnServer({
    env: { PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: "0" },
    unset: ["SITE_URL"],
    ready: (printed) => printed.includes("/setup?token="),
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("start-up names the origin absolute links use and prints a one-time setup link", () => {
  expect(server.output).toContain(`> Origin for absolute links (e-mails, sitemap, share links): ${local} (SITE_URL unset)`);
  expect(server.output).toMatch(new RegExp(`${local.replace(/[.:/]/g, "\\$&")}/setup\\?token=[A-Za-z0-9_-]{43}`));
  expect(server.output).not.toContain("⚠");
});

test("a POST from http://localhost:PORT and from http://127.0.0.1:PORT is accepted; a foreign Origin is refused", async ({ playwright }) => {
  const api = await playwright.request.newContext();
  const login = (base: string, origin: string, account: string) =>
    api.post(`${base}/api/auth/login`, { headers: { origin }, data: { account, password: "not-the-password" } });
  for (const [base, account] of [[local, "nobody-local@example.com"], [loopback, "nobody-loopback@example.com"]] as const) {
    const res = await login(base, base, account);
    expect([base, res.status(), (await res.json()).message]).toEqual([base, 401, "账号或密码错误"]);
  }
  for (const [base, origin] of [[local, "https://evil.example"], [loopback, local], [local, "http://localhost:3000"]] as const) {
    const res = await login(base, origin, "nobody-foreign@example.com");
    expect([origin, res.status(), (await res.json()).message]).toEqual([origin, 403, "请求来源无效"]);
  }
  await api.dispose();
});

test("per-address limits count the socket's peer: naming a fresh X-Forwarded-For per request does not escape them", async ({ playwright }) => {
  // no proxy is trusted here (TRUSTED_PROXY_HOPS unset), so whatever the client writes in X-Forwarded-For is its own word
  const api = await playwright.request.newContext();
  const statuses: number[] = [];
  for (let i = 0; i < 40 && !statuses.includes(429); i++) {
    statuses.push((await api.get(`${local}/api/search/suggest?q=${i}`, { headers: { "x-forwarded-for": `10.77.${i}.1` } })).status());
  }
  expect(statuses[0]).toBe(200);
  expect(statuses).toContain(429);
  await api.dispose();
});

test("the printed setup link makes the first administrator in the browser at 127.0.0.1, once", async ({ page }) => {
  const token = /\/setup\?token=([A-Za-z0-9_-]{43})/.exec(server.output)![1]!;
  await page.goto(`${loopback}/setup?token=${token}`);
  await expect(page.getByRole("heading", { name: "设置管理员" })).toBeVisible();
  await expect(page.getByLabel("设置令牌")).toHaveValue(token);
  await page.getByLabel("邮箱").fill("owner@first-run.test");
  await page.getByLabel("昵称（选填）").fill("站长");
  await page.getByLabel("新密码", { exact: true }).fill("harbor-lantern-58");
  await page.getByLabel("确认新密码").fill("harbor-lantern-58");
  await page.getByRole("button", { name: "创建管理员账号" }).click();
  await expect(page).toHaveURL(`${loopback}/admin`);
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect((await page.request.get(`${loopback}/admin/members`)).status()).toBe(200);

  await page.goto(`${loopback}/setup?token=${token}`);
  await expect(page.getByTestId("setup-closed")).toContainText("已经有管理员了");
  const again = await page.request.post(`${loopback}/api/auth/setup`, { headers: { origin: loopback }, data: { token } });
  expect(again.status()).toBe(403);
});
