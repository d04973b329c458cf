import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants, notifications, referrals, users } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseAccount } from "@/lib/domain/account";
import { membershipOf } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { signInVerifiedAccount } from "./register";

const acct = (s: string) => parseAccount(s)!;
let n = 0;
const freshIp = () => `198.51.100.${++n}`;
/** A device the server signed (its id), with a fingerprint of its own. */
const signed = (id: string) => ({ id, hash: `fingerprint-of-${id}` });

describeOnEachEngine("registration with an invitation code", () => {
  it("gives the newcomer 3 days of SVIP in the registration itself, and tells both", async () => {
    const inviter = await createUser({ email: "inviter1@example.com" });
    const before = Date.now();
    const result = await signInVerifiedAccount(acct("newbie1@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-a"), ip: freshIp(), userAgent: "jest", referer: { TParam: "wx" } });
    expect(result.created).toBe(true);
    expect(result.referral).toEqual({ status: "granted" });
    expect(result.user.invitedBy).toBe(inviter.id);
    expect(result.user.referer).toEqual({ TParam: "wx" });
    const state = await membershipOf(result.user.id);
    expect(state.level.levelCode).toBe("svip");
    const days = (state.endsAt!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
  });

  it("signs in an existing member without a second reward", async () => {
    const inviter = await createUser({ email: "inviter2@example.com" });
    await signInVerifiedAccount(acct("newbie2@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-2"), ip: freshIp(), userAgent: "" });
    const again = await signInVerifiedAccount(acct("newbie2@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-2"), ip: freshIp(), userAgent: "" });
    expect(again.created).toBe(false);
    const rows = await (await db()).select().from(grants).where(eq(grants.userId, again.user.id));
    expect(rows).toHaveLength(1);
  });

  it("holds a reward claimed on the inviter's own device and a second reward from one device", async () => {
    const inviter = await createUser({ email: "inviter3@example.com", password: "password-3" });
    await signInVerifiedAccount(acct("inviter3@example.com"), { device: signed("dev-self"), ip: freshIp(), userAgent: "" });
    const self = await signInVerifiedAccount(acct("alt3@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-self"), ip: freshIp(), userAgent: "" });
    expect(self.referral).toEqual({ status: "held", reason: "self-device" });
    expect((await membershipOf(self.user.id)).level.levelCode).toBe("free");

    const first = await signInVerifiedAccount(acct("first3@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-b"), ip: freshIp(), userAgent: "" });
    const second = await signInVerifiedAccount(acct("second3@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-b"), ip: freshIp(), userAgent: "" });
    expect(first.referral?.status).toBe("granted");
    expect(second.referral).toEqual({ status: "held", reason: "device" });
    expect((await membershipOf(second.user.id)).level.levelCode).toBe("free");
  });

  it("holds a burst of registrations from one address", async () => {
    const inviter = await createUser({ email: "inviter4@example.com" });
    const ip = "203.0.113.99";
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await signInVerifiedAccount(acct(`burst${i}@example.com`), { invitationCode: inviter.invitationCode, device: signed(`burst-dev-${i}`), ip, userAgent: "" })).referral?.status);
    }
    expect(statuses).toEqual(["granted", "granted", "granted", "held"]);
  });

  it("registers one member and grants one reward when the same newcomer signs in 10 times at once", async () => {
    const inviter = await createUser({ email: "inviter5@example.com" });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => signInVerifiedAccount(acct("racer5@example.com"), { invitationCode: inviter.invitationCode, device: signed("dev-race"), ip: freshIp(), userAgent: "" })),
    );
    const ids = new Set(results.map((r) => r.user.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const database = await db();
    expect(await database.select().from(users).where(eq(users.email, "racer5@example.com"))).toHaveLength(1);
    expect(await database.select().from(grants).where(eq(grants.userId, id!))).toHaveLength(1);
    expect(await database.select().from(referrals).where(eq(referrals.inviteeId, id!))).toHaveLength(1);
  });

  it("grants at most one reward per device when 10 newcomers register at once on one device", async () => {
    const inviter = await createUser({ email: "inviter6@example.com" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInVerifiedAccount(acct(`device6-${i}@example.com`), { invitationCode: inviter.invitationCode, device: signed("dev-shared-6"), ip: freshIp(), userAgent: "" })),
    );
    const statuses = results.map((r) => r.referral?.status).sort();
    expect(statuses.filter((s) => s === "granted")).toHaveLength(1);
    expect(statuses.filter((s) => s === "held")).toHaveLength(9);
  });

  it("holds the reward of a newcomer without a signed device cookie, even with a fingerprint that checks out, and tells both", async () => {
    const inviter = await createUser({ email: "inviter7@example.com", nickname: "带路人七" });
    const result = await signInVerifiedAccount(acct("unsigned7@example.com"), {
      invitationCode: inviter.invitationCode, device: { id: null, hash: "a-fingerprint-nobody-has-used" }, ip: freshIp(), userAgent: "script",
    });
    expect(result.created).toBe(true);
    expect(result.referral).toEqual({ status: "held", reason: "no-device" });
    expect((await membershipOf(result.user.id)).level.levelCode).toBe("free");
    const database = await db();
    expect(await database.select().from(grants).where(eq(grants.userId, result.user.id))).toHaveLength(0);
    const [row] = await database.select().from(referrals).where(eq(referrals.inviteeId, result.user.id));
    expect(row).toMatchObject({ status: "held", holdReason: "no-device", deviceId: null, deviceHash: "a-fingerprint-nobody-has-used" });
    const told = async (userId: string) =>
      (await database.select({ title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt)));
    expect(await told(result.user.id)).toEqual([{ title: "邀请奖励待审核", body: "你的邀请奖励需要人工审核，通过后 3 天 SVIP 会自动到账。" }]);
    expect(await told(inviter.id)).toEqual([
      // The friend's nickname (here the e-mail's local part) masked, as on /user/invitation.
      { title: "好友已注册，邀请奖励待审核", body: "u*******7 已通过你的邀请加入，TA 的 3 天 SVIP 奖励待审核，审核通过后发放。" },
    ]);
  });

  it("counts one device by its signed id: new fingerprints on the same id are held, one id per newcomer is granted", async () => {
    const inviter = await createUser({ email: "inviter8@example.com" });
    const sameId = await Promise.all(["a", "b", "c"].map((f) =>
      signInVerifiedAccount(acct(`same-id-${f}@example.com`), { invitationCode: inviter.invitationCode, device: { id: "device-8", hash: `forged-${f}` }, ip: freshIp(), userAgent: "" })));
    expect(sameId.map((r) => r.referral?.status).sort()).toEqual(["granted", "held", "held"]);
    expect(sameId.filter((r) => r.referral?.status === "held").map((r) => r.referral)).toEqual([{ status: "held", reason: "device" }, { status: "held", reason: "device" }]);
    // The fingerprint decides nothing any more: one fingerprint on two signed ids is two devices.
    const sameFingerprint = [];
    for (const id of ["device-8x", "device-8y"]) {
      sameFingerprint.push((await signInVerifiedAccount(acct(`${id}@example.com`), { invitationCode: inviter.invitationCode, device: { id, hash: "one-phone-model" }, ip: freshIp(), userAgent: "" })).referral);
    }
    expect(sameFingerprint).toEqual([{ status: "granted" }, { status: "granted" }]);
  });
});
