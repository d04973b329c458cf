import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { copyOfPreparedData, operatorCommands } from "./data-copies";
import { startOwnServer, type OwnServer } from "./own-server";

const FIXTURES = path.join(process.cwd(), "lib/domain/statements/fixtures");
/** Screenshots for the review of the page (ADR 0047), outside the repository unless asked for. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? "";

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

/**
 * On a server of its own (a fresh data directory without the demo): the masters it creates would otherwise change the
 * master counts and the directory order other specs read from the suite's shared database.
 */
const port = Number(process.env.E2E_BULK_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 3);
const base = `http://localhost:${port}`;
const admin = { email: "bulk-admin@e2e.test", password: "meadow-lark-58" };

let server: OwnServer;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = copyOfPreparedData("migrated", "lianghua-bulk-");
  const env: Record<string, string> = { PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, DEMO_DATA: "0" };
  operatorCommands([["user:create", "--email", admin.email, "--password", admin.password, "--nickname", "批量管理员", "--role", "admin"]], env);
  server = await startOwnServer({ env });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function logIn(page: Page) {
  const login = await page.context().request.post(`${base}/api/auth/login`, { headers: { origin: base }, data: { account: admin.email, password: admin.password } });
  expect(login.status()).toBe(200);
}

for (const width of [375, 1280]) {
  test(`批量导入 on /admin/traders at ${width} px: two good files and a broken one, a result each`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page);
    await page.goto(`${base}/admin/traders`);
    const form = page.getByRole("form", { name: "批量导入" });
    await expect(form).toBeVisible();
    const stamp = `${width}-${Date.now().toString(36)}`;
    await form.locator('input[type="file"]').setInputFiles([
      { name: `同花顺-${stamp}.xls`, mimeType: "application/vnd.ms-excel", buffer: fs.readFileSync(path.join(FIXTURES, "ths.xls")) },
      { name: `国金-${stamp}.csv`, mimeType: "text/csv", buffer: fs.readFileSync(path.join(FIXTURES, "guojin.csv")) },
      { name: `坏文件-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from("这不是交割单\n只是一段文字\n") },
      { name: "masters.csv", mimeType: "text/csv", buffer: Buffer.from(`file,name,bio,styleTags,disclosureDelayDays\n同花顺-${stamp}.xls,批量甲${stamp},短线,打板|短线,2\n`) },
    ]);
    await form.getByRole("button", { name: "批量导入" }).click();
    const results = page.getByTestId("bulk-results");
    await expect(results).toBeVisible({ timeout: 60_000 });
    await expect(results).toContainText("已导入 2 个文件，1 个未导入");
    const rows = results.getByTestId("bulk-result");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: `坏文件-${stamp}.csv` })).toContainText("未导入");
    await expect(results.getByRole("link", { name: `批量甲${stamp}` })).toHaveAttribute("href", /^\/admin\/traders\/[0-9a-f-]{36}$/);
    await expect(results.getByRole("link", { name: `国金-${stamp}` })).toBeVisible();
    // the page's list shows the new masters; the broken file left none
    await expect(page.getByTestId("admin-masters")).toContainText(`批量甲${stamp}`);
    await expect(page.getByTestId("admin-masters")).not.toContainText(`坏文件-${stamp}`);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await shoot(page, `admin-traders-bulk-${width}.png`);
    if (SHOTS) await form.locator("xpath=..").screenshot({ path: path.join(SHOTS, `admin-traders-bulk-section-${width}.png`) });
  });
}
