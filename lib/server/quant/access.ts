import "server-only";
import type { Database } from "@/lib/db";
import { shanghaiDate } from "@/lib/domain/membership";
import { canRead } from "@/lib/server/auth/entitlement";
import { hasEditorRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { marketAsOf } from "@/lib/server/market/as-of";
import { marketCalendar } from "@/lib/server/market/calendar";

/** Same-day 实盘 (fills, positions) and follow-trading signals are SVIP content (PRODUCT.md tiers). */
export const REALTRADE_LEVEL = 200;
/** Everyone below SVIP sees the strategies' live trades and signals this many trading days late. */
export const REALTRADE_DELAY_DAYS = 5;
/** How many strategies a member may follow, by level (PRODUCT.md): free 1, VIP 10, SVIP unlimited. */
export const FOLLOW_LIMITS: Readonly<Record<0 | 100 | 200, number>> = { 0: 1, 100: 10, 200: Infinity };

export function followLimit(viewer: Viewer | null): number {
  const level = viewer?.userInfo.levelId ?? 0;
  if (level >= 200) return FOLLOW_LIMITS[200];
  if (level >= 100) return FOLLOW_LIMITS[100];
  return FOLLOW_LIMITS[0];
}

/** SVIP members and staff see today's 实盘 and every signal; others see them REALTRADE_DELAY_DAYS late. */
export function seesSameDay(viewer: Viewer | null): boolean {
  return canRead(viewer, REALTRADE_LEVEL) || hasEditorRights(viewer);
}

export interface RealtradeAccess {
  /** today in Asia/Shanghai */
  today: string;
  /** 数据截至: the newest market day with data (lib/server/market/as-of.ts); the delay counts back from it */
  asOf: string;
  /** the last trading date whose fills, positions and signals this viewer may see */
  through: string;
  /** true when `through` is behind today (the viewer is not SVIP) */
  delayed: boolean;
}

/**
 * The 实盘 delay rule, in one place: SVIP (level ≥ 200) and staff see today; everyone else sees through the trading day
 * REALTRADE_DELAY_DAYS sessions before the latest session with data (marketAsOf; today when it is a trading day with
 * data), by the market calendar.
 * Pass `database` inside a transaction (PGlite).
 */
export async function realtradeAccess(viewer: Viewer | null, now = new Date(), database?: Database): Promise<RealtradeAccess> {
  const today = shanghaiDate(now);
  const asOf = await marketAsOf(now, database);
  if (seesSameDay(viewer)) return { today, asOf, through: today, delayed: false };
  const calendar = await marketCalendar(database);
  const lastSession = calendar.isTradingDay(asOf) ? asOf : calendar.previous(asOf);
  return { today, asOf, through: calendar.addTradingDays(lastSession, -REALTRADE_DELAY_DAYS), delayed: true };
}

/** The last date of 实盘 data this viewer may see (see realtradeAccess). */
export async function realtradeThrough(viewer: Viewer | null, now = new Date(), database?: Database): Promise<string> {
  return (await realtradeAccess(viewer, now, database)).through;
}
