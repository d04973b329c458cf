import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { agreementOf, DRILL_MIN_BARS, drillProgress } from "@/lib/domain/lessons/drill";
import type { AnsweredDrill, DrillGroup, DrillOverview, MasterDrillsView } from "@/lib/domain/lessons/drill-dto";
import { PLAY_LABELS } from "@/lib/domain/lessons/plays";
import { isStockCode } from "@/lib/domain/market/codes";
import { db, type Database } from "@/lib/db";
import { masters, stocks, trainAnswers } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { findMaster } from "@/lib/server/content/masters";
import { statementAccess } from "./access";
import { disclosureSql, rowsOf } from "./disclosure-sql";
import { analysisThrough } from "./master-book";
import { fillPlays, isLabelledFill } from "./plays";

/** Drills a set lists at once: the member's next ten of one 打法. */
export const DRILLS_PER_GROUP = 10;

interface MasterDrillSet {
  master: { guid: string; name: string; isDemo: boolean };
  total: number;
  groups: DrillGroup[];
}

/**
 * The first day each stock of `codes` has DRILL_MIN_BARS bars before: a drill on a later day has enough history to
 * ask (the question's own rule, docs/adr/0081).
 */
async function historyReadyAfter(database: Database, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const list = sql.join(codes.map((c) => sql`(${c})`), sql`, `);
  // one index lookup per stock (market_bars' key is code, date), however many bars the table holds
  const result = await database.execute(sql`
    select c.code, (select b.trade_date::text from market_bars b where b.code = c.code order by b.trade_date offset ${DRILL_MIN_BARS - 1} limit 1) as ready
    from (values ${list}) as c(code)`);
  return new Map(rowsOf<{ code: string; ready: string | null }>(result).flatMap((r) => (r.ready ? [[r.code, r.ready] as const] : [])));
}

const GROUP_ORDER = Object.values(PLAY_LABELS);

/** Every drill of a master this access class may see, grouped by 打法; memoised per access class. */
async function masterDrillSet(viewer: Viewer | null, guid: string): Promise<MasterDrillSet | null> {
  const access = await statementAccess(viewer);
  return publicData(`drills|${access.cacheKey}|${guid}`, ["statements", "market"], async () => {
    const master = await findMaster(viewer, guid);
    if (!master) return null;
    const database = await db();
    const analysis = await analysisThrough({ kind: "master", masterGuid: guid }, access.through(master.disclosureDelayDays));
    const fills = analysis.fills.filter(isLabelledFill);
    const ready = await historyReadyAfter(database, [...new Set(fills.map((f) => f.code))]);
    const { labels } = await fillPlays(database, fills);
    const seen = new Set<string>();
    const groups = new Map<string, DrillGroup>();
    fills.forEach((f, i) => {
      const key = `${f.date}|${f.code}`;
      if (seen.has(key)) return;
      seen.add(key);
      const readyAfter = ready.get(f.code);
      if (!readyAfter || f.date <= readyAfter) return;
      const label = labels[i];
      const play = label && label.play !== null ? PLAY_LABELS[`${label.side}:${label.play}` as keyof typeof PLAY_LABELS] : f.side === "buy" ? "其他买入" : "其他卖出";
      const group = groups.get(play) ?? { play, side: f.side, drills: [] };
      group.drills.push({ date: f.date, code: f.code, name: f.name });
      groups.set(play, group);
    });
    const ordered = [...groups.values()].sort((a, b) => GROUP_ORDER.indexOf(a.play) - GROUP_ORDER.indexOf(b.play));
    for (const g of ordered) g.drills.reverse();
    return {
      master: { guid: master.guid, name: master.name, isDemo: master.isDemo },
      total: ordered.reduce((n, g) => n + g.drills.length, 0),
      groups: ordered,
    };
  });
}

/** The member's answers to one master's drills, by `date|code`. */
async function answersTo(viewer: Viewer | null, guid?: string): Promise<{ masterGuid: string; date: string; code: string; play: string | null; agreed: boolean }[]> {
  if (!viewer) return [];
  const database = await db();
  return database
    .select({ masterGuid: trainAnswers.masterGuid, date: trainAnswers.tradeDate, code: trainAnswers.code, play: trainAnswers.play, agreed: trainAnswers.agreed })
    .from(trainAnswers)
    .where(guid ? and(eq(trainAnswers.userId, viewer.userId), eq(trainAnswers.masterGuid, guid)) : eq(trainAnswers.userId, viewer.userId));
}

