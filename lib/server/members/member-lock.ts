import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";

/**
 * Serialises changes to one member's grant ledger until the transaction ends. Row locks are not enough: a member
 * with no grants has no row to lock, and a waiting READ COMMITTED transaction would not see the other's new row.
 */
export async function lockMemberLedger(tx: Pick<Database, "execute">, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger:${userId}`}))`);
}
