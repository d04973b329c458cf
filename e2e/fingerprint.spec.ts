import { expect, test, type Browser } from "@playwright/test";
import { config } from "../lib/config";
import { decryptPayload, FINGERPRINT_COOKIES } from "../lib/domain/fingerprint-payload";

/**
 * ADR 0022: the device fingerprint hashes the canvas image and measures WebGL and fonts in a Web Worker, off the
 * phone's main thread, under the page's CSP, and gets the values the page itself would: the same browser keeps the
 * same fingerprint.
 */
const CSP_VIOLATION = /Content Security Policy|violates the following/i;

async function fingerprintOf(browser: Browser, { workers }: { workers: boolean }) {
  // One device scale factor for both contexts: under the project's Pixel 7 emulation (2.625), Chromium draws the
  // canvas text with the emulated factor's font settings in some pages and with the host's (1) in others, so the
  // canvas signal itself would differ between two pages of one emulated phone (a real phone has one factor).
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (CSP_VIOLATION.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  await page.addInitScript((allowed) => {
    const probe = window as unknown as { Worker?: typeof Worker; workerAnswers: unknown[] };
    probe.workerAnswers = [];
    if (!allowed) {
      delete probe.Worker;
      return;
    }
    const PageWorker = probe.Worker!;
    probe.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener("message", (event) => probe.workerAnswers.push(event.data));
      }
    };
  }, workers);
  await page.goto("/disclaimer");
  const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name)?.value ?? "";
  await expect.poll(() => cookie(FINGERPRINT_COOKIES.hash), { timeout: 10_000 }).toMatch(/^[0-9a-f]{32}$/);
  const answers = await page.evaluate(() => (window as unknown as { workerAnswers: unknown[] }).workerAnswers);
  // The signals as the server reads them from the encrypted cookie (the e2e server runs with the default key and IV).
  const { fingerprintKey, fingerprintIv } = config();
  const payload = decryptPayload(decodeURIComponent(await cookie(FINGERPRINT_COOKIES.encryptedData)), fingerprintKey, fingerprintIv);
  const result = { hash: await cookie(FINGERPRINT_COOKIES.hash), signals: payload?.signals, answers, problems };
  await context.close();
  return result;
}

test("the fingerprint's canvas hash, WebGL and font probes run in a worker and give the page's own values", async ({ browser }) => {
  const offMainThread = await fingerprintOf(browser, { workers: true });
  expect(offMainThread.problems).toEqual([]);
  expect(offMainThread.answers).toEqual([
    { canvas: expect.stringMatching(/^[0-9a-f]{32}$/), webgl: expect.stringMatching(/^([0-9a-f]{32}|unsupported)$/), fonts: expect.any(String) },
  ]);
  expect((offMainThread.answers[0] as { fonts: string }).fonts).not.toMatch(/^(unsupported|error)$/);
  expect(offMainThread.signals).toMatchObject({ canvas: (offMainThread.answers[0] as { canvas: string }).canvas });

  const onThePage = await fingerprintOf(browser, { workers: false });
  expect(onThePage.answers).toEqual([]);
  expect(onThePage.signals).toEqual(offMainThread.signals);
  expect(onThePage.hash).toBe(offMainThread.hash);
});
