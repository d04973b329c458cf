import "server-only";
import { and, count, desc, eq, lt } from "drizzle-orm";
import {
  DRILL_LOOKBACK_BARS, DRILL_MIN_BARS, FREE_DRILLS_PER_DAY, choiceReturn, masterChoice, positionBefore, questionBars, revealBars, tradedBothWays,
  type DrillChoice,
} from "@/lib/domain/lessons/drill";
import type { DrillBar, DrillQuestion, DrillReveal, RevealFill } from "@/lib/domain/lessons/drill-dto";
import { hasSyntheticBars, type BarSource } from "@/lib/domain/market/bar-source";
import type { DailyBar } from "@/lib/domain/market/types";
import { shanghaiDate } from "@/lib/domain/membership";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis/types";
import { db, type Database } from "@/lib/db";
import { marketBars, trainAnswers } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { findMaster, type MasterProfile } from "@/lib/server/content/masters";
import { AppError } from "@/lib/server/http/app-error";
import { chartBarsFor } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { statementAccess, type StatementAccess } from "./access";
import { analysisThrough } from "./master-book";
import { fillPlays, isLabelledFill } from "./plays";

type BookFill = StatementAnalysis["fills"][number];

/** A drill's address: a master, one of his trading days and a stock he traded that day (docs/adr/0081). */
export interface DrillKey {
  guid: string;
  date: string;
  /** six digits; an exchange suffix is dropped */
  code: string;
}

const drillBar = (b: DailyBar): DrillBar => ({ date: b.date, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume });


interface DrillCase {
  master: MasterProfile;
  access: StatementAccess;
  analysis: StatementAnalysis;
  /** the stock's drillable fills through the viewer's disclosure, in book order */
  stockFills: BookFill[];
  dayFills: BookFill[];
}

/**
 * The master's book as this viewer may see it, and the stock's fills: refused as a member would expect — the day beyond
 * the viewer's window 401 (a visitor) or 403, a day the master did not trade the stock 404. Whether the master traded
 * on a day the viewer may not see is never told.
 */
async function drillCase(viewer: Viewer | null, key: DrillKey): Promise<DrillCase> {
  const master = await findMaster(viewer, key.guid);
  if (!master) throw new AppError("not_found", "没有找到这位大神");
  const access = await statementAccess(viewer);
  const through = access.through(master.disclosureDelayDays);
  if (key.date > through) {
    if (!viewer) throw new AppError("unauthenticated", "请先登录：这道题来自最近的交割单");
    throw new AppError("forbidden", access.fullAccess ? "这一天的交割单尚未公开，暂不能练习" : "这道题来自最近 20 个交易日的交割单，仅对 VIP 开放");
  }
  const analysis = await analysisThrough({ kind: "master", masterGuid: master.guid }, through);
  const stockFills = analysis.fills.filter((f) => f.code === key.code && isLabelledFill(f));
  const dayFills = stockFills.filter((f) => f.date === key.date);
  if (dayFills.length === 0) throw new AppError("not_found", "这一天大神没有交易这只股票，没有这道题");
  return { master, access, analysis, stockFills, dayFills };
}

/** The bars before the day, newest DRILL_LOOKBACK_BARS, oldest first: read so that no later bar is ever loaded. */
async function barsBefore(database: Database, code: string, day: string): Promise<{ bars: DailyBar[]; sources: BarSource[] }> {
  const rows = await database
    .select({ date: marketBars.tradeDate })
    .from(marketBars)
    .where(and(eq(marketBars.code, code), lt(marketBars.tradeDate, day)))
    .orderBy(desc(marketBars.tradeDate))
    .limit(DRILL_LOOKBACK_BARS);
  if (rows.length < DRILL_MIN_BARS) throw new AppError("not_found", "这只股票在这一天之前的行情不足，暂时无法出题");
  const calendar = await marketCalendar();
  const { bars, sources } = await chartBarsFor(code, rows[rows.length - 1]!.date, calendar.previous(day));
  return { bars: questionBars(bars, day), sources };
}

/** The question of a drill (page and `GET /api/train/…`), for any viewer whose window shows the day. */
export async function drillQuestion(viewer: Viewer | null, key: DrillKey): Promise<DrillQuestion> {
  const drill = await drillCase(viewer, key);
  const database = await db();
  const { bars, sources } = await barsBefore(database, key.code, key.date);
  return {
    master: { guid: drill.master.guid, name: drill.master.name, isDemo: drill.master.isDemo },
    stock: { code: key.code, name: drill.dayFills[0]!.name },
    bars: bars.map(drillBar),
    position: positionBefore(drill.stockFills, key.date),
    sources,
    simulated: hasSyntheticBars(sources),
  };
}

/** How many drills the member answered on a Shanghai day (the free tier's allowance counts them). */
async function answersOn(database: Database, viewer: Viewer, day: string): Promise<number> {
  const [row] = await database.select({ n: count() }).from(trainAnswers).where(and(eq(trainAnswers.userId, viewer.userId), eq(trainAnswers.answeredOn, day)));
  return row?.n ?? 0;
}

