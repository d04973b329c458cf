import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseAccount } from "@/lib/domain/account";
import { createUser, findUserById } from "@/lib/server/members/users";
import { loginWithPassword } from "./login";
import { hashPassword } from "./password";
import { WrongCurrentPasswordError, changePassword, hasPassword, newPasswordProblem, resetPassword } from "./password-change";
import { createSession } from "./sessions";
import { viewerForToken, type Viewer } from "./viewer";

jest.mock("./password", () => {
  const actual = jest.requireActual<typeof import("./password")>("./password");
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashed = jest.mocked(hashPassword);

describe("new password rule", () => {
  it("takes 8–128 characters as typed, and refuses common passwords and the account's names", () => {
    expect(newPasswordProblem(" 8 chars", {})).toBeNull();
    expect(newPasswordProblem("short", {})).toBe("新密码至少 8 位");
    expect(newPasswordProblem("x".repeat(129), {})).toBe("新密码最长 128 位");
    expect(newPasswordProblem(" ".repeat(10), {})).toBe("新密码不能全是空格");
    expect(newPasswordProblem(`${"x".repeat(127)}y`, {})).toBeNull();
    expect(newPasswordProblem("iloveyou", {})).toBe("这个密码太常见，很容易被猜到，请换一个");
    expect(newPasswordProblem("ZHANGSAN-1990", { email: "zhangsan@example.com" })).toBe("新密码不能包含邮箱 @ 前面的部分");
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
    const user = await createUser({ mobile: "13800138100", nickname: "LaoWang" });
    const mine = await sessionOf(user.id);
    const other = await sessionOf(user.id);
    expect(await hasPassword(user.id)).toBe(false);
    await expect(changePassword(mine.viewer, mine.token, { newPassword: "i-am-laowang" })).rejects.toMatchObject({ code: "invalid", message: "新密码不能包含昵称" });
    expect(await changePassword(mine.viewer, mine.token, { newPassword: "first-password" })).toEqual({ wasSet: true });
    expect(await hasPassword(user.id)).toBe(true);
    expect(await viewerForToken(mine.token)).not.toBeNull();
    expect(await viewerForToken(other.token)).toBeNull();
    await expect(loginWithPassword("13800138100", "first-password", "")).resolves.toHaveProperty("session");
  });

  it("changes a password only with the right current one, keeping this session and ending the others", async () => {
    const user = await createUser({ email: "change@example.com", password: "old-password" });
    const mine = await sessionOf(user.id);
    const other = await sessionOf(user.id);
    const stranger = await createUser({ email: "stranger@example.com" });
    const strangerSession = await sessionOf(stranger.id);

    await expect(changePassword(mine.viewer, mine.token, { newPassword: "new-password" })).rejects.toMatchObject({ code: "invalid", message: "请输入当前密码" });
    await expect(changePassword(mine.viewer, mine.token, { currentPassword: "wrong-password", newPassword: "new-password" })).rejects.toBeInstanceOf(WrongCurrentPasswordError);
    await expect(changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "short" })).rejects.toMatchObject({ code: "invalid", message: "新密码至少 8 位" });
    await expect(changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "1q2w3e4r5t" })).rejects.toMatchObject({ code: "invalid", message: "这个密码太常见，很容易被猜到，请换一个" });
    await expect(changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "my-Change-2024" })).rejects.toMatchObject({ code: "invalid", message: "新密码不能包含邮箱 @ 前面的部分" });
    await expect(changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "old-password" })).rejects.toMatchObject({ code: "invalid", message: "新密码不能与当前密码相同" });
    expect(await viewerForToken(other.token)).not.toBeNull(); // refusals change nothing

    expect(await changePassword(mine.viewer, mine.token, { currentPassword: "old-password", newPassword: "new-password" }))
      .toEqual({ wasSet: false });
    expect(await viewerForToken(mine.token)).not.toBeNull();
    expect(await viewerForToken(other.token)).toBeNull();
    expect(await viewerForToken(strangerSession.token)).not.toBeNull();
    await expect(loginWithPassword("change@example.com", "old-password", "")).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(loginWithPassword("change@example.com", "new-password", "")).resolves.toHaveProperty("session");
  });

  it("resets by a confirmed account: new password, every session ended, nobody logged in", async () => {
    const user = await createUser({ email: "reset@example.com", mobile: "13800138200", password: "forgotten-pw" });
    const one = await sessionOf(user.id);
    const two = await sessionOf(user.id);
    const result = await resetPassword(parseAccount("13800138200")!, "brand-new-pw");
    expect(result).toBe(user.id);
    expect(await viewerForToken(one.token)).toBeNull();
    expect(await viewerForToken(two.token)).toBeNull();
    await expect(loginWithPassword("reset@example.com", "brand-new-pw", "")).resolves.toHaveProperty("session");
    expect((await findUserById(user.id))?.passwordHash).toMatch(/^\$argon2id\$/);

    await expect(resetPassword(parseAccount("reset@example.com")!, "short")).rejects.toMatchObject({ code: "invalid", message: "新密码至少 8 位" });
    await expect(resetPassword(parseAccount("13800138200")!, "x13800138200")).rejects.toMatchObject({ code: "invalid", message: "新密码不能包含手机号" });
  });

  it("does the same work, and answers as for a spent code, when the confirmed address has no member", async () => {
    await createUser({ email: "still-here@example.com", password: "forgotten-pw" });
    hashed.mockClear();
    expect(await resetPassword(parseAccount("still-here@example.com")!, "brand-new-pw")).toEqual(expect.any(String));
    expect(hashed).toHaveBeenCalledTimes(1);
    hashed.mockClear();
    await expect(resetPassword(parseAccount("nobody@example.com")!, "brand-new-pw")).rejects.toMatchObject({ code: "invalid", message: "验证码已失效，请重新获取" });
    expect(hashed).toHaveBeenCalledTimes(1);
  });
});
