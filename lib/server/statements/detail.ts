import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { hasSyntheticBars, type BarSource } from "@/lib/domain/market/bar-source";
import { limitMarks, type LimitMark } from "@/lib/domain/market/limit-marks";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Currency, Market } from "@/lib/domain/market/types";
import type { FeeBasis, RoundTrip } from "@/lib/domain/statements/types";
import { EVERYTHING_DISCLOSED } from "@/lib/domain/statements/visibility";
import { db } from "@/lib/db";
import { tradeNotes } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { findMaster } from "@/lib/server/content/masters";
import { chartBarsFor } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { statementAccess, type StatementAccess } from "./access";
import { bookAudit, dayAuditFailures, type BookAudit } from "./audit";
import { analysisThrough, statementProvenance } from "./master-book";
import type { PlayRecord } from "@/lib/domain/lessons/play-record";
import { bookPlays, fillPlays } from "./plays";
import { fillIdentity } from "./rows";

export interface DetailFill {
  date: string;
  time: string | null;
  code: string;
  market: Market;
  /** currency of amount and fees (HKD for a 港股通 fill the file did not convert) */
  currency: Currency;
  name: string;
  side: "buy" | "sell";
  quantity: number;
  price: number;
  amount: number;
  fees: number;
  feesEstimated: boolean;
  /** file / 推算 (derived from the net cash) / 估 (schedule) */
  feeBasis: FeeBasis;
  /** 交割单体检: the rules it fails (docs/adr/0079) */
  auditFailures: { rule: string; message: string }[];
  /** 打法 (docs/adr/0080): the label, and what daily bars cannot tell of it; null for a fill no label applies to */
  play: { text: string; caveat: string | null } | null;
}

export interface MasterDetail {
  master: { guid: string; name: string; avatarUrl: string; bio: string; styleTags: string[]; isDemo: boolean; delayDays: number; createdAt: Date };
  summary: import("@/lib/domain/statements/types").AnalysisSummary;
  provenance: Awaited<ReturnType<typeof statementProvenance>>;
  /** 交割单体检 of the fills this viewer may see */
  audit: BookAudit;
  /** the record per 打法 of what this viewer may see (docs/adr/0080) */
  plays: PlayRecord;
  fullAccess: boolean;
  through: string;
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
  /** trading days with fills, newest first, as disclosed to this viewer */
  days: string[];
  /** newer days that exist but are not disclosed to this viewer (the upgrade box says how many) */
  lockedDays: number;
  day: string | null;
  fills: DetailFill[];
  symbols: { code: string; name: string; market: Market }[];
  symbol: { code: string; name: string; market: Market } | null;
  chart: {
    bars: DailyBar[];
    markers: { date: string; time: string | null; side: "buy" | "sell"; price: number; quantity: number; play: string | null }[];
    limitMarks: LimitMark[];
    /** where the drawn bars came from, each once */
    sources: BarSource[];
    /** some drawn bar is made up (模拟行情) */
    simulated: boolean;
  } | null;
  roundTrip: RoundTrip | null;
  note: string | null;
}

const CHART_LOOKBACK_DAYS = 120;
const CHART_LOOKAHEAD_DAYS = 20;

/** /detail: one master's disclosed trading day and the chart of one symbol with the fills marked. */
export async function masterDetail(viewer: Viewer | null, guid: string, day?: string, symbolCode?: string): Promise<MasterDetail | null> {
  const access = await statementAccess(viewer);
  const key = `detail|${access.cacheKey}|${guid}|${day ?? ""}|${symbolCode ?? ""}`;
  return publicData(key, ["statements", "market"], () => masterDetailFor(viewer, access, guid, day, symbolCode));
}

