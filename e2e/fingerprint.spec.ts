import { expect, test, type Browser } from "@playwright/test";

/**
 * ADR 0022: the device fingerprint hashes the canvas image and measures WebGL and fonts in a Web Worker, off the
 * phone's main thread, under the page's CSP, and gets the values the page itself would: the same browser keeps the
 * same fingerprint.
 */
const CSP_VIOLATION = /Content Security Policy|violates the following/i;

async function fingerprintOf(browser: Browser, { workers }: { workers: boolean }) {
  const context = await browser.newContext();
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
  const hash = async () => (await context.cookies()).find((c) => c.name === "_lh_fa")?.value ?? "";
  await expect.poll(hash, { timeout: 10_000 }).toMatch(/^[0-9a-f]{32}$/);
  const answers = await page.evaluate(() => (window as unknown as { workerAnswers: unknown[] }).workerAnswers);
  const result = { hash: await hash(), answers, problems };
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

  const onThePage = await fingerprintOf(browser, { workers: false });
  expect(onThePage.answers).toEqual([]);
  expect(onThePage.hash).toBe(offMainThread.hash);
});
