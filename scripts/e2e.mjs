// Playwright on Debian's Chromium against a fresh data directory with known test accounts.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { isPrepared, prepareE2eData } from "./e2e-data.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("> Installing Debian's chromium (apt-get install -y chromium)…");
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit" });
    const install = update.status === 0 && spawnSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (install && install.status === 0 && fs.existsSync(chromium)) return;
  }
  console.error(`✖ Chromium not found at ${chromium}. Install Debian's package: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

ensureChromium();
buildIfNeeded();

// A data directory `npm test` prepared while lint and the build ran (scripts/e2e-data.mjs), or a fresh one.
const prepared = process.env.E2E_PREPARED_DATA_DIR;
const dataDir = prepared && isPrepared(prepared) ? prepared : prepareE2eData(fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-e2e-")));

// The local Stripe stand-in (test/stripe-local): the app pays through it and it posts signed events to the webhook.
const appPort = Number(process.env.E2E_PORT ?? 3100);
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 12199);
const stripeEnv = {
  STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e",
  PAYMENT_TEST_MODE: "1",
};
const standIn = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/stripe-local/main.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, STRIPE_LOCAL_PORT: String(stripePort), STRIPE_WEBHOOK_URL: `http://localhost:${appPort}/api/stripe/webhook`, STRIPE_WEBHOOK_SECRET: stripeEnv.STRIPE_WEBHOOK_SECRET },
});

const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, ...stripeEnv, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium },
});
standIn.kill();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
