import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";

/** true when the database answers a trivial query within the time limit. */
export async function databaseIsHealthy(timeoutMs = 2000): Promise<boolean> {
  const probe = (async () => {
    await (await db()).execute(sql`select 1`);
    return true;
  })().catch(() => false);
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref?.());
  return Promise.race([probe, timeout]);
}
