import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { membershipOf } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/admin/members/grants", body, sender));

describeOnEachEngine("POST /api/admin/members/grants", () => {
  it("lets staff add a grant once per request id and end it; members get 403", async () => {
    const granter = await createUser({ email: "route-grant-granter@example.com", role: "admin" });
    const member = await createUser({ email: "route-grant-member@example.com" });
    const staffToken = (await createSession(granter.id)).token;
    const memberToken = (await createSession(member.id)).token;
    const add = { action: "add", userId: member.id, level: "svip", days: 30, requestId: randomUUID() };

    const denied = await post(add, { token: memberToken });
    expect(denied.status).toBe(403);
    expect((await denied.json()).message).toBe("访问被拒绝");
    expect((await post(add)).status).toBe(401);
    expect((await post(add, { token: staffToken, origin: "https://evil.example" })).status).toBe(403);

    const first = await post(add, { token: staffToken });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({ ok: true, created: true, grantId: expect.any(String) });
    expect(await (await post(add, { token: staffToken })).json()).toEqual({ ok: true, created: false, grantId: body.grantId });
    expect((await membershipOf(member.id)).level.levelCode).toBe("svip");
    const [grant] = await (await db()).select().from(grants).where(eq(grants.userId, member.id));
    expect(grant).toMatchObject({ id: body.grantId, source: "admin", sourceKey: `admin:${granter.id}:${add.requestId}` });

    const ended = await post({ action: "end", grantId: grant!.id }, { token: staffToken });
    expect(await ended.json()).toEqual({ ok: true });
    expect((await membershipOf(member.id)).level.levelCode).toBe("free");
    const again = await post({ action: "end", grantId: grant!.id }, { token: staffToken });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("该授权未在生效中，无法结束");
    expect((await post({ action: "end", grantId: randomUUID() }, { token: staffToken })).status).toBe(404);
    expect((await post({ ...add, userId: randomUUID(), requestId: randomUUID() }, { token: staffToken })).status).toBe(404);
  });

  it("explains bad input in Chinese and changes nothing", async () => {
    const admin = await createUser({ email: "route-grant-admin@example.com", role: "admin" });
    const member = await createUser({ email: "route-grant-target@example.com" });
    const token = (await createSession(admin.id)).token;
    const base = { action: "add", userId: member.id, level: "vip", days: 30, requestId: randomUUID() };
    const cases: [unknown, string][] = [
      [{ ...base, days: 0 }, "天数须在 1–3660 之间"],
      [{ ...base, days: 3661 }, "天数须在 1–3660 之间"],
      [{ ...base, days: 1.5 }, "天数须为整数"],
      [{ ...base, days: "30" }, "请输入天数"],
      [{ ...base, level: "free" }, "请选择 VIP 或 SVIP"],
      [{ ...base, userId: "x" }, "会员编号无效"],
      [{ action: "end", grantId: "x" }, "授权编号无效"],
      [{ action: "delete" }, "参数无效"],
      [null, "参数无效"],
    ];
    for (const [body, message] of cases) {
      const res = await post(body, { token });
      expect([res.status, (await res.json()).message]).toEqual([400, message]);
    }
    expect(await (await db()).select().from(grants).where(eq(grants.userId, member.id))).toHaveLength(0);
  });
});
