import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { createBlogPost } from "@/lib/server/blog/posts";
import { changeArticleStatus, createArticle } from "@/lib/server/content/articles-admin";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { baiduPushJob, BaiduPushRefused, pushToBaidu } from "./baidu-push";

/**
 * New pages pushed to 百度搜索资源平台's link submission (docs/adr/0082), against a local stand-in that answers as
 * Baidu documents: `{"remain":…,"success":…}` on success, `{"error":401,"message":"token is not valid"}` on a refusal.
 */
process.env.LOG_LEVEL = "silent";

interface Received {
  method: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
}

const siteUrlBefore = process.env.SITE_URL;
let server: http.Server;
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: "" };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ method: req.method!, query: new URL(req.url!, "http://x").searchParams, contentType: req.headers["content-type"], body });
      const lines = body.split("\n").filter(Boolean);
      const ok = JSON.stringify({ remain: 99_998, success: lines.length, not_same_site: [], not_valid: [] });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body || ok);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  delete process.env.BAIDU_PUSH_TOKEN;
  delete process.env.BAIDU_PUSH_ENDPOINT;
  if (siteUrlBefore === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = siteUrlBefore;
  reloadConfigForTests();
});

function configure(token: string | undefined) {
  process.env.SITE_URL = "https://lianghua.example";
  if (token) process.env.BAIDU_PUSH_TOKEN = token;
  else delete process.env.BAIDU_PUSH_TOKEN;
  process.env.BAIDU_PUSH_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}/urls`;
  reloadConfigForTests();
}

describe("the push to Baidu's link submission", () => {
  beforeEach(() => {
    received.length = 0;
    answer = { status: 200, body: "" };
  });

  it("posts the absolute URLs one per line as text, with the site and the token in the query", async () => {
    configure("tok-123");
    expect(await pushToBaidu(["/info/detail/a", "/detail/b"])).toEqual({ success: 2, remain: 99_998 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", contentType: "text/plain", body: "https://lianghua.example/info/detail/a\nhttps://lianghua.example/detail/b" });
    expect(received[0]!.query.get("site")).toBe("https://lianghua.example");
    expect(received[0]!.query.get("token")).toBe("tok-123");
  });

  it("throws on a refusal with Baidu's own words, so the queue retries it", async () => {
    configure("wrong");
    answer = { status: 401, body: JSON.stringify({ error: 401, message: "token is not valid" }) };
    await expect(pushToBaidu(["/detail/b"])).rejects.toThrow(new BaiduPushRefused("Baidu link submission refused (401): token is not valid"));
    answer = { status: 400, body: JSON.stringify({ error: 400, message: "over quota" }) };
    await expect(baiduPushJob.run({ paths: ["/detail/b"] }, { attempt: 1 } as never)).rejects.toThrow("over quota");
    answer = { status: 502, body: "<html>bad gateway</html>" };
    await expect(pushToBaidu(["/detail/b"])).rejects.toThrow("answered 502 with something that is not its JSON");
  });
});

describeOnEachEngine("new public pages are queued for Baidu", () => {
  const queued = async () =>
    (await (await db()).select({ key: jobs.dedupeKey, payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "baidu-push"))).map((j) => [j.key, (j.payload as { paths: string[] }).paths]);

  it("queues nothing without a token", async () => {
    configure(undefined);
    await createMaster(OPERATOR, { name: "没有令牌" });
    expect(await queued()).toEqual([]);
  });

  it("queues a new master, an article on its first publication and a member's published post, once each", async () => {
    configure("tok-123");
    const master = await createMaster(OPERATOR, { name: "推送大神" });
    const { viewer: editor } = await userWithRole("editor");
    const draft = await createArticle(editor, { type: "case", title: "推送文章", summary: "摘要", body: "正文", minLevel: 0, tags: [], coverUrl: "", videoUrl: "" }, false);
    expect((await queued()).map(([key]) => key)).toEqual([`baidu-push:master:${master.guid}`]);
    await changeArticleStatus(editor, draft.infoguid, "publish");
    await changeArticleStatus(editor, draft.infoguid, "unpublish");
    await changeArticleStatus(editor, draft.infoguid, "publish");
    const { viewer: member } = await userWithRole("member", "pusher");
    const post = await createBlogPost(member, { title: "推送博客", body: "复盘", publish: true });
    expect(await queued()).toEqual([
      [`baidu-push:master:${master.guid}`, [`/detail/${master.guid}`]],
      [`baidu-push:article:${draft.infoguid}`, [`/info/detail/${draft.infoguid}`]],
      [`baidu-push:post:${post.infoguid}`, [`/user/blog/${member.userId}/${post.infoguid}`]],
    ]);
  });
});
