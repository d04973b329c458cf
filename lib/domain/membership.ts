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

/**
 * Where a new grant of `levelId` starts: after the current run of that level — and of any higher level, so days bought
 * below one's level are not used up under it — or now.
 */
export function nextGrantStart(grants: GrantPeriod[], levelId: number, now: Date): Date {
  let start = now;
  const covering = grants.filter((g) => g.levelId >= levelId).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let moved = true; moved; ) {
    moved = false;
    for (const g of covering) {
      if (g.startsAt <= start && g.endsAt > start) {
        start = g.endsAt;
        moved = true;
      }
    }
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

export interface LedgerPeriod extends GrantPeriod {
  id: string;
}

export interface PauseOutcome {
  /** Lower-level grants that move (or are cut at the new grant's start). */
  moved: { id: string; startsAt: Date; endsAt: Date }[];
  /** The unused rest of a lower-level grant that was running when the new one starts: it resumes after. */
  resumed: { fromId: string; levelId: number; startsAt: Date; endsAt: Date }[];
}

/**
 * A higher grant does not waste a lower one (PRODUCT.md): lower-level grants that have not ended by the new grant's
 * start pause for its length — a running one is cut at the start and its rest resumes at the end; later ones move.
 */
export function pauseLowerGrants(ledger: readonly LedgerPeriod[], added: GrantPeriod): PauseOutcome {
  const pause = added.endsAt.getTime() - added.startsAt.getTime();
  const outcome: PauseOutcome = { moved: [], resumed: [] };
  if (pause <= 0) return outcome;
  const start = added.startsAt.getTime();
  for (const g of ledger) {
    if (g.levelId >= added.levelId || g.endsAt.getTime() <= start || g.endsAt.getTime() === g.startsAt.getTime()) continue;
    if (g.startsAt.getTime() < start) {
      outcome.moved.push({ id: g.id, startsAt: g.startsAt, endsAt: added.startsAt });
      outcome.resumed.push({ fromId: g.id, levelId: g.levelId, startsAt: added.endsAt, endsAt: new Date(g.endsAt.getTime() + pause) });
    } else {
      outcome.moved.push({ id: g.id, startsAt: new Date(g.startsAt.getTime() + pause), endsAt: new Date(g.endsAt.getTime() + pause) });
    }
  }
  return outcome;
}

/**
 * After a grant of `levelId` lost time at its end (ended by staff, refunded), the grants queued behind it — of that
 * level and below, not yet started — move earlier together, so the member gets no gap and loses none of their days.
 */
export function closeGap(ledger: readonly LedgerPeriod[], shortened: { levelId: number; oldEnd: Date; newEnd: Date }, now: Date): { id: string; startsAt: Date; endsAt: Date }[] {
  const floor = Math.max(now.getTime(), shortened.newEnd.getTime());
  const queued = ledger.filter((g) => g.levelId <= shortened.levelId && g.startsAt.getTime() >= shortened.oldEnd.getTime() && g.startsAt.getTime() > now.getTime());
  if (queued.length === 0) return [];
  const earliest = Math.min(...queued.map((g) => g.startsAt.getTime()));
  const shift = Math.min(shortened.oldEnd.getTime() - shortened.newEnd.getTime(), earliest - floor);
  if (shift <= 0) return [];
  return queued.map((g) => ({ id: g.id, startsAt: new Date(g.startsAt.getTime() - shift), endsAt: new Date(g.endsAt.getTime() - shift) }));
}

export interface KeyedPeriod extends LedgerPeriod {
  sourceKey: string;
}

/**
 * Staff end a grant now: the running piece ends at `now`, and the rest that was to resume after a higher grant
 * (its continuation pieces, `<key>>after:…`) is dropped. A grant that has not started (and is not a continuation of
 * one that has) cannot be ended; nothing changes then.
 */
export function endGrantNow(ledger: readonly KeyedPeriod[], grantId: string, now: Date): { id: string; startsAt: Date; endsAt: Date }[] {
  const grant = ledger.find((g) => g.id === grantId);
  if (!grant || grant.startsAt > now) return [];
  const pieces = ledger.filter((g) => g.id === grantId || g.sourceKey.startsWith(`${grant.sourceKey}>after:`));
  const changes: { id: string; startsAt: Date; endsAt: Date }[] = [];
  for (const piece of pieces) {
    if (piece.endsAt <= now) continue;
    changes.push({ id: piece.id, startsAt: piece.startsAt, endsAt: piece.startsAt > now ? piece.startsAt : now });
  }
  return changes;
}
