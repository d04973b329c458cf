import { boardOf } from "@/lib/domain/market/codes";
import { GEM_REFORM_DATE } from "@/lib/domain/market/limits";

/**
 * When A-share fills can happen (上交所/深交所 交易规则; research B.2):
 * - opening call auction: orders 09:15–09:25, matched at 09:25 (a fill is stamped 09:25:00–09:25:59);
 * - continuous trading 09:30–11:30 and 13:00–15:00 (深交所's closing call 14:57–15:00 and 上交所's since 2018-08-20
 *   fall inside; a closing-auction fill is stamped up to a minute after 15:00);
 * - after-hours fixed-price trading 15:05–15:30 on 科创板 (since its opening, 2019-07-22) and 创业板 (since its
 *   registration reform, 2020-08-24).
 */

export const STAR_MARKET_OPENING = "2019-07-22";

interface Session {
  from: string;
  to: string;
}

const SESSIONS: readonly Session[] = [
  { from: "09:25:00", to: "09:25:59" },
  { from: "09:30:00", to: "11:30:59" },
  { from: "13:00:00", to: "15:00:59" },
];
const AFTER_HOURS: Session = { from: "15:05:00", to: "15:30:59" };

/** Whether a fill at `time` (HH:mm:ss) on `date` falls inside a session of `code`'s board. */
export function isInSession(code: string, date: string, time: string): boolean {
  if (SESSIONS.some((s) => s.from <= time && time <= s.to)) return true;
  const board = boardOf(code);
  const afterHours = (board === "star" && date >= STAR_MARKET_OPENING) || (board === "gem" && date >= GEM_REFORM_DATE);
  return afterHours && AFTER_HOURS.from <= time && time <= AFTER_HOURS.to;
}

/** The sessions in the member's words, for a reason. */
export function sessionsText(code: string, date: string): string {
  const board = boardOf(code);
  const afterHours = (board === "star" && date >= STAR_MARKET_OPENING) || (board === "gem" && date >= GEM_REFORM_DATE);
  return `集合竞价 09:25、连续竞价 09:30–11:30 和 13:00–15:00${afterHours ? "、盘后固定价格交易 15:05–15:30" : ""}`;
}
