import { FREE_LEVEL, levelById, type Level } from "./levels";

export interface GrantPeriod {
  levelId: number;
  startsAt: Date;
  endsAt: Date;
}

export interface MembershipState {
  level: Level;
  /** End of the current level's unbroken run of grants; null at the free level. */
  endsAt: Date | null;
}

/**
 * A member's level is the highest level among the grants active at `now`; its end is where that level's
 * grants stop following each other without a gap (same-level grants extend end-to-end).
 */
export function membershipAt(grants: GrantPeriod[], now: Date): MembershipState {
  const active = grants.filter((g) => g.startsAt <= now && now < g.endsAt && levelById(g.levelId));
  if (active.length === 0) return { level: FREE_LEVEL, endsAt: null };
  const top = Math.max(...active.map((g) => g.levelId));
  const sameLevel = grants.filter((g) => g.levelId === top).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  let end = now;
  for (const g of sameLevel) {
    if (g.startsAt <= end && g.endsAt > end) end = g.endsAt;
  }
  return { level: levelById(top) ?? FREE_LEVEL, endsAt: end };
}

/** Where a new grant of `levelId` starts: after that level's current run ends, or now. */
export function nextGrantStart(grants: GrantPeriod[], levelId: number, now: Date): Date {
  let start = now;
  const sameLevel = grants.filter((g) => g.levelId === levelId).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const g of sameLevel) {
    if (g.startsAt <= start && g.endsAt > start) start = g.endsAt;
  }
  return start;
}

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant in Asia/Shanghai (UTC+8, no daylight saving), whatever the server's zone. */
export function shanghaiDate(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The date shown as `levelEndDate`: the last day of access in Asia/Shanghai. */
export function levelEndDateString(endsAt: Date | null): string {
  return endsAt ? shanghaiDate(new Date(endsAt.getTime() - 1)) : "";
}
