import "server-only";
import { eq } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { strategies } from "@/lib/db/schema";
import { isGuid } from "@/lib/domain/route-params";
import type { Actor } from "@/lib/server/auth/roles";

export type StrategyRecord = typeof strategies.$inferSelect;

/**
 * The one lookup of a strategy by guid, for its page, the staff screens and routes, follows, imports and the CLI.
 * A strategy's profile is public to every viewer; what a viewer may see of its live fills is decided where they are
 * read (`realtradeAccess`). `database`: the caller's transaction, when the answer must agree with what it writes next.
 */
export async function findStrategy(viewer: Actor | null, guid: string, database?: Pick<Database, "select">): Promise<StrategyRecord | null> {
  if (!isGuid(guid)) return null;
  const [row] = await (database ?? (await db())).select().from(strategies).where(eq(strategies.guid, guid)).limit(1);
  return row ?? null;
}
