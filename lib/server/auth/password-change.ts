import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { Account } from "@/lib/domain/account";
import { findUserByAccount, findUserById } from "@/lib/server/members/users";
import { hashPassword, verifyPassword } from "./password";
import { revokeOtherSessions } from "./sessions";
import type { Viewer } from "./viewer";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A new password: 8–128 characters, taken as typed (never trimmed), not only spaces. */
export const NewPassword = z
  .string({ error: "请输入新密码" })
  .min(PASSWORD_MIN, `新密码至少 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `新密码最长 ${PASSWORD_MAX} 位`)
  .refine((v) => v.trim() !== "", "新密码不能全是空格");

export type PasswordFailure = {
  ok: false;
  status: number;
  message: string;
  /** True when the current password was wrong (the route counts it against the rate limit). */
  wrongPassword?: boolean;
};

async function storePassword(userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await (await db()).update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function hasPassword(userId: string): Promise<boolean> {
  return (await findUserById(userId))?.passwordHash != null;
}

/**
 * Sets the first password, or changes it when the current one is right. Every other session of the member ends;
 * the one making the change (`keepToken`) stays.
 */
export async function changePassword(
  viewer: Viewer,
  keepToken: string,
  input: { currentPassword?: string; newPassword: string },
): Promise<{ ok: true; wasSet: boolean } | PasswordFailure> {
  const parsed = NewPassword.safeParse(input.newPassword);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "新密码格式不正确" };
  const user = await findUserById(viewer.userId);
  if (!user) throw new Error(`member ${viewer.userId} of a live session no longer exists`);
  if (user.passwordHash) {
    if (!input.currentPassword) return { ok: false, status: 400, message: "请输入当前密码" };
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      return { ok: false, status: 400, message: "当前密码不正确", wrongPassword: true };
    }
    if (input.currentPassword === parsed.data) return { ok: false, status: 400, message: "新密码不能与当前密码相同" };
  }
  await storePassword(user.id, parsed.data);
  await revokeOtherSessions(user.id, keepToken);
  return { ok: true, wasSet: user.passwordHash === null };
}

/**
 * Sets a new password for the member who owns a confirmed reset code, and ends all of their sessions (they log in
 * again with it). Refused when no member has that address (its owner just proved they hold it, so this reveals
 * nothing to a stranger).
 */
export async function resetPassword(account: Account, newPassword: string): Promise<{ ok: true; userId: string } | PasswordFailure> {
  const parsed = NewPassword.safeParse(newPassword);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "新密码格式不正确" };
  const user = await findUserByAccount(account.value);
  if (!user) return { ok: false, status: 400, message: "该账号尚未注册，请使用验证码登录（首次登录即注册）" };
  await storePassword(user.id, parsed.data);
  await revokeOtherSessions(user.id, null);
  return { ok: true, userId: user.id };
}
