import "server-only";
import { shanghaiDate } from "@/lib/domain/membership";
import { disclosedThrough } from "@/lib/domain/statements/visibility";
import { canRead } from "@/lib/server/auth/entitlement";
import { hasEditorRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { marketAsOf } from "@/lib/server/market/as-of";
import { marketCalendar } from "@/lib/server/market/calendar";

/** Masters' statements in full (detail, charts, analysis, full rankings) need VIP (PRODUCT.md tiers). */
export const FULL_STATEMENTS_LEVEL = 100;

export interface StatementAccess {
  fullAccess: boolean;
  staff: boolean;
  today: string;
  /** 数据截至: the newest market day with data (lib/server/market/as-of.ts); delays count back from it */
  asOf: string;
  /** Names this access class (day, level, staff) for lib/server/cache/public-data.ts: equal keys see the same data. */
  cacheKey: string;
  /** the last disclosed date for a master with this delay */
  through(masterDelayDays: number): string;
}

/** What this viewer may see of masters' statements today; every statement read goes through it. */
export async function statementAccess(viewer: Viewer | null, now = new Date()): Promise<StatementAccess> {
  const [calendar, asOf] = await Promise.all([marketCalendar(), marketAsOf(now)]);
  const today = shanghaiDate(now);
  const fullAccess = canRead(viewer, FULL_STATEMENTS_LEVEL);
  const staff = hasEditorRights(viewer);
  const memo = new Map<number, string>();
  return {
    fullAccess,
    staff,
    today,
    asOf,
    cacheKey: `statements|${today}|${asOf}|${fullAccess ? "full" : "free"}|${staff ? "staff" : "member"}`,
    through(masterDelayDays) {
      let hit = memo.get(masterDelayDays);
      if (!hit) {
        hit = disclosedThrough({ today, asOf, calendar, masterDelayDays, fullAccess, staff });
        memo.set(masterDelayDays, hit);
      }
      return hit;
    },
  };
}

/**
 * Rankings and the loss tracker show P&L figures, not fills: they respect each master's own disclosure delay but not
 * the free-sample delay (visitors see the top 10 of any day, PRODUCT.md).
 */
export async function rankingAccess(viewer: Viewer | null, now = new Date()): Promise<StatementAccess> {
  const access = await statementAccess(viewer, now);
  const calendar = await marketCalendar();
  return {
    ...access,
    cacheKey: `rankings|${access.today}|${access.asOf}|${access.fullAccess ? "full" : "free"}|${access.staff ? "staff" : "member"}`,
    through: (masterDelayDays) =>
      disclosedThrough({ today: access.today, asOf: access.asOf, calendar, masterDelayDays, fullAccess: true, staff: access.staff }),
  };
}