async function masterDetailFor(viewer: Viewer | null, access: StatementAccess, guid: string, day?: string, symbolCode?: string): Promise<MasterDetail | null> {
  const master = await findMaster(viewer, guid);
  if (!master) return null;
  const through = access.through(master.disclosureDelayDays);
  const database = await db();
  const [analysis, fullAnalysisDays, provenance, calendar, audit] = await Promise.all([
    analysisThrough({ kind: "master", masterGuid: guid }, through),
    analysisThrough({ kind: "master", masterGuid: guid }, EVERYTHING_DISCLOSED).then((a) => new Set(a.fills.map((f) => f.date))),
    statementProvenance(guid),
    marketCalendar(),
    bookAudit(database, { masterGuid: guid }, access.fullAccess ? undefined : through),
  ]);
  // one record per book and access class, whichever day is shown
  const plays = await publicData(`plays|${access.cacheKey}|${guid}`, ["statements", "market"], () => bookPlays(database, analysis));
  const days = [...new Set(analysis.fills.map((f) => f.date))].sort().reverse();
  const lockedDays = [...fullAnalysisDays].filter((d) => d > through).length;
  const chosenDay = day && days.includes(day) ? day : day ? null : (days[0] ?? null);
  const base = {
    master: { guid: master.guid, name: master.name, avatarUrl: master.avatarUrl, bio: master.bio, styleTags: master.styleTags, isDemo: master.isDemo, delayDays: master.disclosureDelayDays, createdAt: master.createdAt },
    summary: analysis.summary,
    provenance,
    audit,
    plays,
    fullAccess: access.fullAccess,
    through,
    asOf: access.asOf,
    days,
    lockedDays,
  };
  if (!chosenDay) return { ...base, day: day ?? null, fills: [], symbols: [], symbol: null, chart: null, roundTrip: null, note: null };

  const dayFills = analysis.fills
    .map((f, index) => ({ f, index }))
    .filter(({ f }) => f.date === chosenDay);
  const symbols = [...new Map(dayFills.map(({ f }) => [f.code, { code: f.code, name: f.name, market: f.market }])).values()];
  const symbol = symbols.find((s) => s.code === symbolCode) ?? (symbolCode ? null : (symbols[0] ?? null));
  const failuresOf = await dayAuditFailures(database, guid, chosenDay);
  // the day's stocks' fills from the start: a sell's 止损 reads the position's cost
  const dayCodes = new Set(dayFills.map(({ f }) => f.code));
  const codeFills = analysis.fills.filter((f) => dayCodes.has(f.code));
  const { labels } = await fillPlays(database, codeFills);
  const playOfFill = new Map(codeFills.map((f, i) => [f, labels[i] ?? null]));
  const fills: DetailFill[] = dayFills.map(({ f }) => {
    const play = playOfFill.get(f) ?? null;
    return {
      date: f.date, time: f.time, code: f.code, market: f.market, currency: f.currency, name: f.name, side: f.side, quantity: f.quantity, price: f.price, amount: f.amount,
      fees: f.feeTotal, feesEstimated: f.feesEstimated, feeBasis: f.feeBasis, auditFailures: failuresOf.get(fillIdentity(f)) ?? [],
      play: play && play.play !== null ? { text: play.text, caveat: play.caveat } : null,
    };
  });
  const notes = await database
    .select()
    .from(tradeNotes)
    .where(and(eq(tradeNotes.masterGuid, guid), eq(tradeNotes.tradeDate, chosenDay), inArray(tradeNotes.code, ["", symbol?.code ?? ""])))
    .orderBy(asc(tradeNotes.code));
  const note = notes.map((n) => n.note).join("\n\n") || null;
  if (!symbol) return { ...base, day: chosenDay, fills, symbols, symbol: null, chart: null, roundTrip: null, note };

  const dayIndexes = new Set(dayFills.filter(({ f }) => f.code === symbol.code).map(({ index }) => index));
  const roundTrip = analysis.roundTrips.find((t) => t.fillIndexes.some((i) => dayIndexes.has(i))) ?? null;
  const from = calendar.addTradingDays(roundTrip?.openDate ?? chosenDay, -CHART_LOOKBACK_DAYS);
  const to = calendar.addTradingDays(roundTrip?.closeDate ?? chosenDay, CHART_LOOKAHEAD_DAYS);
  const { bars, sources } = await chartBarsFor(symbol.code, from, to);
  const markers = analysis.fills
    .filter((f) => f.code === symbol.code && f.date >= from && f.date <= to)
    .map((f) => {
      const play = playOfFill.get(f);
      return { date: f.date, time: f.time, side: f.side, price: f.price, quantity: f.quantity, play: play && play.play !== null ? play.text : null };
    });
  return {
    ...base,
    day: chosenDay,
    fills,
    symbols,
    symbol,
    chart: { bars, markers, limitMarks: limitMarks(bars, symbol.code, symbol.name), sources, simulated: hasSyntheticBars(sources) },
    roundTrip,
    note,
  };
}
