import http from "node:http";
import { expect, test } from "@playwright/test";

/**
 * ADR 0061: a pooled keep-alive connection left idle for longer than Node's default 5 s is still open when the client
 * sends its next request on it. With the default, the server closed it at 5 s and a client that reused it as it closed
 * got ECONNRESET (the account test's avatar fetch, once in a few runs).
 */
function get(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean; keepAlive: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, keepAlive: String(res.headers["keep-alive"]) }));
    });
    req.on("error", reject);
  });
}

test("an idle keep-alive connection outlasts Node's 5 s default, so a pooled socket is never reused as it closes", async ({ baseURL }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, `${baseURL}/api/health`);
    expect(first).toEqual({ status: 200, reused: false, keepAlive: "timeout=65" });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(agent, `${baseURL}/api/health`);
    expect(second).toEqual({ status: 200, reused: true, keepAlive: "timeout=65" });
  } finally {
    agent.destroy();
  }
});

test("after a body over the limit is refused, the 413 reaches the page and its next request is answered (Chromium, one connection)", async ({ page }) => {
  await page.goto("/disclaimer");
  const answers = await page.evaluate(async () => {
    const timed = (url: string, init?: RequestInit) =>
      Promise.race([
        fetch(url, init).then(async (res) => `${res.status} ${(await res.text()).slice(0, 40)}`),
        new Promise<string>((resolve) => setTimeout(() => resolve("no answer in 8 s"), 8_000)),
      ]);
    const out: string[] = [];
    for (let round = 0; round < 2; round++) {
      out.push(await timed("/api/Logs/Insert", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "x".repeat(300_000) }) }));
      out.push(await timed("/api/health"));
    }
    return out;
  });
  expect(answers[0]).toMatch(/^413 /);
  expect(answers[1]).toMatch(/^200 /);
  expect(answers[2]).toMatch(/^413 /);
  expect(answers[3]).toMatch(/^200 /);
});
