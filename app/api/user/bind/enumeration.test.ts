import { describeOnEachEngine } from "@/lib/db/test-support";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser, findUserById } from "@/lib/server/members/users";
import { postJson, temporaryDataDir } from "../../request.test-support";
import { POST } from "./route";

// The real code service (not mocked): a member must not learn which addresses belong to other members from the
// answers of binding; only the person holding an address learns it is taken, after confirming its code (ADR 0029).
const dataDir = temporaryDataDir("lianghua-bind-enum-");
process.env.LOG_LEVEL = "silent";

async function answer(token: string, body: unknown): Promise<[number, unknown]> {
  const res = await POST(postJson("/api/user/bind", body, { token, ip: "203.0.113.77" }));
  return [res.status, await res.json()];
}

describeOnEachEngine("binding: taken and free addresses answer alike", (engine) => {
  it("sends a code to both, answers wrong codes alike, and tells the holder of a taken address only after its code", async () => {
    const taken = `taken-${engine}@example.com`;
    const free = `free-${engine}@example.com`;
    await createUser({ email: taken });
    const member = await createUser({ mobile: engine === "pglite" ? "13700000001" : "13700000002" });
    const { token } = await createSession(member.id);

    const sentToTaken = await answer(token, { step: "send", kind: "email", account: taken });
    const sentToFree = await answer(token, { step: "send", kind: "email", account: free });
    expect(sentToTaken).toEqual(sentToFree);
    expect(sentToTaken).toEqual([200, { message: "验证码已发送到新邮箱" }]);
    const codeOf = (to: string) => readOutbox(dataDir, { to, limit: 1 })[0]?.code;
    expect(codeOf(taken)).toMatch(/^\d{6}$/);
    expect(codeOf(free)).toMatch(/^\d{6}$/);

    const wrong = (code: string) => (code === "000000" ? "111111" : "000000");
    expect(await answer(token, { step: "confirm", kind: "email", account: taken, code: wrong(codeOf(taken)!) }))
      .toEqual(await answer(token, { step: "confirm", kind: "email", account: free, code: wrong(codeOf(free)!) }));

    expect(await answer(token, { step: "confirm", kind: "email", account: taken, code: codeOf(taken)! }))
      .toEqual([409, { message: "该邮箱已绑定其他账号" }]);
    expect((await findUserById(member.id))?.email).toBeNull();
    expect((await answer(token, { step: "confirm", kind: "email", account: free, code: codeOf(free)! }))[0]).toBe(200);
    expect((await findUserById(member.id))?.email).toBe(free);
  });
});
