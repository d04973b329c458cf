import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { reloadConfigForTests } from "@/lib/config";
import { memberPageKey, PAGE_CLASS_HEADER, PAGE_FILL_HEADER, PAGE_MAX_AGE_MS } from "@/lib/domain/page-cache";
import { scriptHash } from "./fill";
import { pageCacheDecision } from "./serve";
import { classRenderHeader, classRenderLevel, forgetCachedPages, knownViewerLevel, onPageCacheHit, pageCache, rememberViewerClass, setPageDataStamp, applyViewerVersion } from "./store";

// On, whatever the environment says (a developer or CI may run the suite with PAGE_CACHE_MB=0).
process.env.PAGE_CACHE_MB = "64";
reloadConfigForTests();

const GOD = { name: "Home", params: {} };
const BAIDUSPIDER = "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)";
const DOCUMENT = '<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head>' +
  '<body><h1>大神交割单</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"x"])</script></body></html>';

function visitorRequest(path = "/god", headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(new URL(path, "http://localhost"), { headers: { accept: "text/html", ...headers } });
}

/** This process's own server, as the fill reaches it: answers like the proxy would for a fill render. */
async function ownServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<http.Server> {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  reloadConfigForTests({ ...process.env, PORT: String((server.address() as AddressInfo).port) });
  return server;
}

/** The cache fills from an address's second miss: ask twice. */
function missTwice(req: () => NextRequest, route: { name: string; params: Record<string, string> }, now?: number): void {
  expect(pageCacheDecision(req(), route, now)).toEqual({ kind: "miss" });
  expect(pageCacheDecision(req(), route, now)).toEqual({ kind: "miss" });
}

/** Waits (up to 5 s) until `condition` holds: the fills run behind the answers, through a real socket. */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function filled(path: string): Promise<void> {
  await eventually(() => pageCache().filling.size === 0 && pageCache().entries.has(path), `${path} filled`);
}

let server: http.Server | null = null;
afterEach(async () => {
  forgetCachedPages();
  setPageDataStamp(null);
  applyViewerVersion(null, []);
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
  reloadConfigForTests();
});