/** The member's stored answer to the drill, when they gave one. */
async function storedAnswer(database: Database, viewer: Viewer, key: DrillKey) {
  const [row] = await database
    .select()
    .from(trainAnswers)
    .where(and(eq(trainAnswers.userId, viewer.userId), eq(trainAnswers.masterGuid, key.guid), eq(trainAnswers.tradeDate, key.date), eq(trainAnswers.code, key.code)))
    .limit(1);
  return row ?? null;
}

async function revealOf(database: Database, drill: DrillCase, key: DrillKey, answer: { choice: DrillChoice; quantity: number | null; repeated: boolean }): Promise<DrillReveal> {
  const { labels } = await fillPlays(database, drill.stockFills);
  const labelOf = new Map(drill.stockFills.map((f, i) => [f, labels[i] ?? null]));
  const fills: RevealFill[] = drill.dayFills.map((f) => {
    const label = labelOf.get(f) ?? null;
    return {
      date: f.date, time: f.time, side: f.side, quantity: f.quantity, price: f.price, amount: f.amount,
      play: label && label.play !== null ? label.text : null,
      caveat: label ? (label.play !== null ? label.caveat : label.reason) : null,
    };
  });
  const calendar = await marketCalendar();
  const { bars } = await chartBarsFor(key.code, key.date, calendar.addTradingDays(key.date, 10));
  const reveal = revealBars(bars, key.date).map(drillBar);
  const first = drill.dayFills[0]!;
  const trip = first.roundTrip === null ? null : (drill.analysis.roundTrips[first.roundTrip] ?? null);
  const expected = masterChoice(drill.dayFills);
  return {
    choice: answer.choice,
    quantity: answer.quantity,
    masterChoice: expected,
    agreed: answer.choice === expected,
    repeated: answer.repeated,
    bothWays: tradedBothWays(drill.dayFills),
    play: fills[0]!.play,
    fills,
    bars: reveal,
    outcome: {
      choiceReturn: choiceReturn(answer.choice, reveal),
      trip: trip && {
        status: trip.status,
        openDate: trip.openDate,
        closeDate: trip.closeDate,
        pnl: trip.realized ? trip.pnl : null,
        holdingDays: trip.holdingDays,
      },
    },
    detailHref: `/detail/${key.guid}/${key.date}/${key.code}`,
  };
}

/**
 * Answers a drill (`POST /api/train/…/answer`): the first answer is stored and scored, a later one is shown the first
 * one's reveal. A free member answers FREE_DRILLS_PER_DAY new drills per Shanghai day.
 */
export async function answerDrill(viewer: Viewer, key: DrillKey, choice: DrillChoice, quantity: number | null, now = new Date()): Promise<DrillReveal> {
  const drill = await drillCase(viewer, key);
  const database = await db();
  const before = await storedAnswer(database, viewer, key);
  if (before) return revealOf(database, drill, key, { choice: before.choice, quantity: before.quantity, repeated: true });
  const today = shanghaiDate(now);
  if (!drill.access.fullAccess && !drill.access.staff) {
    if ((await answersOn(database, viewer, today)) >= FREE_DRILLS_PER_DAY) {
      throw new AppError("forbidden", `免费会员每天可做 ${FREE_DRILLS_PER_DAY} 道题，今天的题已做完：明天再来，或升级 VIP 不限题数`);
    }
  }
  const reveal = await revealOf(database, drill, key, { choice, quantity, repeated: false });
  const inserted = await database
    .insert(trainAnswers)
    .values({
      userId: viewer.userId, masterGuid: key.guid, tradeDate: key.date, code: key.code, choice, quantity,
      masterChoice: reveal.masterChoice, agreed: reveal.agreed, play: reveal.play, choiceReturn: reveal.outcome.choiceReturn, answeredOn: today,
    })
    .onConflictDoNothing()
    .returning({ id: trainAnswers.id });
  if (inserted.length > 0) return reveal;
  // the same member answered in another tab a moment before: theirs stands
  const first = (await storedAnswer(database, viewer, key))!;
  return revealOf(database, drill, key, { choice: first.choice, quantity: first.quantity, repeated: true });
}

/** The reveal of a drill the member has answered, for the drill page; null before they answer. */
export async function answeredDrill(viewer: Viewer | null, key: DrillKey): Promise<DrillReveal | null> {
  if (!viewer) return null;
  const database = await db();
  const stored = await storedAnswer(database, viewer, key);
  if (!stored) return null;
  const drill = await drillCase(viewer, key);
  return revealOf(database, drill, key, { choice: stored.choice, quantity: stored.quantity, repeated: true });
}

/** How many new drills this member may still answer today; null for no limit (VIP, SVIP, staff). */
export async function drillsLeftToday(viewer: Viewer, now = new Date()): Promise<number | null> {
  const access = await statementAccess(viewer, now);
  if (access.fullAccess || access.staff) return null;
  return Math.max(0, FREE_DRILLS_PER_DAY - (await answersOn(await db(), viewer, shanghaiDate(now))));
}
