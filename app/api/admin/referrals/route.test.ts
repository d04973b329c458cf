import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants, referrals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/admin/referrals", body, sender));

let serial = 0;
async function held() {
  const n = ++serial;
  const inviter = await createUser({ email: `route-ref-inviter${n}@example.com` });
  const invitee = await createUser({ email: `route-ref-invitee${n}@example.com` });
  const [row] = await (await db()).insert(referrals).values({ inviterId: inviter.id, inviteeId: invitee.id, status: "held", holdReason: "同一设备" }).returning();
  return { invitee, referral: row! };
}

describeOnEachEngine("POST /api/admin/referrals", () => {
  it("approves once, refuses a later rejection, and keeps members out", async () => {
    const approver = await createUser({ email: "route-ref-approver@example.com", role: "admin" });
    const member = await createUser({ email: "route-ref-member@example.com" });
    const token = (await createSession(approver.id)).token;
    const { invitee, referral } = await held();

    const denied = await post({ action: "approve", referralId: referral.id }, { token: (await createSession(member.id)).token });
    expect(denied.status).toBe(403);
    expect((await post({ action: "approve", referralId: referral.id })).status).toBe(401);
    expect((await post({ action: "approve", referralId: referral.id }, { token, origin: "null" })).status).toBe(403);

    expect(await (await post({ action: "approve", referralId: referral.id }, { token })).json()).toEqual({ ok: true, status: "granted", changed: true });
    expect(await (await post({ action: "approve", referralId: referral.id }, { token })).json()).toEqual({ ok: true, status: "granted", changed: false });
    expect(await (await db()).select().from(grants).where(eq(grants.userId, invitee.id))).toHaveLength(1);
    const reject = await post({ action: "reject", referralId: referral.id }, { token });
    expect(reject.status).toBe(409);
    expect((await reject.json()).message).toBe("该邀请奖励已处理（已发放）");
  });

  it("rejects, then refuses approval; unknown and malformed ids are explained", async () => {
    const admin = await createUser({ email: "route-ref-admin@example.com", role: "admin" });
    const token = (await createSession(admin.id)).token;
    const { invitee, referral } = await held();
    expect(await (await post({ action: "reject", referralId: referral.id }, { token })).json()).toEqual({ ok: true, status: "rejected", changed: true });
    const approve = await post({ action: "approve", referralId: referral.id }, { token });
    expect([approve.status, (await approve.json()).message]).toEqual([409, "该邀请奖励已处理（已拒绝）"]);
    expect(await (await db()).select().from(grants).where(eq(grants.userId, invitee.id))).toHaveLength(0);
    const unknown = await post({ action: "approve", referralId: randomUUID() }, { token });
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, "邀请记录不存在"]);
    const bad = await post({ action: "approve", referralId: "x" }, { token });
    expect([bad.status, (await bad.json()).message]).toEqual([400, "邀请记录编号无效"]);
    const badAction = await post({ action: "delete", referralId: referral.id }, { token });
    expect([badAction.status, (await badAction.json()).message]).toEqual([400, "参数无效"]);
  });
});
