/**
 * What a refund does to the membership ledger: it shortens the grant it paid for, and same-level grants queued
 * after it move earlier to close the gap, so the member's access stays one unbroken run.
 */

export interface LedgerGrant {
  id: string;
  levelId: number;
  startsAt: Date;
  endsAt: Date;
}

export interface GrantChange {
  id: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The grants a refund changes. `refundedFraction` is in (0, 1]; 1 (or more) is a full refund, which takes away all
 * the time of the grant not yet used. A partial refund takes away that share of the grant's length, at most what is
 * left of it. Same-level grants that have not started and start at or after the refunded grant's old end move earlier
 * by at most the time taken away, never before `now` nor into the grant before them; their lengths are kept.
 * Returns only the grants that change, the refunded one first, then the moved ones in start order. When the level's
 * grants already overlap, nothing but the refunded grant changes.
 */
export function refundShortening(grants: readonly LedgerGrant[], grantId: string, refundedFraction: number, now: Date): GrantChange[] {
  if (typeof refundedFraction !== "number" || Number.isNaN(refundedFraction) || refundedFraction <= 0) {
    throw new RangeError(`refundedFraction must be in (0, 1], got ${refundedFraction}`);
  }
  const grant = grants.find((g) => g.id === grantId);
  if (!grant) throw new Error(`Unknown grant ${grantId}`);

  const t = now.getTime();
  const start = grant.startsAt.getTime();
  const oldEnd = grant.endsAt.getTime();
  const remaining = Math.max(0, oldEnd - Math.max(start, t));
  const removed = refundedFraction >= 1 ? remaining : Math.min(remaining, Math.round((oldEnd - start) * refundedFraction));
  if (!(removed > 0)) return [];

  const newEnd = oldEnd - removed;
  const changes: GrantChange[] = [{ id: grant.id, startsAt: grant.startsAt, endsAt: new Date(newEnd) }];
  // Purchases chain end to end, so a level's grants never overlap. If some do (hand-made grants), there is no single
  // gap to close: only the refunded grant is shortened, which can never give the member more time than before.
  if (overlapsAfter(grants.filter((g) => g.levelId === grant.levelId), t)) return changes;

  const queued = grants
    .map((g, index) => ({ g, index }))
    .filter(({ g }) => g !== grant && g.levelId === grant.levelId && g.startsAt.getTime() > t && g.startsAt.getTime() >= oldEnd)
    .sort((a, b) => a.g.startsAt.getTime() - b.g.startsAt.getTime() || a.index - b.index);

  let previousEnd = newEnd;
  for (const { g } of queued) {
    const from = g.startsAt.getTime();
    const length = g.endsAt.getTime() - from;
    const to = Math.min(from, Math.max(from - removed, t, previousEnd));
    previousEnd = Math.max(previousEnd, to + length);
    if (to !== from) changes.push({ id: g.id, startsAt: new Date(to), endsAt: new Date(to + length) });
  }
  return changes;
}

/** Whether two non-empty grants that end after `t` share time. */
function overlapsAfter(grants: readonly LedgerGrant[], t: number): boolean {
  const spans = grants
    .map((g) => [g.startsAt.getTime(), g.endsAt.getTime()] as const)
    .filter(([s, e]) => e > s && e > t)
    .sort((a, b) => a[0] - b[0]);
  let previousEnd = -Infinity;
  for (const [start, end] of spans) {
    if (start < previousEnd) return true;
    previousEnd = end;
  }
  return false;
}
