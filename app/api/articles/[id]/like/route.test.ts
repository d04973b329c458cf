import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { postEmpty, routeContext, type Sender } from "../../../request.test-support";
import { POST } from "./route";

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
