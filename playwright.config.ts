import { defineConfig, devices } from "@playwright/test";

// The suite runs against a production build on its own port and a fresh data directory (scripts/e2e.mjs).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * Two workers share the suite's server (docs/testing.md). Per-address limits (login codes, wrong passwords, invited
 * registrations) would make one worker's tests spend the other's allowance, so each worker reaches the server as its
 * own client: the server trusts one proxy hop and each worker's requests carry the address that proxy would write.
 * This file is evaluated again in every worker, after Playwright has set TEST_PARALLEL_INDEX there.
 */
const WORKERS = 2;
const workerAddress = `10.91.0.${Number(process.env.TEST_PARALLEL_INDEX ?? 0) + 1}`;

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    // Off unless asked for (E2E_TRACE=retain-on-failure npm run test:e2e -- …): recording a trace of every action of
    // every test, to keep only the failures', cost CPU the whole run shares (docs/testing.md).
    trace: (process.env.E2E_TRACE as "on" | "off" | "retain-on-failure" | undefined) ?? "off",
    extraHTTPHeaders: { "x-forwarded-for": workerAddress },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "mobile", use: { ...devices["Pixel 7"], viewport: { width: 375, height: 812 } } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(port),
      SITE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      TRUSTED_PROXY_HOPS: "1",
      // Stripe through the local stand-in and the 测试模式 provider (scripts/e2e.mjs sets them).
      ...Object.fromEntries(
        ["STRIPE_API_BASE", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "PAYMENT_TEST_MODE"].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
      ),
    },
  },
});
