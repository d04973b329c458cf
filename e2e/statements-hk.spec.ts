import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * A hand-written export (e2e/fixtures/hk-derived-opening.csv): no fee columns but a net cash column (发生金额), so fees
 * are derived (推算); a 港股通 trip in 00700 腾讯控股 (HKD); and a sell of 600036 without an earlier buy (shares held
 * before the file). Fees by hand: 600519 buy 5.00, sell 92.50 → P&L 175,000 − 170,000 − 97.50 = +¥4,902.50.
 */
const FIXTURE = path.resolve(__dirname, "fixtures/hk-derived-opening.csv");

test("the upload preview shows 推算 fees, 港股通 apart from the A-share figures, and 未知期初持仓", async ({ page }) => {
  await page.goto("/upload");
  await page.getByTestId("statement-upload").locator('input[type="file"]').setInputFiles(FIXTURE);
  const preview = page.getByTestId("statement-preview");
  await expect(preview).toBeVisible();

  await expect(page.getByTestId("fee-basis-fact")).toContainText("推算");
  await expect(preview.getByTestId("fee-basis-note").first()).toContainText("按清算金额与成交金额之差算出");

  const hk = page.getByTestId("hk-section");
  await expect(hk).toContainText("港股通");
  await expect(hk).toContainText("00700.HK");
  await expect(preview).not.toContainText("000700");
  await expect(page.getByTestId("round-trip-table")).not.toContainText("00700");
  await expect(page.getByTestId("summary-cards")).toContainText("+¥4,902.50");

  const openings = page.getByTestId("unknown-openings");
  await expect(openings).toContainText("未知期初持仓");
  await expect(openings).toContainText("招商银行");
  await expect(openings).toContainText("导入前已持有，成本未知，不计入已实现盈亏");

  // nothing wider than the phone: wide tables scroll inside their own box
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
