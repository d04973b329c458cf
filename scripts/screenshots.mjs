// Screenshots of pages at phone and desktop widths: node scripts/screenshots.mjs http://localhost:3000 out/ /god /price …
// With SHOT_ACCOUNT and SHOT_PASSWORD set, the pages are taken logged in as that member.
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

const [base = "http://localhost:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 }, deviceScaleFactor: 1, locale: "zh-CN" });
  if (process.env.SHOT_ACCOUNT) {
    const res = await page.request.post(`${base}/api/auth/login`, { data: { account: process.env.SHOT_ACCOUNT, password: process.env.SHOT_PASSWORD } });
    if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  }
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(base + p, { waitUntil: "load" });
    await page.waitForTimeout(800);
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
