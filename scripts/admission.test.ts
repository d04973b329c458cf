import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { once } from "node:events";
import { isHumanReader } from "@/lib/domain/human-reader";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { ADMISSION_PRELOAD } from "./server-node-flags.mjs";

/**
 * A server with the preload whose page renders take 300 ms (the API and build files answer at once), configured as
 * lib/server/startup.ts does: 2 render slots, a queue of 4, a wait of at most 1.5 s. It logs the order renders start.
 */
const SERVER = `
const http = require("node:http");
globalThis[Symbol.for("lianghua.admission")].configure({ renders: 2, queue: 4, waitMs: 1500, retryAfterSeconds: 7 });
const server = http.createServer((req, res) => {
  if (req.url.startsWith("/_next/") || req.url.startsWith("/api/")) return res.end("fast");
  process.stderr.write("start " + req.url + "\\n");
  setTimeout(() => res.end("page " + req.url), req.url.startsWith("/slow") ? 3000 : 300);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

const BAIDUSPIDER = "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)";
const PERSON = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47";

let server: ChildProcess;
let port: number;
let started: string[] = [];

/** `doneAt`: when the answer ended (the tests compare orders, not durations: CI machines are loaded). */
type Answer = { status: number; ms: number; doneAt: number; body: string; retryAfter?: string };

function ask(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    http
      .get({ host: "127.0.0.1", port, path, agent: false, headers: { "user-agent": PERSON, ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, ms: performance.now() - sentAt, doneAt: performance.now(), body, retryAfter: res.headers["retry-after"] as string | undefined }));
      })
      .on("error", reject);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("scripts/admission.cjs", () => {
  beforeEach(async () => {
    started = [];
    server = spawn(process.execPath, ["--require", ADMISSION_PRELOAD, "-e", SERVER], { stdio: ["ignore", "pipe", "pipe"] });
    server.stderr!.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.startsWith("start ")) started.push(line.slice(6));
    });
    const [chunk] = (await once(server.stdout!, "data")) as [Buffer];
    port = Number(chunk.toString().trim());
  });
  afterEach(() => server.kill());

  it("answers what does not fit at once with 503 and Retry-After, in Chinese, and renders the rest", async () => {
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => ask(`/detail/p${i}`)));
    const shed = answers.filter((a) => a.status === 503);
    // 2 rendering, 4 waiting: 3 shed, each at once.
    expect(shed).toHaveLength(3);
    for (const a of shed) {
      expect(a.retryAfter).toBe("7");
      expect(a.body).toContain("服务器繁忙，请稍后再试");
    }
    const rendered = answers.filter((a) => a.status === 200);
    expect(rendered).toHaveLength(6);
    // At once: every refusal before the first render (300 ms) is done.
    expect(Math.max(...shed.map((a) => a.doneAt))).toBeLessThan(Math.min(...rendered.map((a) => a.doneAt)));
  });

  it("never holds back the API or the build's files, however busy the renders are", async () => {
    const pages = Array.from({ length: 6 }, (_, i) => ask(`/analysis/p${i}`, { "user-agent": BAIDUSPIDER }));
    await wait(50);
    const [health, file] = await Promise.all([ask("/api/health"), ask("/_next/static/chunks/app.js")]);
    expect([health.status, health.body, file.status, file.body]).toEqual([200, "fast", 200, "fast"]);
    const firstPage = Math.min(...(await Promise.all(pages)).filter((a) => a.status === 200).map((a) => a.doneAt));
    expect(Math.max(health.doneAt, file.doneAt)).toBeLessThan(firstPage);
  });

  it("gives crawlers at most half the slots and a quarter of the queue; people and members go first", async () => {
    // Five crawler pages: one renders (half of 2 slots), one waits (a quarter of the queue of 4), three are shed.
    const crawler = Array.from({ length: 5 }, (_, i) => ask(`/detail/crawl${i}`, { "user-agent": BAIDUSPIDER }));
    await wait(50);
    // A person still gets the other slot at once, and a member waiting goes before the waiting crawler.
    const person = ask("/rank", { "user-agent": PERSON });
    await wait(20);
    const busy = ask("/god", { "user-agent": PERSON });
    await wait(20);
    const member = ask("/user/account", { "user-agent": PERSON, cookie: "lh_device=x; token=abc" });
    const crawlerAnswers = await Promise.all(crawler);
    expect(crawlerAnswers.filter((a) => a.status === 503)).toHaveLength(3);
    await Promise.all([person, busy, member]);
    expect(started.slice(0, 2).sort()).toEqual(["/detail/crawl0", "/rank"]);
    expect(started.indexOf("/user/account")).toBeLessThan(started.indexOf("/detail/crawl1"));
  });

  it("sheds a request that waited longer than the bound instead of rendering it late", async () => {
    const slow = [ask("/slow/a"), ask("/slow/b")];
    await wait(50);
    const late = await ask("/list/god");
    expect(late.status).toBe(503);
    expect(late.ms).toBeGreaterThanOrEqual(1_400);
    expect(started).not.toContain("/list/god");
    // Refused while the slow renders still held both slots.
    expect(late.doneAt).toBeLessThan(Math.min(...(await Promise.all(slow)).map((a) => a.doneAt)));
  });
});

describe("admission's lanes follow the app's own rules", () => {
  it("a member is whoever sends the session cookie (TOKEN_COOKIE); a crawler is whoever isHumanReader says is not a person", () => {
    const userAgents = [BAIDUSPIDER, PERSON, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Sogou web spider/4.0", "curl/8.5.0", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", ""];
    const cookies = [`${TOKEN_COOKIE}=abc`, `lh_device=x; ${TOKEN_COOKIE}=abc`, `not${TOKEN_COOKIE}=abc`, "lh_device=x", ""];
    const cases = userAgents.flatMap((ua) => cookies.map((cookie) => ({ "user-agent": ua, cookie })));
    const script = `const a = globalThis[Symbol.for("lianghua.admission")]; console.log(JSON.stringify(${JSON.stringify(cases)}.map((h) => a.laneOf(h))));`;
    const lanes = JSON.parse(execFileSync(process.execPath, ["--require", ADMISSION_PRELOAD, "-e", script], { encoding: "utf8" })) as string[];
    const expected = cases.map((h) => (new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=`).test(h.cookie) ? "member" : isHumanReader(h["user-agent"]) ? "visitor" : "crawler"));
    expect(lanes).toEqual(expected);
    expect(new Set(expected)).toEqual(new Set(["member", "visitor", "crawler"]));
  });
});