describe("the page cache", () => {
  it("fills behind a visitor's miss with its own cookie-less render, then answers with it and the hashes of its scripts", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    server = await ownServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT);
    });
    setPageDataStamp("articles:1,statements:1");
    // Asked for once: rendered once, for that visitor only.
    expect(pageCacheDecision(visitorRequest("/god", { cookie: "lh_device=abc" }), GOD)).toEqual({ kind: "miss" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
    expect(pageCacheDecision(visitorRequest("/god", { cookie: "lh_device=abc" }), GOD)).toEqual({ kind: "miss" });
    await filled("/god");
    expect(seen).toHaveLength(1);
    expect(seen[0]![PAGE_FILL_HEADER]).toBe(pageCache().fillSecret);
    expect(seen[0]!.cookie).toBeUndefined();

    const hit = pageCacheDecision(visitorRequest(), GOD);
    expect(hit).toMatchObject({ kind: "hit", stale: false, page: { html: DOCUMENT } });
    if (hit.kind !== "hit") throw new Error("no hit");
    expect(hit.page.scriptHashes).toEqual([scriptHash("(self.__next_f=self.__next_f||[]).push([0])"), scriptHash('self.__next_f.push([1,"x"])')]);
    expect(scriptHash("")).toBe("sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });

  it("never answers a member, a bearer token, an invited visitor or the router's own fetch from the cache, nor fills for them", async () => {
    server = await ownServer((_req, res) => res.writeHead(200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT));
    setPageDataStamp("s:1");
    missTwice(() => visitorRequest(), GOD);
    await filled("/god");
    const members: Record<string, string>[] = [{ cookie: "token=abc" }, { authorization: "Bearer abc" }, { cookie: "cfc_inv=AB12CD" }, { rsc: "1" },
      // A prefetch as the proxy gets it: Next.js has taken its RSC headers and _rsc off.
      { accept: "*/*", "sec-fetch-dest": "empty", "next-url": "/rank" }];
    for (const headers of members) {
      expect(pageCacheDecision(visitorRequest("/god", headers), GOD)).toEqual({ kind: "bypass" });
    }
    expect(pageCacheDecision(visitorRequest("/search"), { name: "search", params: {} })).toEqual({ kind: "bypass" });
  });

  it("keys a page on the query parameters its route reads: one-off query strings answer from the page's entry and fill no entries of their own", async () => {
    const rendered: string[] = [];
    server = await ownServer((req, res) => {
      rendered.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT);
    });
    setPageDataStamp("s:1");
    missTwice(() => visitorRequest("/god?utm_source=baidu"), GOD);
    await filled("/god");
    expect(rendered).toEqual(["/god"]);
    // A crawler's or an attacker's thousand one-off query strings: every one answered by /god's entry, none kept.
    for (let i = 0; i < 1_100; i++) {
      expect(pageCacheDecision(visitorRequest(`/god?x${i}=${i}&from=${i}`), GOD)).toMatchObject({ kind: "hit" });
    }
    expect([...pageCache().entries.keys()]).toEqual(["/god"]);
    // What the page reads is its own page, in the order given, without the rest.
    missTwice(() => visitorRequest("/god?utm=1&page=2&date=2026-09-15"), GOD);
    await filled("/god?page=2&date=2026-09-15");
    expect(rendered).toEqual(["/god", "/god?page=2&date=2026-09-15"]);
  });

  it("answers nothing rendered before the data changed, and nothing at all while the data's versions are unknown", async () => {
    server = await ownServer((_req, res) => res.writeHead(200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT));
    setPageDataStamp("s:1");
    missTwice(() => visitorRequest(), GOD);
    await filled("/god");
    setPageDataStamp("s:2");
    expect(pageCache().entries.has("/god")).toBe(false);
    expect(pageCacheDecision(visitorRequest(), GOD)).toEqual({ kind: "miss" });
    await filled("/god");
    setPageDataStamp(null);
    expect(pageCacheDecision(visitorRequest(), GOD)).toEqual({ kind: "bypass" });
  });

  it("answers an old page while one render replaces it", async () => {
    let renders = 0;
    server = await ownServer((_req, res) => {
      renders++;
      res.writeHead(200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT);
    });
    setPageDataStamp("s:1");
    const start = Date.now();
    missTwice(() => visitorRequest(), GOD, start);
    await filled("/god");
    const later = pageCache().entries.get("/god")!.storedAt + PAGE_MAX_AGE_MS + 1;
    expect(pageCacheDecision(visitorRequest(), GOD, later)).toMatchObject({ kind: "hit", stale: true });
    expect(pageCacheDecision(visitorRequest(), GOD, later)).toMatchObject({ kind: "hit", stale: true });
    await filled("/god");
    expect(renders).toBe(2);
  });

  it("remembers no failed render: a 5xx is rendered for the cache again at the next miss", async () => {
    let renders = 0;
    server = await ownServer((_req, res) => {
      renders++;
      res.writeHead(renders === 1 ? 503 : 200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT);
    });
    setPageDataStamp("s:1");
    missTwice(() => visitorRequest(), GOD);
    await eventually(() => renders === 1 && pageCache().filling.size === 0, "the failed render done");
    expect(pageCache().refused.has("/god")).toBe(false);
    expect(pageCacheDecision(visitorRequest(), GOD)).toEqual({ kind: "miss" });
    await filled("/god");
    expect(renders).toBe(2);
  });

  it("keeps no render that is not its own, not a page, not a 200, or sets a cookie", async () => {
    const answers: [number, Record<string, string>][] = [
      [200, { "content-type": "text/html" }], // another server on the port: no echo
      [200, { "content-type": "application/json", [PAGE_FILL_HEADER]: "1" }],
      [404, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }],
      [200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1", "set-cookie": "a=b" }],
    ];
    let answered = 0;
    server = await ownServer((_req, res) => {
      const [status, headers] = answers[answered++]!;
      res.writeHead(status, headers).end(DOCUMENT);
    });
    setPageDataStamp("s:1");
    pageCacheDecision(visitorRequest(), GOD);
    for (let i = 0; i < answers.length; i++) {
      pageCacheDecision(visitorRequest(), GOD);
      await eventually(() => answered > i && pageCache().filling.size === 0, `render ${i} done`);
      expect(pageCache().entries.has("/god")).toBe(false);
      // Each answer on its own: a render that kept nothing is not asked for again under the same data (next test).
      pageCache().refused.clear();
    }
  });

  it("does not render again for the cache what answered with nothing to keep, until the data changes", async () => {
    let renders = 0;
    server = await ownServer((_req, res) => {
      renders++;
      res.writeHead(404, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT);
    });
    setPageDataStamp("s:1");
    const path = "/detail/00000000-0000-4000-8000-000000000000";
    const route = { name: "detail", params: {} };
    missTwice(() => visitorRequest(path), route);
    await eventually(() => pageCache().refused.has(path), "the 404 remembered");
    expect(pageCache().refused.get(path)).toBe("s:1");
    for (let i = 0; i < 5; i++) expect(pageCacheDecision(visitorRequest(path), route)).toEqual({ kind: "miss" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toBe(1);
    setPageDataStamp("s:2");
    pageCacheDecision(visitorRequest(path), route);
    await eventually(() => renders === 2, "rendered again under the new data");
  });

  it("recognises only this process's fill secret as a render for the cache", () => {
    setPageDataStamp("s:1");
    expect(pageCacheDecision(visitorRequest("/god", { [PAGE_FILL_HEADER]: pageCache().fillSecret }), GOD)).toEqual({ kind: "fill" });
    expect(pageCacheDecision(visitorRequest("/god", { [PAGE_FILL_HEADER]: "guess" }), GOD)).toEqual({ kind: "miss" });
  });

  it("tells the listeners of each answer from the cache which route it was (readings are counted)", async () => {
    server = await ownServer((_req, res) => res.writeHead(200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT));
    const heard: unknown[] = [];
    const stop = onPageCacheHit((name, params, request) => heard.push([name, params, request]));
    setPageDataStamp("s:1");
    const article = { name: "infodeail", params: { infoguid: "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10" } };
    const path = `/info/detail/${article.params.infoguid}`;
    missTwice(() => visitorRequest(path), article);
    await filled(path);
    expect(heard).toEqual([]);
    pageCacheDecision(visitorRequest(path, { "user-agent": BAIDUSPIDER, "accept-language": "zh-CN" }), article);
    // what the request says of its sender, for the listener to tell a person's browser (lib/domain/human-reader.ts)
    expect(heard).toEqual([["infodeail", article.params, { userAgent: BAIDUSPIDER, acceptLanguage: "zh-CN", accept: "text/html", fetchMode: null, rsc: false }]]);
    stop();
  });
});

describe("the page cache for members' access classes (ADR 0067)", () => {
  const SVIP_TOKEN = "svip-session-token";
  const member = (token: string, path = "/god") => visitorRequest(path, { cookie: `lh_device=abc; token=${token}; userinfo=x` });

  it("renders a known member's class view once, with the class and without the member, and answers every member of the class with it", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    server = await ownServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { "content-type": "text/html", [PAGE_FILL_HEADER]: "1" }).end(DOCUMENT);
    });
    setPageDataStamp("s:1");
    applyViewerVersion(7, "everyone");
    // Not resolved by this process yet: the member's own render, which tells the cache the class.
    expect(pageCacheDecision(member(SVIP_TOKEN), GOD)).toEqual({ kind: "bypass" });
    rememberViewerClass(SVIP_TOKEN, { levelId: 200, userId: "svip-a", version: 7, validUntil: Date.now() + 60_000 });
    rememberViewerClass("other-svip", { levelId: 200, userId: "svip-b", version: 7, validUntil: Date.now() + 60_000 });
    missTwice(() => member(SVIP_TOKEN), GOD);
    await filled(memberPageKey(200, "/god"));
    expect(seen).toHaveLength(1);
    expect(seen[0]![PAGE_CLASS_HEADER]).toBe("200");
    expect(seen[0]!.cookie).toBeUndefined();
    expect(pageCacheDecision(member("other-svip"), GOD)).toMatchObject({ kind: "hit", page: { html: DOCUMENT } });
    // A visitor's view is another entry: not filled by the class's render.
    expect(pageCache().entries.has("/god")).toBe(false);
    expect(pageCacheDecision(visitorRequest(), GOD)).toEqual({ kind: "miss" });
  });

  it("forgets the class of the member whose sessions, grants or role changed, and only theirs; knows none while the version is unknown", () => {
    setPageDataStamp("s:1");
    applyViewerVersion(7, "everyone");
    rememberViewerClass(SVIP_TOKEN, { levelId: 200, userId: "svip-a", version: 7, validUntil: Date.now() + 60_000 });
    rememberViewerClass("other-svip", { levelId: 200, userId: "svip-b", version: 7, validUntil: Date.now() + 60_000 });
    expect(knownViewerLevel(SVIP_TOKEN)).toBe(200);
    applyViewerVersion(8, [{ version: 8, userId: "svip-a" }]);
    expect(knownViewerLevel(SVIP_TOKEN)).toBeNull();
    // A logout or a grant of one member leaves everyone else's class known: their next page still comes from the cache.
    expect(knownViewerLevel("other-svip")).toBe(200);
    // Learnt under the old version while the change was being read: dead on arrival.
    rememberViewerClass(SVIP_TOKEN, { levelId: 200, userId: "svip-a", version: 7, validUntil: Date.now() + 60_000 });
    expect(knownViewerLevel(SVIP_TOKEN)).toBeNull();
    // A class ends with the member's level (or the minute a record is trusted).
    rememberViewerClass(SVIP_TOKEN, { levelId: 100, userId: "svip-a", version: 8, validUntil: Date.now() + 1_000 });
    expect(knownViewerLevel(SVIP_TOKEN)).toBe(100);
    expect(knownViewerLevel(SVIP_TOKEN, Date.now() + 1_000)).toBeNull();
    // A version not read for a while (the database slow) may hide a revocation: no class is trusted then.
    rememberViewerClass(SVIP_TOKEN, { levelId: 100, userId: "svip-a", version: 8, validUntil: Date.now() + 60_000 });
    applyViewerVersion(8, [], Date.now() - 2_001);
    expect(knownViewerLevel(SVIP_TOKEN)).toBeNull();
    // A change to everyone (a table emptied), or changes that could not be read, end every class.
    applyViewerVersion(9, [{ version: 9, userId: null }]);
    expect(knownViewerLevel("other-svip")).toBeNull();
    rememberViewerClass("other-svip", { levelId: 200, userId: "svip-b", version: 9, validUntil: Date.now() + 60_000 });
    applyViewerVersion(20_000, "everyone");
    expect(knownViewerLevel("other-svip")).toBeNull();
    applyViewerVersion(null, []);
    expect(pageCacheDecision(member(SVIP_TOKEN), GOD)).toEqual({ kind: "bypass" });
  });

  it("shares no page with own state in it: a strategy's page", () => {
    setPageDataStamp("s:1");
    applyViewerVersion(7, "everyone");
    rememberViewerClass(SVIP_TOKEN, { levelId: 200, userId: "svip-a", version: 7, validUntil: Date.now() + 60_000 });
    expect(pageCacheDecision(member(SVIP_TOKEN, "/quant?s=abc"), { name: "strategy", params: {} })).toEqual({ kind: "bypass" });
    expect(pageCacheDecision(member(SVIP_TOKEN, "/quant"), { name: "strategy", params: {} })).toEqual({ kind: "miss" });
  });

  it("lets only this process's proxy ask a render for a class: the header carries the fill secret", () => {
    expect(classRenderLevel(classRenderHeader(200))).toBe(200);
    expect(classRenderLevel("200")).toBeNull();
    expect(classRenderLevel("200.guess")).toBeNull();
    expect(classRenderLevel(null)).toBeNull();
  });
});
