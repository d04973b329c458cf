import "server-only";
import { asc, count, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, strategies } from "@/lib/db/schema";
import type { Actor } from "@/lib/server/auth/roles";
import { publicData } from "@/lib/server/cache/public-data";

export type MasterProfile = typeof masters.$inferSelect;
export type StrategyProfile = typeof strategies.$inferSelect;

export async function listMasters(opts: { page?: number; pageSize?: number } = {}): Promise<{ items: MasterProfile[]; total: number }> {
  const page = opts.page ?? 1;
  const pageSize = opts.pageSize ?? 20;
  const database = await db();
  const [items, [totals]] = await Promise.all([
    database.select().from(masters).orderBy(asc(masters.createdAt), asc(masters.name)).limit(pageSize).offset((page - 1) * pageSize),
    database.select({ n: count() }).from(masters),
  ]);
  return { items, total: totals?.n ?? 0 };
}

/**
 * The one lookup of a master by guid, for every reader: pages, metadata, share images, the editors' screens and routes,
 * the CLI. A master's profile is public to every viewer (drafts are statements, never masters); how much of the
 * master's trading a viewer may see is decided by `statementAccess` where the trades are read.
 */
export async function findMaster(viewer: Actor | null, guid: string): Promise<MasterProfile | null> {
  return publicData(`master|${guid}`, ["statements"], async () => {
    const [row] = await (await db()).select().from(masters).where(eq(masters.guid, guid)).limit(1);
    return row ?? null;
  });
}

export async function listStrategies(opts: { page?: number; pageSize?: number } = {}): Promise<{ items: StrategyProfile[]; total: number }> {
  const page = opts.page ?? 1;
  const pageSize = opts.pageSize ?? 20;
  const database = await db();
  const [items, [totals]] = await Promise.all([
    database.select().from(strategies).orderBy(asc(strategies.startDate)).limit(pageSize).offset((page - 1) * pageSize),
    database.select({ n: count() }).from(strategies),
  ]);
  return { items, total: totals?.n ?? 0 };
}
