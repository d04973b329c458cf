import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants, notifications, referrals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { maskContact } from "@/lib/domain/format";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { grantDays, membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser, type UserRow } from "@/lib/server/members/users";
import { approveReferral, heldReferrals, referralSourceKey, rejectReferral } from "./review";

const DAY = 86_400_000;

async function viewerOf(user: UserRow): Promise<Viewer> {
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

let serial = 0;

async function heldReferral(holdReason = "同一设备注册多个账号") {
  const n = ++serial;
  const inviter = await createUser({ email: `inviter${n}@example.com`, nickname: `邀请人${n}` });
  const invitee = await createUser({ email: `invitee${n}@example.com`, nickname: `好友${n}` });
  const [row] = await (await db())
    .insert(referrals)
    .values({ inviterId: inviter.id, inviteeId: invitee.id, status: "held", holdReason })
    .returning();
  return { inviter, invitee, referral: row! };
}

async function referralRow(id: string) {
  const [row] = await (await db()).select().from(referrals).where(eq(referrals.id, id));
  return row!;
}

const grantsOf = async (userId: string) => (await db()).select().from(grants).where(eq(grants.userId, userId));
const notificationsOf = async (userId: string) => (await db()).select().from(notifications).where(eq(notifications.userId, userId));

describeOnEachEngine("referral review", (engine) => {
  let editor: Viewer;
  let admin: Viewer;
  let member: Viewer;

  beforeAll(async () => {
    editor = await viewerOf(await createUser({ email: "review-editor@example.com", role: "editor" }));
    admin = await viewerOf(await createUser({ email: "review-admin@example.com", role: "admin" }));
    member = await viewerOf(await createUser({ email: "review-member@example.com" }));
  });

  it("is for administrators only: members, editors and nobody are refused inside the data layer (ADR 0028)", async () => {
    const { referral } = await heldReferral();
    for (const who of [member, editor, null]) {
      await expect(heldReferrals(who)).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(approveReferral(who, referral.id)).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(rejectReferral(who, referral.id)).rejects.toBeInstanceOf(RoleRefusedError);
    }
    expect((await referralRow(referral.id)).status).toBe("held");
  });

  it("lists held rewards oldest first with both members", async () => {
    const { inviter, invitee, referral } = await heldReferral("同一 IP 24 小时内注册 3 个账号");
    const { items, total } = await heldReferrals(admin);
    expect(total).toBe(items.length);
    const item = items.find((i) => i.id === referral.id);
    expect(item).toMatchObject({
      holdReason: "同一 IP 24 小时内注册 3 个账号",
      inviter: { id: inviter.id, nickname: inviter.nickname, email: inviter.email },
      invitee: { id: invitee.id, nickname: invitee.nickname },
    });
    const times = items.map((i) => i.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("approving grants 3 days of SVIP once, records who decided and tells both members; approving again grants nothing", async () => {
    const { inviter, invitee, referral } = await heldReferral();
    const now = new Date("2026-11-22T02:00:00Z");
    expect(await approveReferral(admin, referral.id, now)).toEqual({ status: "granted", changed: true });
    expect(await approveReferral(admin, referral.id, now)).toEqual({ status: "granted", changed: false });
    const row = await referralRow(referral.id);
    expect(row).toMatchObject({ status: "granted", decidedBy: admin.userId, decidedAt: now });
    const given = await grantsOf(invitee.id);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ levelId: 200, source: "referral", sourceKey: referralSourceKey(invitee.id), startsAt: now, endsAt: new Date(now.getTime() + 3 * DAY) });
    const told = await notificationsOf(invitee.id);
    expect(told.map((n) => n.kind).sort()).toEqual(["expiry", "referral"]);
    expect(told.find((n) => n.kind === "referral")).toMatchObject({ title: "邀请奖励：3 天 SVIP 已到账", link: "/user/subscription", dedupeKey: `referral-reward:${invitee.id}` });
    const toldInviter = await notificationsOf(inviter.id);
    expect(toldInviter).toEqual([expect.objectContaining({ title: "好友已通过你的邀请注册", link: "/user/invitation", dedupeKey: `referral-joined:${invitee.id}` })]);
    // The friend's nickname masked, as on /user/invitation (a default nickname is the e-mail's local part).
    expect(toldInviter[0]!.body).toContain(maskContact(invitee.nickname));
    expect(toldInviter[0]!.body).not.toContain(invitee.nickname);
    // A rejection after approval is refused and changes nothing.
    await expect(rejectReferral(admin, referral.id, now)).rejects.toMatchObject({ code: "conflict", message: "该邀请奖励已处理（已发放）" });
    expect((await referralRow(referral.id)).status).toBe("granted");
    expect(await heldReferrals(admin)).toEqual(expect.objectContaining({ items: expect.not.arrayContaining([expect.objectContaining({ id: referral.id })]) }));
  });

  it("uses the automatic reward's key: a reward already granted is not granted again", async () => {
    const { invitee, referral } = await heldReferral();
    await grantDays({ userId: invitee.id, levelId: 200, days: 3, source: "referral", sourceKey: referralSourceKey(invitee.id) });
    expect(await approveReferral(admin, referral.id)).toEqual({ status: "granted", changed: true });
    expect(await grantsOf(invitee.id)).toHaveLength(1);
    expect((await notificationsOf(invitee.id)).filter((n) => n.kind === "referral")).toHaveLength(0);
  });

  it("rejecting records who decided, grants nothing, and blocks a later approval", async () => {
    const { invitee, referral } = await heldReferral();
    const now = new Date("2026-11-22T03:00:00Z");
    expect(await rejectReferral(admin, referral.id, now)).toEqual({ status: "rejected", changed: true });
    expect(await rejectReferral(admin, referral.id, now)).toEqual({ status: "rejected", changed: false });
    expect(await referralRow(referral.id)).toMatchObject({ status: "rejected", decidedBy: admin.userId, decidedAt: now });
    await expect(approveReferral(admin, referral.id, now)).rejects.toMatchObject({ code: "conflict", message: "该邀请奖励已处理（已拒绝）" });
    expect(await grantsOf(invitee.id)).toHaveLength(0);
    expect(await notificationsOf(invitee.id)).toHaveLength(0);
  });

  it("answers not-found for unknown ids", async () => {
    await expect(approveReferral(admin, randomUUID())).rejects.toMatchObject({ code: "not_found", message: "邀请记录不存在" });
    await expect(rejectReferral(admin, "nope")).rejects.toMatchObject({ code: "not_found", message: "邀请记录不存在" });
  });

  it("concurrent approvals grant once; a race of approve and reject has one winner", async () => {
    const { invitee, referral } = await heldReferral();
    const results = await Promise.all(Array.from({ length: 5 }, () => approveReferral(admin, referral.id)));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await grantsOf(invitee.id)).toHaveLength(1);
    expect((await notificationsOf(invitee.id)).filter((n) => n.kind === "referral")).toHaveLength(1);

    for (let i = 0; i < (engine === "postgres" ? 5 : 2); i++) {
      const race = await heldReferral();
      const outcomes = await Promise.allSettled([approveReferral(admin, race.referral.id), rejectReferral(admin, race.referral.id)]);
      expect(outcomes.filter((o) => o.status === "fulfilled" && o.value.changed)).toHaveLength(1);
      const final = await referralRow(race.referral.id);
      expect(await grantsOf(race.invitee.id)).toHaveLength(final.status === "granted" ? 1 : 0);
    }
  });
});
