import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { postEmpty, routeContext, type Sender } from "../../../request.test-support";
import { NextRequest } from "next/server";
import { GET, POST } from "./route";

process.env.LOG_LEVEL = "silent";

const like = (id: string, sender: Sender = {}) => POST(postEmpty(`/api/articles/${id}/like`, sender), routeContext({ id }));

describeOnEachEngine("POST /api/articles/{id}/like", (engine) => {
  it("likes once per member and refuses visitors, foreign origins, gated and unknown articles", async () => {
    const [open, gated] = await (await db()).insert(articles).values([
      { type: "case", title: "公开", body: "正文", status: "published", publishedAt: new Date() },
      { type: "case", title: "SVIP", body: "正文", minLevel: 200, status: "published", publishedAt: new Date() },
    ]).returning({ infoguid: articles.infoguid });
    const me = await createUser({ email: `like-route-${engine}@example.com` });
    const { token } = await createSession(me.id);

    const first = await like(open!.infoguid, { token });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await first.json()).toEqual({ message: "点赞成功", liked: true, likes: 1 });
    expect(await (await like(open!.infoguid, { token })).json()).toEqual({ message: "你已经赞过了", liked: true, likes: 1 });

    expect((await like(open!.infoguid, { token, origin: "https://evil.example" })).status).toBe(403);
    const visitor = await like(open!.infoguid);
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toBe("请先登录");
    expect((await like(gated!.infoguid, { token })).status).toBe(403);
    expect((await like("not-a-guid", { token })).status).toBe(404);
    expect((await like("00000000-0000-4000-8000-000000000000", { token })).status).toBe(404);
  });
});

describeOnEachEngine("GET /api/articles/{id}/like", (engine) => {
  it("tells a member whether they liked the article and its count (a page of their access class holds neither)", async () => {
    const [article] = await (await db()).insert(articles).values([
      { type: "case", title: "读点赞", body: "正文", status: "published", publishedAt: new Date() },
    ]).returning({ infoguid: articles.infoguid });
    const id = article!.infoguid;
    const me = await createUser({ email: `like-read-${engine}@example.com` });
    const other = await createUser({ email: `like-read-other-${engine}@example.com` });
    const mine = await createSession(me.id);
    const theirs = await createSession(other.id);
    const read = (token?: string, guid = id) =>
      GET(new NextRequest(`http://localhost:3000/api/articles/${guid}/like`, { headers: token ? { cookie: `token=${token}` } : {} }), routeContext({ id: guid }));

    expect(await (await read(mine.token)).json()).toEqual({ liked: false, likes: 0 });
    await like(id, { token: theirs.token });
    const afterTheirs = await read(mine.token);
    expect(afterTheirs.status).toBe(200);
    expect(afterTheirs.headers.get("cache-control")).toContain("no-store");
    expect(await afterTheirs.json()).toEqual({ liked: false, likes: 1 });
    await like(id, { token: mine.token });
    expect(await (await read(mine.token)).json()).toEqual({ liked: true, likes: 2 });

    expect((await read()).status).toBe(401);
    expect((await read(mine.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
