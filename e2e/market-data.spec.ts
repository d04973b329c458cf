import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { copyOfPreparedData, operatorCommands } from "./data-copies";
import { startOwnServer, type OwnServer } from "./own-server";
import { startTushareLocal, TUSHARE_LOCAL_TOKEN, type TushareLocal } from "../test/market-local/tushare";

/**
 * Issue 23 as a new operator meets it: a real broker export imported for a new master with the CLI, then a server
 * with MARKET_DATA_PROVIDER=tushare against the local Tushare Pro stand-in (test/market-local). The import queued a
 * sync of the statement's stocks; the worker runs it; an administrator sees it on /admin and can start another with
 * 同步行情; the master's page draws candles, volume and the B/S markers from the synced bars, for its stocks and for
 * its exchange-traded funds (most of that export), which come from Tushare's `fund_daily`. A third server from the
 * same build on E2E_PORT+2, with its own data directory and no demo data.
 */
const port = Number(process.env.E2E_MARKET_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);
const base = `http://localhost:${port}`;
const statementFile = path.resolve(__dirname, "../../shared/real-statements/files/citic_dzd_2024_2025.xls");
const admin = { email: "market-admin@e2e.test", password: "harbor-quill-37" };

let server: OwnServer;
let tushare: TushareLocal;
let dataDir: string;

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.skip(!fs.existsSync(statementFile), `real statements not found at ${statementFile} (CI has ../shared)`);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tushare = await startTushareLocal({ port: 0 });
  dataDir = copyOfPreparedData("migrated", "lianghua-market-");
  const env: Record<string, string> = {
    PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, DEMO_DATA: "0",
    MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: TUSHARE_LOCAL_TOKEN, TUSHARE_API_URL: tushare.url,
  };
  // the CLI as an operator runs it on this server's data directory, before the server starts (PGlite: one process)
  operatorCommands([
    ["user:create", "--email", admin.email, "--password", admin.password, "--nickname", "行情管理员", "--role", "admin"],
    ["import:statement", statementFile, "--new-trader", "中信实盘", "--public"],
  ], env);

  server = await startOwnServer({ env });
});

test.afterAll(async () => {
  await server?.stop();
  await tushare?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the import's sync runs in the worker and /admin shows it; 同步行情 starts another that has nothing left to fetch", async ({ page }) => {
  const login = await page.context().request.post(`${base}/api/auth/login`, { headers: { origin: base }, data: { account: admin.email, password: admin.password } });
  expect(login.status()).toBe(200);

  const section = page.getByTestId("market-data");
  await expect(async () => {
    await page.goto(`${base}/admin`);
    await expect(section).toContainText("Tushare Pro");
    await expect(section).toContainText("成功", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const barCalls = () => tushare.calls.filter((c) => c.api === "daily" || c.api === "fund_daily").length;
  const dailyCalls = barCalls();
  expect(tushare.calls.some((c) => c.api === "daily")).toBe(true);
  expect(tushare.calls.some((c) => c.api === "fund_daily")).toBe(true);

  await page.getByRole("button", { name: "同步行情" }).click();
  await expect(page.getByText(/已开始同步/)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(section).toContainText("管理后台", { timeout: 1_000 });
    await expect(section).toContainText("成功", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  // idempotent: the second run asked for no bars it already had
  expect(barCalls()).toBe(dailyCalls);
});

/** Opens the master's page on a day and symbol and checks the chart drew synced candles with B/S markers. */
async function expectSyncedChart(page: Page, day: string, code: string): Promise<void> {
  await page.goto(`${base}/god`);
  const href = await page.getByTestId("master-cards").getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/detail\/[0-9a-f-]{36}$/);
  await page.goto(`${base}${href}/${day}/${code}`, { waitUntil: "networkidle" });
  await expect(page.getByText("暂无该股票的行情数据")).toHaveCount(0);
  await page.getByTestId("chart-box").scrollIntoViewIfNeeded();
  const chart = page.getByTestId("kline-chart");
  await expect(chart).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  expect(Number(await chart.getAttribute("data-markers"))).toBeGreaterThan(0);
  await expect(page.getByTestId("chart-data-source").first()).toContainText("Tushare Pro");
  await expect(page.getByText("模拟行情")).toHaveCount(0);
}

test("the master's page draws the synced candles with the B/S markers, credited to Tushare Pro", async ({ page }) => {
  // 2025-03-12: the last day of 中远海控 (601919) in the export, a stock with bars from the sync
  await expectSyncedChart(page, "2025-03-12", "601919");
});

test("an ETF day of the same master has its candles and markers too, from fund_daily", async ({ page }) => {
  // 2025-06-11: 黄金9999 (518850) sold, the last day of its third round trip
  await expectSyncedChart(page, "2025-06-11", "518850");
  expect(tushare.calls.some((c) => c.api === "fund_daily" && c.subject === "518850.SH")).toBe(true);
});
