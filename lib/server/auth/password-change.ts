import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { Account } from "@/lib/domain/account";
import { isCommonPassword } from "@/lib/domain/common-passwords";
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordNames } from "@/lib/domain/password-policy";
import { AppError } from "@/lib/server/http/app-error";
import { findUserByAccount, findUserById } from "@/lib/server/members/users";
import { CODE_SPENT_MESSAGE } from "./codes";
import { hashPassword, verifyPassword } from "./password";
import { revokeOtherSessions } from "./sessions";
import type { Viewer } from "./viewer";

export { PASSWORD_MAX, PASSWORD_MIN };

/** The server's verdict on a new password (ADR 0029): every rule, the 10,000 common passwords included. */
export function newPasswordProblem(password: string, names: PasswordNames): string | null {
  return passwordProblem(password, names, isCommonPassword);
}

/** The current password was wrong: a 400 the route also counts against its rate limit. */
export class WrongCurrentPasswordError extends AppError {
  constructor() {
    super("invalid", "当前密码不正确");
  }
}

async function storeHash(userId: string, passwordHash: string): Promise<void> {
  await (await db()).update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

async function storePassword(userId: string, password: string): Promise<void> {
  await storeHash(userId, await hashPassword(password));
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
): Promise<{ wasSet: boolean }> {
  const user = await findUserById(viewer.userId);
  if (!user) throw new Error(`member ${viewer.userId} of a live session no longer exists`);
  const problem = newPasswordProblem(input.newPassword, user);
  if (problem) throw new AppError("invalid", problem);
  if (user.passwordHash) {
    if (!input.currentPassword) throw new AppError("invalid", "请输入当前密码");
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new WrongCurrentPasswordError();
    if (input.currentPassword === input.newPassword) throw new AppError("invalid", "新密码不能与当前密码相同");
  }
  await storePassword(user.id, input.newPassword);
  await revokeOtherSessions(user.id, keepToken);
  return { wasSet: user.passwordHash === null };
}

/** The names a reset may check before its code is confirmed: only the account typed (nothing read from the database). */
export function resetPasswordNames(account: Account): PasswordNames {
  return account.kind === "email" ? { email: account.value } : { mobile: account.value };
}

/**
 * Sets a new password for the member who owns a confirmed reset code, and ends all of their sessions (they log in
 * again with it). The password is hashed before the member is looked up, so a code confirmed for an address that
 * has no member (only an unsent code for it exists, or the member was removed since) costs the same and gets the
 * answer of a spent code (ADR 0029). Returns the member's id.
 */
export async function resetPassword(account: Account, newPassword: string): Promise<string> {
  const problem = newPasswordProblem(newPassword, resetPasswordNames(account));
  if (problem) throw new AppError("invalid", problem);
  const passwordHash = await hashPassword(newPassword);
  const user = await findUserByAccount(account.value);
  if (!user) throw new AppError("invalid", CODE_SPENT_MESSAGE);
  await storeHash(user.id, passwordHash);
  await revokeOtherSessions(user.id, null);
  return user.id;
}
