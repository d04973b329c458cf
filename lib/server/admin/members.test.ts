import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants, notifications, referrals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { Viewer } from "@/lib/server/auth/viewer";
import { grantDays, membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser, type UserRow } from "@/lib/server/members/users";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { addGrant, endGrant, MEMBER_PAGE_SIZE, memberDetail, searchMembers } from "./members";

const DAY = 86_400_000;

async function viewerOf(user: UserRow): Promise<Viewer> {
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

describeOnEachEngine("admin: members", () => {
  let editor: Viewer;
  let admin: Viewer;
  let member: Viewer;

  beforeAll(async () => {
    editor = await viewerOf(await createUser({ email: "editor@example.com", role: "editor" }));
    admin = await viewerOf(await createUser({ email: "admin@example.com", role: "admin" }));
    member = await viewerOf(await createUser({ email: "plain@example.com" }));
  });

  it("is for administrators only: members, editors and nobody are refused inside the data layer (ADR 0028)", async () => {
    for (const who of [member, editor, null]) {
      await expect(searchMembers(who, {})).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(memberDetail(who, admin.userId)).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(addGrant(who, { userId: editor.userId, levelId: 200, days: 3660, requestId: randomUUID() })).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(endGrant(who, randomUUID())).rejects.toBeInstanceOf(RoleRefusedError);
    }
    expect((await memberDetail(admin, editor.userId))!.grants).toEqual([]);
    expect((await searchMembers(admin, {})).total).toBeGreaterThanOrEqual(3);
  });

  it("finds members by e-mail, mobile, nickname or invitation code, a page at a time", async () => {
    const trader = await createUser({ email: "longhu@example.com", mobile: "13912345678", nickname: "龙虎榜猎手" });
    await createUser({ email: "percent@example.com", nickname: "百分之100_收益" });
    const byEmail = await searchMembers(admin, { query: "LONGHU@" });
    expect(byEmail.items.map((m) => m.id)).toEqual([trader.id]);
    expect((await searchMembers(admin, { query: "2345" })).items.map((m) => m.id)).toEqual([trader.id]);
    expect((await searchMembers(admin, { query: "猎手" })).items.map((m) => m.id)).toEqual([trader.id]);
    expect((await searchMembers(admin, { query: trader.invitationCode.toLowerCase() })).items.map((m) => m.id)).toEqual([trader.id]);
    expect((await searchMembers(admin, { query: trader.id })).items.map((m) => m.id)).toEqual([trader.id]);
    // LIKE's pattern characters are taken literally.
    expect((await searchMembers(admin, { query: "%" })).items.map((m) => m.nickname)).toEqual([]);
    expect((await searchMembers(admin, { query: "0_" })).items.map((m) => m.nickname)).toEqual(["百分之100_收益"]);
    expect(byEmail.items[0]).toMatchObject({ nickname: "龙虎榜猎手", mobile: "13912345678", role: "member", levelEndDate: "" });
    expect(byEmail.items[0]!.level.levelCode).toBe("free");

    for (let i = 0; i < MEMBER_PAGE_SIZE + 3; i++) await createUser({ email: `paged${i}@example.com` });
    const first = await searchMembers(admin, { query: "paged" });
    const second = await searchMembers(admin, { query: "paged", page: 2 });
    expect(first).toMatchObject({ total: MEMBER_PAGE_SIZE + 3, page: 1, pageSize: MEMBER_PAGE_SIZE, query: "paged" });
    expect(first.items).toHaveLength(MEMBER_PAGE_SIZE);
    expect(second.items).toHaveLength(3);
    expect(new Set([...first.items, ...second.items].map((m) => m.id)).size).toBe(MEMBER_PAGE_SIZE + 3);
    expect(first.items[0]!.email).toBe(`paged${MEMBER_PAGE_SIZE + 2}@example.com`); // newest first
  });

  it("adds grants once per request id, after the current run, and shows them with the level", async () => {
    const m = await createUser({ email: "granted@example.com" });
    const now = new Date("2026-11-22T02:00:00Z");
    const requestId = randomUUID();
    const first = await addGrant(admin, { userId: m.id, levelId: 100, days: 30, requestId }, now);
    expect(first).toEqual({ status: "created", grantId: expect.any(String) });
    expect(await addGrant(admin, { userId: m.id, levelId: 100, days: 30, requestId }, now)).toEqual({ status: "duplicate", grantId: first.grantId });
    const otherAdmin = await viewerOf(await createUser({ email: "other-admin@example.com", role: "admin" }));
    expect(await addGrant(otherAdmin, { userId: m.id, levelId: 100, days: 30, requestId }, now)).toMatchObject({ status: "created" });
    await expect(addGrant(admin, { userId: randomUUID(), levelId: 100, days: 1, requestId: randomUUID() }, now)).rejects.toMatchObject({ code: "not_found", message: "会员不存在" });
    await expect(addGrant(admin, { userId: m.id, levelId: 100, days: 0, requestId: randomUUID() }, now)).rejects.toThrow("1–3660");
    await expect(addGrant(admin, { userId: m.id, levelId: 100, days: 3661, requestId: randomUUID() }, now)).rejects.toThrow("1–3660");

    const detail = await memberDetail(admin, m.id, now);
    expect(detail?.member).toMatchObject({ id: m.id, levelEndDate: "2027-01-21" });
    expect(detail?.member.level.levelCode).toBe("vip");
    expect(detail?.grants).toHaveLength(2);
    expect(detail?.grants.map((g) => [g.state, g.source, g.sourceKey.split(":").slice(0, 2).join(":")])).toEqual([
      ["upcoming", "admin", `admin:${otherAdmin.userId}`],
      ["active", "admin", `admin:${admin.userId}`],
    ]);
    expect(detail?.grants[0]!.startsAt).toEqual(new Date(now.getTime() + 30 * DAY));
    expect(detail?.grants[1]!.sourceKey).toBe(`admin:${admin.userId}:${requestId}`);
    expect(await memberDetail(admin, randomUUID())).toBeNull();
    expect(await memberDetail(admin, "not-a-guid")).toBeNull();
  });

  it("ends only active grants, and a short run left behind is told at once", async () => {
    const m = await createUser({ email: "ending@example.com" });
    const now = new Date("2026-11-22T02:00:00Z");
    await addGrant(admin, { userId: m.id, levelId: 200, days: 30, requestId: randomUUID() }, new Date(now.getTime() - DAY));
    await addGrant(admin, { userId: m.id, levelId: 100, days: 2, requestId: randomUUID() }, now);
    const [svip, vip] = (await memberDetail(admin, m.id, now))!.grants.sort((a, b) => b.level.levelId - a.level.levelId);
    // The VIP grant waits behind SVIP: no reminder yet.
    expect(await (await db()).select().from(notifications).where(eq(notifications.userId, m.id))).toHaveLength(0);

    expect(await endGrant(admin, svip!.id, now)).toEqual({ userId: m.id });
    await expect(endGrant(admin, svip!.id, now)).rejects.toMatchObject({ code: "conflict", message: "该授权未在生效中，无法结束" });
    await expect(endGrant(admin, randomUUID(), now)).rejects.toMatchObject({ code: "not_found", message: "授权不存在" });
    const [row] = await (await db()).select().from(grants).where(eq(grants.id, svip!.id));
    expect(row!.endsAt).toEqual(now);
    const state = await memberDetail(admin, m.id, now);
    expect(state?.member.level.levelCode).toBe("vip");
    expect(state?.grants.find((g) => g.id === svip!.id)?.state).toBe("ended");
    // Now the 2-day VIP is what is left: the member is told.
    const told = await (await db()).select().from(notifications).where(eq(notifications.userId, m.id));
    expect(told.map((n) => n.title)).toEqual(["你的 VIP 将于 2026-11-24 到期"]);

    // A grant that has not started cannot be ended.
    const future = await createUser({ email: "future@example.com" });
    await grantDays({ userId: future.id, levelId: 100, days: 5, source: "admin", sourceKey: `f:${future.id}`, now: new Date(now.getTime() + DAY) });
    const [upcoming] = (await memberDetail(admin, future.id, now))!.grants;
    await expect(endGrant(admin, upcoming!.id, now)).rejects.toMatchObject({ code: "conflict" });
    // Bought under SVIP, the VIP days waited behind it (PRODUCT.md: a higher grant does not waste a lower one).
    expect(vip!.state).toBe("upcoming");
  });

  it("shows the member's referral and invitees", async () => {
    const inviter = await createUser({ email: "inviter@example.com", nickname: "邀请人" });
    const a = await createUser({ email: "invitee-a@example.com", nickname: "好友甲" });
    const b = await createUser({ email: "invitee-b@example.com", nickname: "好友乙" });
    const database = await db();
    await database.insert(referrals).values([
      { inviterId: inviter.id, inviteeId: a.id, status: "held", holdReason: "同一设备", createdAt: new Date("2026-11-01T00:00:00Z") },
      { inviterId: inviter.id, inviteeId: b.id, status: "rejected", holdReason: "同一 IP", decidedBy: admin.userId, decidedAt: new Date("2026-11-03T00:00:00Z"), createdAt: new Date("2026-11-02T00:00:00Z") },
    ]);
    const ofInviter = await memberDetail(admin, inviter.id);
    expect(ofInviter?.referral).toBeNull();
    expect(ofInviter?.inviteeTotal).toBe(2);
    expect(ofInviter?.invitees.map((i) => [i.invitee.nickname, i.status, i.holdReason])).toEqual([
      ["好友乙", "rejected", "同一 IP"],
      ["好友甲", "held", "同一设备"],
    ]);
    const ofB = await memberDetail(admin, b.id);
    expect(ofB?.referral).toMatchObject({ status: "rejected", holdReason: "同一 IP", inviter: { id: inviter.id, nickname: "邀请人" } });
    expect(ofB?.referral?.decidedBy).toMatchObject({ id: admin.userId, email: "admin@example.com" });
    expect((await memberDetail(admin, a.id))?.referral?.decidedBy).toBeNull();
  });
});
