import type { TradingCalendar } from "@/lib/domain/market/calendar";

/**
 * Non-VIP viewers (visitors and free members) see a master's trades as a teaching sample this many trading days late;
 * VIP and SVIP see everything the master has disclosed (ADR 0008).
 */
export const FREE_SAMPLE_DELAY_DAYS = 20;

/** What disclosedThrough answers for staff: editors and administrators see every fill, drafts and delays included. */
export const EVERYTHING_DISCLOSED = "9999-12-31";

/** The last trading date whose fills are disclosed to a viewer, given the master's delay and the viewer's access. */
export function disclosedThrough(opts: {
  today: string;
  /** the newest day the site holds market data for (lib/server/market/as-of.ts); delays count back from it */
  asOf?: string;
  calendar: TradingCalendar;
  masterDelayDays: number;
  fullAccess: boolean;
  staff?: boolean;
}): string {
  if (opts.staff) return EVERYTHING_DISCLOSED;
  const delay = Math.max(0, opts.masterDelayDays, opts.fullAccess ? 0 : FREE_SAMPLE_DELAY_DAYS);
  if (delay === 0) return opts.today;
  const from = opts.asOf && opts.asOf < opts.today ? opts.asOf : opts.today;
  const lastSession = opts.calendar.isTradingDay(from) ? from : opts.calendar.previous(from);
  // A fill of the current session is "1 day late" once the next session starts, so delay N hides N sessions.
  return opts.calendar.addTradingDays(lastSession, -delay);
}

/** How late a viewer sees a master's statement, as the 数据截至 line says it; null when they see it all. */
export function statementDelayNote(opts: { fullAccess: boolean; masterDelayDays: number; through: string }): { who: string; days: number; through: string } | null {
  if (opts.through >= EVERYTHING_DISCLOSED) return null;
  if (!opts.fullAccess) return { who: "免费会员", days: Math.max(FREE_SAMPLE_DELAY_DAYS, opts.masterDelayDays), through: opts.through };
  if (opts.masterDelayDays > 0) return { who: "这位大神的交割单", days: opts.masterDelayDays, through: opts.through };
  return null;
}
