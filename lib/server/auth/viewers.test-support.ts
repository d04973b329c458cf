import { createSession } from "@/lib/server/auth/sessions";
import type { Viewer } from "@/lib/server/auth/viewer";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser, type Role } from "@/lib/server/members/users";

let seq = 0;

/** A new user of this role, as the data layer sees them (`viewer`) and as a browser would send them (`token`). */
export async function userWithRole(role: Role, label: string = role): Promise<{ viewer: Viewer; token: string }> {
  const user = await createUser({ email: `${label}-${++seq}-${Date.now()}@roles.test`, role, nickname: `${label}${seq}` });
  const viewer: Viewer = { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
  return { viewer, token: (await createSession(user.id)).token };
}
