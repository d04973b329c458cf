import { db } from "@/lib/db";
import { strategies } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/quant/follow", body, sender));

async function addStrategies(n: number): Promise<string[]> {
  const rows = await (await db())
    .insert(strategies)
    .values(Array.from({ length: n }, (_, i) => ({ name: `路由策略${i + 1}`, author: "测试", status: "paper" as const, startDate: "2026-01-05" })))
    .returning({ guid: strategies.guid });
  return rows.map((r) => r.guid);
}

describeOnEachEngine("POST /api/quant/follow", (engine) => {
  it("follows, changes the e-mail choice and unfollows", async () => {
    const [guid] = await addStrategies(1);
    const me = await createUser({ email: `route-follow-${engine}@example.com` });
    await grantDays({ userId: me.id, levelId: 200, days: 30, source: "admin", sourceKey: `route-follow:${me.id}` });
    const { token } = await createSession(me.id);

    const followed = await post({ strategyGuid: guid, follow: true }, { token });
    expect(followed.status).toBe(200);
    expect(followed.headers.get("cache-control")).toBe("no-store");
    expect(await followed.json()).toEqual({ message: "关注成功，新信号会以站内通知告诉你", following: true, emailSignals: false });
    expect(await (await post({ strategyGuid: guid, follow: true, email: true }, { token })).json()).toMatchObject({ following: true, emailSignals: true });
    expect(await (await post({ strategyGuid: guid, follow: false }, { token })).json()).toEqual({ message: "已取消关注", following: false, emailSignals: false });
  });

  it("refuses foreign origins, visitors, bad bodies, unknown strategies and the tier limit", async () => {
    const guids = await addStrategies(2);
    const me = await createUser({ email: `route-follow-free-${engine}@example.com` });
    const { token } = await createSession(me.id);

    const foreign = await post({ strategyGuid: guids[0], follow: true }, { token, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).message).toBe("请求来源无效");
    for (const t of [undefined, "forged"]) {
      const visitor = await post({ strategyGuid: guids[0], follow: true }, { token: t });
      expect(visitor.status).toBe(401);
      expect((await visitor.json()).message).toBe("请先登录");
    }
    for (const body of [null, {}, { strategyGuid: "not-a-guid", follow: true }, { strategyGuid: guids[0], follow: "yes" }, { strategyGuid: guids[0], follow: true, email: 1 }]) {
      const res = await post(body, { token });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("请求参数无效");
    }
    const unknown = await post({ strategyGuid: "00000000-0000-4000-8000-00000000dead", follow: true }, { token });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("策略不存在");

    expect((await post({ strategyGuid: guids[0], follow: true }, { token })).status).toBe(200);
    const limited = await post({ strategyGuid: guids[1], follow: true }, { token });
    expect(limited.status).toBe(409);
    expect((await limited.json()).message).toBe("普通会员最多关注 1 个策略，升级 VIP 可关注 10 个");
  });
});
