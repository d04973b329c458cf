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
/** a master whose statement has a fill above its day's high (e2e/fixtures/audit-forged.csv), for the 交割单体检 */
let auditedMaster = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = copyOfPreparedData("migrated", "lianghua-bulk-");
  const env: Record<string, string> = { PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, DEMO_DATA: "0" };
  const printed = operatorCommands([
    ["user:create", "--email", admin.email, "--password", admin.password, "--nickname", "批量管理员", "--role", "admin"],
    ["import:statement", path.join(__dirname, "fixtures/audit-forged.csv"), "--new-trader", "体检大神", "--public"],
    ["import:bars", path.join(__dirname, "fixtures/audit-bars.csv")],
  ], env);
  auditedMaster = /master ([0-9a-f-]{36})/.exec(printed)?.[1] ?? "";
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

test("交割单体检 on a master's page at 375 px: the badge, the failed fill's reason and the list of failures", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  expect(auditedMaster).not.toBe("");
  await page.goto(`${base}/detail/${auditedMaster}/2024-03-05`);
  // 3 fills: one inside its day's range, one above its high, one without a bar for its day
  await expect(page.getByTestId("audit-badge")).toContainText("3 笔成交中 1 笔经行情核验（33%）");
  await expect(page.getByTestId("audit-badge")).toContainText("1 笔未通过");
  await expect(page.getByTestId("fill-audit")).toContainText("体检未通过：成交价 31.90 高于当日最高 30.60");
  const failures = page.getByTestId("audit-failures");
  await expect(failures).toContainText("交割单体检未通过（1 项）");
  await expect(failures).toContainText("价格超出当日高低");
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await shoot(page, "detail-audit-375.png");
});
