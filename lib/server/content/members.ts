import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";

export interface PublicMember {
  uguid: string;
  nickname: string;
  avatarUrl: string;
  joinedAt: Date;
}

/** What anyone may see of a member: no contact details, no level. */
export async function publicMember(uguid: string): Promise<PublicMember | null> {
  const [row] = await (await db())
    .select({ uguid: users.id, nickname: users.nickname, avatarUrl: users.avatarUrl, joinedAt: users.createdAt })
    .from(users)
    .where(eq(users.id, uguid))
    .limit(1);
  return row ?? null;
}
