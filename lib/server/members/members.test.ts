import { db } from "@/lib/db";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { lockMemberLedger } from "./member-lock";
import { createUser, DuplicateAccountError, findUserByAccount } from "./users";
import { grantDays, membershipOf } from "./grants";
import { LOGIN_REFUSED, loginWithPassword } from "@/lib/server/auth/login";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { revokeSession } from "@/lib/server/auth/sessions";

const DAY = 86_400_000;

describeOnEachEngine("members, sessions and grants", () => {
  it("creates a member with a unique invitation code and finds them by e-mail or mobile", async () => {
    const a = await createUser({ email: "Trader@Example.com", password: "correct horse", nickname: "老韭菜" });
    const b = await createUser({ mobile: "13800138000" });
    expect(a.invitationCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(a.invitationCode).not.toBe(b.invitationCode);
    expect(a.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await findUserByAccount("trader@example.com"))?.id).toBe(a.id);
    expect((await findUserByAccount("13800138000"))?.nickname).toBe("用户8000");
    await expect(createUser({ email: "trader@example.com" })).rejects.toBeInstanceOf(DuplicateAccountError);
  });

  it("logs in by password, resolves the token to the viewer, and ends the session at logout", async () => {
    const user = await createUser({ email: "login@example.com", password: "s3cret-pass" });
    const refused = { code: "unauthenticated", message: LOGIN_REFUSED };
    await expect(loginWithPassword("login@example.com", "wrong-pass", "")).rejects.toMatchObject(refused);
    await expect(loginWithPassword("nobody@example.com", "s3cret-pass", "")).rejects.toMatchObject(refused);
    const result = await loginWithPassword("LOGIN@example.com", "s3cret-pass", "jest");
    const viewer = await viewerForToken(result.session.token);
    expect(viewer).toMatchObject({ userId: user.id, role: "member" });
    expect(viewer?.userInfo).toEqual({
      nickName: "login", avatar: "", mobile: "login@example.com", email: "login@example.com",
      invitationCode: user.invitationCode, levelEndDate: "", levelName: "普通会员", levelId: 0, levelCode: "free", uguid: user.id,
    });
    expect(await viewerForToken("forged-token")).toBeNull();
    await revokeSession(result.session.token);
    expect(await viewerForToken(result.session.token)).toBeNull();
  });

  it("grants days once per source key and extends the same level end to end", async () => {
    const user = await createUser({ email: "vip@example.com" });
    const now = new Date("2026-11-21T02:00:00Z");
    expect(await grantDays({ userId: user.id, levelId: 100, days: 30, source: "admin", sourceKey: "k1", now })).toBe(true);
    expect(await grantDays({ userId: user.id, levelId: 100, days: 30, source: "admin", sourceKey: "k1", now })).toBe(false);
    expect(await grantDays({ userId: user.id, levelId: 100, days: 10, source: "admin", sourceKey: "k2", now })).toBe(true);
    const state = await membershipOf(user.id, now);
    expect(state.level.levelCode).toBe("vip");
    expect(state.endsAt).toEqual(new Date(now.getTime() + 40 * DAY));
    expect(await grantDays({ userId: user.id, levelId: 200, days: 3, source: "referral", sourceKey: "referral:x", now })).toBe(true);
    expect((await membershipOf(user.id, now)).level.levelCode).toBe("svip");
    expect((await membershipOf(user.id, new Date(now.getTime() + 5 * DAY))).level.levelCode).toBe("vip");
  });

  it("a grant that waited for another member's grant starts after it: the clock is read under the ledger lock", async () => {
    const user = await createUser({ email: "race@example.com" });
    let waiting: Promise<boolean> | null = null;
    await (await db()).transaction(async (tx) => {
      await lockMemberLedger(tx, user.id);
      waiting = grantDays({ userId: user.id, levelId: 100, days: 30, source: "purchase", sourceKey: "race:second" }); // asked first, waits
      await new Promise((resolve) => setTimeout(resolve, 50));
      await grantDays({ userId: user.id, levelId: 100, days: 30, source: "purchase", sourceKey: "race:first", now: new Date() }, tx);
    });
    expect(await waiting).toBe(true);
    const state = await membershipOf(user.id);
    expect(Math.round((state.endsAt!.getTime() - Date.now()) / DAY)).toBe(60); // not 30: the two periods add up
  });
});