/** `/train/{guid}`: a master's drills by 打法, each set with the member's next DRILLS_PER_GROUP unanswered drills. */
export async function masterDrills(viewer: Viewer | null, guid: string): Promise<MasterDrillsView | null> {
  const [set, answers] = await Promise.all([masterDrillSet(viewer, guid), answersTo(viewer, guid)]);
  if (!set) return null;
  const done = new Map(answers.map((a) => [`${a.date}|${a.code}`, a]));
  const groups = set.groups.map((g) => {
    const mine = g.drills.flatMap((d) => done.get(`${d.date}|${d.code}`) ?? []);
    return {
      play: g.play,
      side: g.side,
      total: g.drills.length,
      answered: mine.length,
      agreement: agreementOf(mine),
      next: g.drills.filter((d) => !done.has(`${d.date}|${d.code}`)).slice(0, DRILLS_PER_GROUP),
    };
  });
  const mine = answers.filter((a) => set.groups.some((g) => g.drills.some((d) => d.date === a.date && d.code === a.code)));
  return { master: set.master, total: set.total, answered: mine.length, agreement: agreementOf(mine), groups };
}

/**
 * How many drills each master has for this access class: counted in the database with the sets' rules (a day and an
 * A-share stock the master traded, within the viewer's window, with enough history), not by analysing every book.
 */
async function drillCounts(viewer: Viewer | null): Promise<Map<string, number>> {
  const access = await statementAccess(viewer);
  return publicData(`drill-counts|${access.cacheKey}`, ["statements", "market"], async () => {
    const database = await db();
    const disclosure = await disclosureSql(database, (delay) => access.through(delay));
    if (!disclosure) return new Map<string, number>();
    const rows = rowsOf<{ master: string; date: string; code: string }>(
      await database.execute(sql`
        select distinct s.master_guid::text as master, f.trade_date::text as date, f.code
        from statement_fills f join statements s on s.id = f.statement_id join masters on masters.guid = s.master_guid
        where s.is_public and f.market = 'A' and f.kind = 'trade' and f.trade_date <= ${disclosure.through}`),
    ).filter((r) => isStockCode(r.code));
    const ready = await historyReadyAfter(database, [...new Set(rows.map((r) => r.code))]);
    const counts = new Map<string, number>();
    for (const r of rows) {
      const after = ready.get(r.code);
      if (after && r.date > after) counts.set(r.master, (counts.get(r.master) ?? 0) + 1);
    }
    return counts;
  });
}

/** Answers /train lists as the member's history. */
export const RECENT_ANSWERS = 20;

/** The member's latest answers, with each stock's name and master's name. */
async function recentAnswers(viewer: Viewer | null): Promise<AnsweredDrill[]> {
  if (!viewer) return [];
  const rows = await (await db())
    .select({
      masterGuid: trainAnswers.masterGuid, masterName: masters.name, date: trainAnswers.tradeDate, code: trainAnswers.code, name: stocks.name,
      choice: trainAnswers.choice, masterChoice: trainAnswers.masterChoice, agreed: trainAnswers.agreed, play: trainAnswers.play, choiceReturn: trainAnswers.choiceReturn,
    })
    .from(trainAnswers)
    .innerJoin(masters, eq(masters.guid, trainAnswers.masterGuid))
    .leftJoin(stocks, eq(stocks.code, trainAnswers.code))
    .where(eq(trainAnswers.userId, viewer.userId))
    .orderBy(desc(trainAnswers.createdAt))
    .limit(RECENT_ANSWERS);
  return rows.map((r) => ({ ...r, name: r.name ?? r.code }));
}

/** `/train`: every master with drills for this viewer, and the member's agreement with each. */
export async function drillOverview(viewer: Viewer | null): Promise<DrillOverview> {
  const database = await db();
  const [all, counts, answers, history] = await Promise.all([
    database.select({ guid: masters.guid, name: masters.name, isDemo: masters.isDemo }).from(masters).orderBy(masters.createdAt, masters.name),
    drillCounts(viewer),
    answersTo(viewer),
    recentAnswers(viewer),
  ]);
  const answeredBy = new Map<string, number>();
  for (const a of answers) answeredBy.set(a.masterGuid, (answeredBy.get(a.masterGuid) ?? 0) + 1);
  return {
    masters: all.flatMap((m) => {
      const total = counts.get(m.guid) ?? 0;
      return total > 0 ? [{ ...m, total, answered: answeredBy.get(m.guid) ?? 0 }] : [];
    }),
    history,
    progress: { ...drillProgress(answers), names: Object.fromEntries(all.map((m) => [m.guid, m.name])) },
  };
}
