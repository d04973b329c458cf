import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseAccount } from "@/lib/domain/account";
import { createUser, findUserById } from "@/lib/server/members/users";
import { loginWithPassword } from "./login";
import { changePassword, hasPassword, NewPassword, resetPassword } from "./password-change";
import { createSession } from "./sessions";
import { viewerForToken, type Viewer } from "./viewer";

describe("new password rule", () => {
  it("takes 8–128 characters as typed", () => {
    expect(NewPassword.parse(" 8 chars")).toBe(" 8 chars");
    expect(NewPassword.safeParse("short").error?.issues[0]?.message).toBe("新密码至少 8 位");
    expect(NewPassword.safeParse("x".repeat(129)).error?.issues[0]?.message).toBe("新密码最长 128 位");
    expect(NewPassword.safeParse(" ".repeat(10)).error?.issues[0]?.message).toBe("新密码不能全是空格");
    expect(NewPassword.safeParse("x".repeat(128)).success).toBe(true);
  });
});

describeOnEachEngine("password change and reset", () => {
  async function sessionOf(userId: string): Promise<{ token: string; viewer: Viewer }> {
    const { token } = await createSession(userId);
    const viewer = await viewerForToken(token);
    if (!viewer) throw new Error("no viewer");
    return { token, viewer };
  }

  it("sets a first password without asking for a current one and ends the other sessions", async () => {
    const user = await createUser({ mobile: "13800138100" });
    const mine = await sessionOf(user.id);
    const other = await sessionOf(user.id);
    expect(await hasPassword(user.id)).toBe(false);
    expect(await changePassword(mine.viewer, mine.token, { newPassword: "first-password" })).toEqual({ ok: true, wasSet: true });
    expect(await hasPassword(user.id)).toBe(true);
    expect(await viewerForToken(mine.token)).not.toBeNull();
    expect(await viewerForToken(other.token)).toBeNull();
    expect((await loginWithPassword("13800138100", "first-password", "")).ok).toBe(true);
  });

  it("changes a password only with the right current one, keeping this session and ending the others", async () => {
    const user = await createUser({ email: "change@example.com", password: "old-password" });
    const mine = await sessionOf(user.id);
    const other = await sessionOf(user.id);
    const stranger = await createUser({ email: "stranger@example.com" });
    const strangerSession = await sessionOf(stranger.id);

    expect(await changePassword(mine.viewer, mine.token, { newPassword: "new-password" }))
      .toEqual({ ok: false, status: 400, message: "请输入当前密码" });
    expect(await changePassword(mine.viewer, mine.token, { currentPassword: "wrong-password", newPassword: "new-password" }))
      .toEqual({ ok: false, status: 400, message: "当前密码不正确", wrongPassword: true });
    expect(await changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "short" }))
      .toEqual({ ok: false, status: 400, message: "新密码至少 8 位" });
    expect(await changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "old-password" }))
      .toEqual({ ok: false, status: 400, message: "新密码不能与当前密码相同" });
    expect(await viewerForToken(other.token)).not.toBeNull(); // refusals change nothing

    expect(await changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "new-password" }))
      .toEqual({ ok: true, wasSet: false });
    expect(await viewerForToken(mine.token)).not.toBeNull();
    expect(await viewerForToken(other.token)).toBeNull();
    expect(await viewerForToken(strangerSession.token)).not.toBeNull();
    expect((await loginWithPassword("change@example.com", "old-password", "")).ok).toBe(false);
    expect((await loginWithPassword("change@example.com", "new-password", "")).ok).toBe(true);
  });

  it("resets by a confirmed account: new password, every session ended, nobody logged in", async () => {
    const user = await createUser({ email: "reset@example.com", mobile: "13800138200", password: "forgotten-pw" });
    const one = await sessionOf(user.id);
    const two = await sessionOf(user.id);
    const result = await resetPassword(parseAccount("13800138200")!, "brand-new-pw");
    expect(result).toEqual({ ok: true, userId: user.id });
    expect(await viewerForToken(one.token)).toBeNull();
    expect(await viewerForToken(two.token)).toBeNull();
    expect((await loginWithPassword("reset@example.com", "brand-new-pw", "")).ok).toBe(true);
    expect((await findUserById(user.id))?.passwordHash).toMatch(/^\$argon2id\$/);

    expect(await resetPassword(parseAccount("reset@example.com")!, "short")).toMatchObject({ ok: false, status: 400, message: "新密码至少 8 位" });
    expect(await resetPassword(parseAccount("nobody@example.com")!, "brand-new-pw")).toMatchObject({ ok: false, status: 400 });
  });
});
