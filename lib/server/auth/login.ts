import "server-only";
import { burnPasswordCheck, verifyPassword } from "./password";
import { createSession, type NewSession } from "./sessions";
import { findUserByAccount, type UserRow } from "@/lib/server/members/users";

export type PasswordLoginResult = { ok: true; user: UserRow; session: NewSession } | { ok: false };

/** Same answer and similar timing whether the account is unknown, has no password, or the password is wrong. */
export async function loginWithPassword(
  account: string,
  password: string,
  userAgent: string,
  deviceHash: string | null = null,
): Promise<PasswordLoginResult> {
  const user = await findUserByAccount(account);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    return { ok: false };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false };
  return { ok: true, user, session: await createSession(user.id, userAgent, deviceHash) };
}
