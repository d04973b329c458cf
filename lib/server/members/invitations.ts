import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { grants, users } from "@/lib/db/schema";
import { maskContact } from "@/lib/domain/format";
import type { Viewer } from "@/lib/server/auth/viewer";

export interface Invitee {
  nickname: string;
  joinedAt: Date;
  rewarded: boolean;
}

/** The members the viewer invited, nicknames masked, with whether their referral reward was granted. */
export async function inviteesOf(viewer: Viewer): Promise<Invitee[]> {
  const rows = await (await db())
    .select({ id: users.id, nickname: users.nickname, joinedAt: users.createdAt, grantId: grants.id })
    .from(users)
    .leftJoin(grants, and(eq(grants.userId, users.id), eq(grants.source, "referral")))
    .where(eq(users.invitedBy, viewer.userId))
    .orderBy(desc(users.createdAt));
  return rows.map((r) => ({ nickname: maskContact(r.nickname), joinedAt: r.joinedAt, rewarded: r.grantId !== null }));
}
