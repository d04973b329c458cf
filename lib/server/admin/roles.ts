import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { assertAdminRights, type Actor } from "@/lib/server/auth/roles";
import type { Role } from "@/lib/server/members/users";

export type RoleChange = { status: "changed" | "unchanged"; from: Role; to: Role } | { status: "not-found" };

/**
 * Makes a user a member, an editor or an administrator. Administrators only (today the operator's `user:role`; no
 * page offers it, ADR 0028). The role is read from the database on every request, so the change holds at once,
 * for sessions already open too.
 */
export async function changeRole(actor: Actor | null, userId: string, role: Role): Promise<RoleChange> {
  assertAdminRights(actor);
  const database = await db();
  const [user] = await database.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { status: "not-found" };
  if (user.role === role) return { status: "unchanged", from: role, to: role };
  await database.update(users).set({ role }).where(eq(users.id, userId));
  return { status: "changed", from: user.role, to: role };
}
