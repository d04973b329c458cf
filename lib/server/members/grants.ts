import "server-only";
import { eq } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { grants } from "@/lib/db/schema";
import { lockMemberLedger } from "./member-lock";
import { membershipAt, nextGrantStart, pauseLowerGrants, type MembershipState } from "@/lib/domain/membership";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function membershipOf(userId: string, now = new Date()): Promise<MembershipState> {
  const rows = await (await db())
    .select({ levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt })
    .from(grants)
    .where(eq(grants.userId, userId));
  return membershipAt(rows, now);
}

export interface GrantRequest {
  userId: string;
  levelId: 100 | 200;
  days: number;
  source: "admin" | "purchase" | "subscription" | "referral";
  /** Unique per origin: the same key never grants twice. */
  sourceKey: string;
  now?: Date;
}

/** Adds days of a level after that level's current run, once per source key. Returns false when already granted. */
export async function grantDays(req: GrantRequest, runner?: Pick<Database, "select" | "insert" | "update" | "execute">): Promise<boolean> {
  if (!Number.isInteger(req.days) || req.days < 1 || req.days > 3660) throw new Error(`invalid number of days: ${req.days}`);
  if (runner) return insertGrant(runner, req);
  return (await db()).transaction((tx) => insertGrant(tx, req));
}

async function insertGrant(tx: Pick<Database, "select" | "insert" | "update" | "execute">, req: GrantRequest): Promise<boolean> {
  // Concurrent grants of one member run one after the other, so each sees the other's period. The clock is read once
  // the lock is held: a grant that waited for another must not start before that one (it would overlap it).
  await lockMemberLedger(tx, req.userId);
  const now = req.now ?? new Date();
  const existing = await tx
    .select({ id: grants.id, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt, source: grants.source, sourceKey: grants.sourceKey })
    .from(grants)
    .where(eq(grants.userId, req.userId))
    .for("update");
  const startsAt = nextGrantStart(existing, req.levelId, now);
  const endsAt = new Date(startsAt.getTime() + req.days * DAY_MS);
  const inserted = await tx
    .insert(grants)
    .values({ userId: req.userId, levelId: req.levelId, startsAt, endsAt, source: req.source, sourceKey: req.sourceKey })
    .onConflictDoNothing({ target: grants.sourceKey })
    .returning({ id: grants.id });
  if (inserted.length === 0) return false;
  // A higher grant does not waste a lower one: lower-level days pause while it runs and resume after.
  const { moved, resumed } = pauseLowerGrants(existing, { levelId: req.levelId, startsAt, endsAt });
  for (const m of moved) await tx.update(grants).set({ startsAt: m.startsAt, endsAt: m.endsAt }).where(eq(grants.id, m.id));
  for (const r of resumed) {
    const from = existing.find((g) => g.id === r.fromId)!;
    await tx.insert(grants).values({
      userId: req.userId, levelId: r.levelId, startsAt: r.startsAt, endsAt: r.endsAt, source: from.source, sourceKey: `${from.sourceKey}>after:${req.sourceKey}`,
    });
  }
  return true;
}