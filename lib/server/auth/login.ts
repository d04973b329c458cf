import "server-only";
import { AppError } from "@/lib/server/http/app-error";
import { findUserByAccount, type UserRow } from "@/lib/server/members/users";
import { burnPasswordCheck, verifyPassword } from "./password";
import { createSession, endPreviousSession, type NewSession, type SessionDevice } from "./sessions";

export const LOGIN_REFUSED = "账号或密码错误";

/**
 * Signs in with a password: the member and the new session. Throws the same 401 (`LOGIN_REFUSED`), after similar
 * work, whether the account is unknown, has no password, or the password is wrong. A success ends `previousToken`,
 * the session the browser brought (P8: a login rotates the session).
 */
export async function loginWithPassword(
  account: string,
  password: string,
  userAgent: string,
  device: SessionDevice = { hash: null, id: null },
  previousToken: string | null = null,
): Promise<{ user: UserRow; session: NewSession }> {
  const user = await findUserByAccount(account);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    throw new AppError("unauthenticated", LOGIN_REFUSED);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("unauthenticated", LOGIN_REFUSED);
  const session = await createSession(user.id, userAgent, device);
  await endPreviousSession(previousToken, session.token);
  return { user, session };
}
