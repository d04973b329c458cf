import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { notifications } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { createNotification } from "@/lib/server/notifications/create";
import { postJson, type Sender } from "../../request.test-support";
import { NextRequest } from "next/server";
import { GET, POST } from "./route";

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/user/notifications", body, sender));

const idsOf = async (userId: string) =>
  (await (await db()).select({ id: notifications.id, readAt: notifications.readAt }).from(notifications).where(eq(notifications.userId, userId)));

describeOnEachEngine("POST /api/user/notifications", () => {
  it("marks the viewer's own notifications read and ignores other members' ids", async () => {
    const me = await createUser({ email: "route-notif-me@example.com" });
    const other = await createUser({ email: "route-notif-other@example.com" });
    for (const title of ["甲", "乙", "丙"]) await createNotification({ userId: me.id, kind: "system", title });
    await createNotification({ userId: other.id, kind: "system", title: "别人的" });
    const { token } = await createSession(me.id);
    const [mine1] = await idsOf(me.id);
    const [theirs] = await idsOf(other.id);

    const foreign = await post({ action: "read", ids: [theirs!.id] }, { token });
    expect(foreign.status).toBe(200);
    expect(await foreign.json()).toEqual({ ok: true, updated: 0, unread: 3 });
    expect((await idsOf(other.id))[0]!.readAt).toBeNull();

    const one = await post({ action: "read", ids: [mine1!.id, theirs!.id] }, { token });
    expect(await one.json()).toEqual({ ok: true, updated: 1, unread: 2 });
    expect(one.headers.get("cache-control")).toBe("no-store");

    const all = await post({ action: "read-all" }, { token });
    expect(await all.json()).toEqual({ ok: true, updated: 2, unread: 0 });
    expect((await idsOf(me.id)).every((n) => n.readAt)).toBe(true);
    expect((await idsOf(other.id))[0]!.readAt).toBeNull();
  });

  it("refuses visitors, foreign origins and malformed bodies", async () => {
    const me = await createUser({ email: "route-notif-bad@example.com" });
    const { token } = await createSession(me.id);
    const visitor = await post({ action: "read-all" });
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toBe("请先登录");
    expect((await post({ action: "read-all" }, { token, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ action: "read-all" }, { token: "forged" })).status).toBe(401);
    for (const body of [{ action: "read", ids: [] }, { action: "read", ids: ["not-a-uuid"] }, { action: "delete" }, null]) {
      const res = await post(body, { token });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("参数无效：请指定要标记已读的消息");
    }
  });
});

describeOnEachEngine("GET /api/user/notifications", () => {
  it("tells a member their own unread count (a page of their access class holds none), and a visitor nothing", async () => {
    const me = await createUser({ email: "route-notif-count@example.com" });
    const other = await createUser({ email: "route-notif-count-other@example.com" });
    for (const title of ["甲", "乙"]) await createNotification({ userId: me.id, kind: "system", title });
    await createNotification({ userId: other.id, kind: "system", title: "别人的" });
    const { token } = await createSession(me.id);
    const get = (headers: Record<string, string> = {}) => GET(new NextRequest("http://localhost:3000/api/user/notifications", { headers }));
    const mine = await get({ cookie: `token=${token}` });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ unread: 2 });
    expect(mine.headers.get("cache-control")).toContain("no-store");
    const visitor = await get();
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toBe("请先登录");
  });
});
