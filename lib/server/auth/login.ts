import "server-only";
import { burnPasswordCheck, verifyPassword } from "./password";
import { createSession, endPreviousSession, type NewSession, type SessionDevice } from "./sessions";
import { findUserByAccount, type UserRow } from "@/lib/server/members/users";

export type PasswordLoginResult = { ok: true; user: UserRow; session: NewSession } | { ok: false };

/**
 * Same answer and similar timing whether the account is unknown, has no password, or the password is wrong. A
 * success ends `previousToken`, the session the browser brought (P8: a login rotates the session).
 */
export async function loginWithPassword(
  account: string,
  password: string,
  userAgent: string,
  device: SessionDevice = { hash: null, id: null },
  previousToken: string | null = null,
): Promise<PasswordLoginResult> {
  const user = await findUserByAccount(account);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    return { ok: false };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false };
  const session = await createSession(user.id, userAgent, device);
  await endPreviousSession(previousToken, session.token);
  return { ok: true, user, session };
}
