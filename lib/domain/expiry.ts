import { FREE_LEVEL, levelById, type Level } from "./levels";
import { levelEndDateString, membershipAt, nextGrantStart, type GrantPeriod } from "./membership";

/** Members are told this many days before a level's run of grants ends. */
export const EXPIRY_NOTICE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExpiringRun {
  level: Level;
  /** The instant the member's unbroken run of this level ends. */
  endsAt: Date;
  /** `YYYY-MM-DD` (Asia/Shanghai): the last day of access, as shown for `levelEndDate`. */
  endDate: string;
  /** The member's level right after the run ends. */
  after: Level;
}

/**
 * The levels whose current run ends within the notice window. A run is what the membership arithmetic calls the
 * level's end: same-level grants that follow each other end to end count as one, so a chained grant never makes
 * the first one warn. A run that ends while a higher level carries on past it changes nothing the member sees and
 * is left out.
 */
export function expiringRuns(grants: GrantPeriod[], now: Date, windowDays = EXPIRY_NOTICE_DAYS): ExpiringRun[] {
  const activeLevels = new Set(
    grants.filter((g) => g.startsAt <= now && now < g.endsAt && levelById(g.levelId)).map((g) => g.levelId),
  );
  const runs: ExpiringRun[] = [];
  for (const levelId of [...activeLevels].sort((a, b) => b - a)) {
    const endsAt = nextGrantStart(grants, levelId, now);
    if (endsAt.getTime() - now.getTime() > windowDays * DAY_MS) continue;
    const after = membershipAt(grants, endsAt).level;
    if (after.levelId >= levelId) continue;
    runs.push({ level: levelById(levelId) ?? FREE_LEVEL, endsAt, endDate: levelEndDateString(endsAt), after });
  }
  return runs;
}

/** The once-only key of the reminder for one run end. */
export function expiryDedupeKey(userId: string, run: Pick<ExpiringRun, "level" | "endDate">): string {
  return `expiry:${userId}:${run.level.levelId}:${run.endDate}`;
}
