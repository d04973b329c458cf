import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { referrals, users } from "@/lib/db/schema";
import { maskContact } from "@/lib/domain/format";
import type { Viewer } from "@/lib/server/auth/viewer";

export interface Invitee {
  nickname: string;
  joinedAt: Date;
  /** The newcomer's reward: granted, held for review (待审核), or rejected by an administrator. */
  reward: "granted" | "held" | "rejected" | "none";
}

/** The members the viewer invited, nicknames masked, with whether their referral reward was granted. */
export async function inviteesOf(viewer: Viewer): Promise<Invitee[]> {
  const rows = await (await db())
    .select({ nickname: users.nickname, joinedAt: users.createdAt, status: referrals.status })
    .from(users)
    .leftJoin(referrals, and(eq(referrals.inviteeId, users.id), eq(referrals.inviterId, viewer.userId)))
    .where(eq(users.invitedBy, viewer.userId))
    .orderBy(desc(users.createdAt));
  return rows.map((r) => ({ nickname: maskContact(r.nickname), joinedAt: r.joinedAt, reward: r.status ?? "none" }));
}
