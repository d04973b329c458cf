import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { BLOG_LIMITS } from "@/components/blog/blog-api";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { BODY_MAX, TITLE_MAX } from "@/lib/server/blog/posts";
import { createUser } from "@/lib/server/members/users";
import { postJson, postText, routeContext, statusAndMessage as answer, type Sender } from "../request.test-support";
import { POST as changePost } from "./[infoguid]/route";
import { POST as createPost } from "./route";

process.env.LOG_LEVEL = "silent";

const create = (body: unknown, who: Sender = {}) =>
  createPost(typeof body === "string" ? postText("/api/blog", body, who) : postJson("/api/blog", body, who));

const change = (infoguid: string, body: unknown, who: Sender = {}) => changePost(postJson(`/api/blog/${infoguid}`, body, who), routeContext({ infoguid }));

const row = async (infoguid: string) => (await (await db()).select().from(articles).where(eq(articles.infoguid, infoguid)))[0];

let serial = 0;
async function tokenOf(role: "member" | "editor" = "member"): Promise<{ token: string; userId: string }> {
  const user = await createUser({ email: `blog-route-${++serial}-${randomUUID().slice(0, 6)}@example.com`, role });
  return { token: (await createSession(user.id)).token, userId: user.id };
}

it("the editor checks the server's limits", () => {
  expect(BLOG_LIMITS).toEqual({ title: TITLE_MAX, body: BODY_MAX });
});

describeOnEachEngine("POST /api/blog…", () => {
  it("refuses foreign origins and visitors, and changes nothing", async () => {
    const { token, userId } = await tokenOf();
    const post = { title: "不该出现", body: "x", publish: true };
    expect(await answer(await create(post, { token, origin: "https://evil.example" }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await create(post, { token, origin: "null" }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await create(post))).toEqual([401, "请先登录"]);
    expect(await answer(await create(post, { token: "forged" }))).toEqual([401, "请先登录"]);
    const id = randomUUID();
    expect(await answer(await change(id, { action: "delete" }, { token, origin: "https://evil.example" }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await change(id, { action: "delete" }))).toEqual([401, "请先登录"]);
    expect(await (await db()).select().from(articles).where(eq(articles.authorId, userId))).toHaveLength(0);
  });

  it("explains bad requests in Chinese", async () => {
    const { token } = await tokenOf();
    expect(await answer(await create("not json", { token }))).toEqual([400, "参数无效"]);
    expect(await answer(await create([1, 2], { token }))).toEqual([400, "参数无效"]);
    expect(await answer(await create({ title: "", body: "x", publish: false }, { token }))).toEqual([400, "请填写标题"]);
    expect(await answer(await create({ title: "t", body: "x".repeat(50_001), publish: false }, { token }))).toEqual([400, "正文最多 50,000 字"]);
    expect(await answer(await create({ title: "t", body: "x".repeat(1_100_000), publish: false }, { token }))).toEqual([413, "请求内容过大，最大 1 MB"]);
    expect(await answer(await change("not-a-guid", { action: "delete" }, { token }))).toEqual([404, "文章不存在或已删除"]);
    expect(await answer(await change(randomUUID(), { action: "rename" }, { token }))).toEqual([400, "参数无效"]);
    expect(await answer(await change(randomUUID(), { action: "save", title: "t", body: "b", publish: false }, { token }))).toEqual([404, "文章不存在或已删除"]);
  });

  it("writes, saves and deletes the author's own post; others get 403", async () => {
    const author = await tokenOf();
    const other = await tokenOf();
    const editor = await tokenOf("editor");

    const res = await create({ title: "复盘", body: "**草稿**", publish: false }, { token: author.token });
    const created = await res.json();
    expect([res.status, created]).toEqual([200, { message: "草稿已保存", infoguid: expect.any(String), status: "draft", url: `/user/blog/${author.userId}/${created.infoguid}` }]);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const publish = { action: "save", title: "复盘（完）", body: "**正文**", publish: true };
    expect(await answer(await change(created.infoguid, publish, { token: other.token }))).toEqual([404, "文章不存在或已删除"]);
    expect(await answer(await change(created.infoguid, publish, { token: author.token }))).toEqual([200, "已发布"]);
    expect(await answer(await change(created.infoguid, { ...publish, title: "篡改" }, { token: other.token }))).toEqual([403, "只能修改自己的文章"]);
    expect(await answer(await change(created.infoguid, { action: "delete" }, { token: editor.token }))).toEqual([403, "只能修改自己的文章"]);
    expect(await row(created.infoguid)).toMatchObject({ title: "复盘（完）", status: "published", summary: "正文" });

    const deleted = await change(created.infoguid.toUpperCase(), { action: "delete" }, { token: author.token });
    expect([deleted.status, await deleted.json()]).toEqual([200, { message: "已删除", url: `/user/${author.userId}` }]);
    expect(await row(created.infoguid)).toBeUndefined();
  });

  it("answers 429 with Retry-After when a member saves too fast", async () => {
    const { token } = await tokenOf();
    for (let i = 0; i < 3; i += 1) expect((await create({ title: `草稿${i}`, body: "x", publish: false }, { token })).status).toBe(200);
    const res = await create({ title: "太快", body: "x", publish: false }, { token });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/^保存过于频繁/);
  });
});
