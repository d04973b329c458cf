import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { FREE_RANK_ROWS, weekOf, type RankAudit, type RankPeriod, type RankShow } from "@/lib/domain/statements/ranking-rules";
import type { MasterRankRow, StockRankRow } from "@/lib/domain/statements/views";
import { db, type Database } from "@/lib/db";
import type { Viewer } from "@/lib/server/auth/viewer";
import { publicData } from "@/lib/server/cache/public-data";
import { rankingAccess, type StatementAccess } from "./access";
import { disclosureSql, rowsOf, type DisclosureSql } from "./disclosure-sql";
import { latestCloseDay, masterTradingDays, recentCloseDays } from "./master-hub";

export type { MasterRankRow, StockRankRow } from "@/lib/domain/statements/views";

/** Full-access viewers see a ranking this many rows a page (`?page=N`). */
export const RANK_PAGE_ROWS = 50;
/** A stock row names at most this many of the masters who bought it (`moreMasters` counts the rest). */
export const STOCK_MASTER_NAMES = 5;

export interface Rankings {
  day: string | null;
  period: RankPeriod;
  show: RankShow;
  /** the 交割单体检 filter asked for, null: every master */
  audit: RankAudit | null;
  /**
   * With the filter: the masters whose every fill the viewer may see passed (docs/adr/0079), ranked that day or not;
   * 0 says why the board is empty (nothing checked against market data yet). Null without the filter.
   */
  auditedMasters: number | null;
  from: string | null;
  to: string | null;
  /** this page's rows (visitors: the top FREE_RANK_ROWS) */
  rows: MasterRankRow[] | StockRankRow[];
  /** rows of the whole ranking */
  total: number;
  truncated: boolean;
  fullAccess: boolean;
  /** the page shown (1-based) and its size; a page past the end is clamped to the last one */
  page: number;
  pageSize: number;
  /** masters left out for too small a sample */
  unranked: number;
  days: string[];
  /** 数据截至: the newest market day with data (marketAsOf) */
  asOf: string;
}

export interface RankingOptions {
  day?: string;
  period: RankPeriod;
  show: RankShow;
  /** 1-based page for full-access viewers; visitors always see the top rows */
  page?: number;
  /** `passed`: only masters whose fills all passed the 交割单体检 (docs/adr/0079) */
  audit?: RankAudit;
}

/** Closing days tried, newest first, when no day is asked for and the newest one ranks nobody. */
const DEFAULT_DAY_CANDIDATES = 10;

/**
 * /rank: masters by P&L of the round trips closed that day/week, or the stocks they bought most. Reads the stored
 * figures (master_days, master_figures; ADR 0046) with a fixed number of queries, however many masters there are.
 */
export async function rankings(viewer: Viewer | null, opts: RankingOptions): Promise<Rankings> {
  const access = await rankingAccess(viewer);
  const page = access.fullAccess ? pageNumber(opts.page) : 1;
  const key = `rank|${access.cacheKey}|${opts.day ?? ""}|${opts.period}|${opts.show}|${page}|${opts.audit ?? ""}`;
  return publicData(key, ["statements", "market"], () => rankingsFor(access, { ...opts, page }));
}

function pageNumber(page: number | undefined): number {
  return page !== undefined && Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

async function rankingsFor(access: StatementAccess, opts: RankingOptions & { page: number }): Promise<Rankings> {
  const database = await db();
  const disclosure = await disclosureSql(database, access.through);
  const days = disclosure ? (await masterTradingDays()).filter((d) => d <= disclosure.newest) : [];
  const only = opts.audit === "passed" && disclosure ? auditPassed(disclosure) : null;
  const filter: Filter = { only, auditedMasters: opts.audit !== "passed" ? null : only ? await auditedCount(database, only) : 0 };
  if (opts.day || opts.show === "stocks") return rankingOn(database, access, disclosure, filter, days, opts.day ?? days[0] ?? null, opts);
  // The newest trading day (the site's one clock, ADR 0036); when it ranks nobody, step back a few closing days.
  const first = days[0] ?? (await latestCloseDay(access.through, { result: opts.show === "profit" ? "win" : "loss" }));
  let result = await rankingOn(database, access, disclosure, filter, days, first ?? days[0] ?? null, opts);
  if (result.rows.length > 0 || !first) return result;
  for (const day of (await recentCloseDays(access.through, DEFAULT_DAY_CANDIDATES)).filter((d) => d < first)) {
    result = await rankingOn(database, access, disclosure, filter, days, day, opts);
    if (result.rows.length > 0) return result;
  }
  return result;
}

async function rankingOn(
  database: Database,
  access: StatementAccess,
  disclosure: DisclosureSql | null,
  filter: Filter,
  days: string[],
  day: string | null,
  opts: { period: RankPeriod; show: RankShow; page: number; audit?: RankAudit },
): Promise<Rankings> {
  const pageSize = access.fullAccess ? RANK_PAGE_ROWS : FREE_RANK_ROWS;
  const empty: Rankings = {
    day, period: opts.period, show: opts.show, audit: opts.audit ?? null, auditedMasters: filter.auditedMasters, from: null, to: null, rows: [],
    total: 0, truncated: false, fullAccess: access.fullAccess, page: 1, pageSize, unranked: 0, days, asOf: access.asOf,
  };
  if (!day) return empty;
  const [from, to] = opts.period === "week" ? weekOf(day) : [day, day];
  if (!disclosure) return { ...empty, from, to };
  const window: Window = { from, to, through: disclosure.through, only: filter.only ?? sql`true` };
  if (opts.show === "stocks") {
    const { rows, total, page } = await stockRows(database, window, access.fullAccess ? opts.page : 1, pageSize);
    return { ...empty, from, to, rows, total, page, truncated: !access.fullAccess && total > pageSize };
  }
  const [scored, unranked] = await Promise.all([masterRows(database, window, opts.show), unrankedCount(database, window)]);
  const ranked = scored
    .sort((a, b) => (opts.show === "profit" ? b.pnl - a.pnl : a.pnl - b.pnl) || a.masterName.localeCompare(b.masterName, "zh-CN"))
    .map((r, i) => ({ ...r, rank: i + 1 }));
  const total = ranked.length;
  const page = access.fullAccess ? Math.min(opts.page, Math.max(1, Math.ceil(total / pageSize))) : 1;
  return {
    ...empty, from, to, rows: ranked.slice((page - 1) * pageSize, page * pageSize), total, page, unranked,
    truncated: !access.fullAccess && total > pageSize,
  };
}

/** The 交割单体检 filter of one request: the condition on the row's master (null: none) and how many masters pass it. */
interface Filter {
  only: SQL | null;
  auditedMasters: number | null;
}

interface Window {
  from: string;
  to: string;
  /** the row master's last disclosed day (DisclosureSql.through) */
  through: DisclosureSql["through"];
  /** a further condition on the row's master (the 交割单体检 filter), `true` for every master */
  only: SQL;
}

/**
 * The 交割单体检 filter (docs/adr/0079) on the row's `masters`: at least one A-share trade fill up to the master's
 * disclosure end, and none of them failed, unverifiable or not checked yet. What a viewer may not see yet is not
 * judged, as the audit label on the master's pages counts it (bookAudit with `through`). 港股通 fills and IPO
 * allotments are never checked against a bar, so they neither count nor exclude.
 */
function auditPassed(disclosure: DisclosureSql): SQL {
  const fills = sql`audited.master_guid = masters.guid and audited.kind = 'trade' and audited.market = 'A'
    and audited.trade_date <= ${disclosure.through}`;
  return sql`(exists (select 1 from statement_fills audited where ${fills})
    and not exists (select 1 from statement_fills audited where ${fills} and audited.audit_status is distinct from 'passed'))`;
}

/** Masters the 交割单体检 filter keeps, on any day (the empty board's explanation). */
async function auditedCount(database: Database, audited: SQL): Promise<number> {
  const result = await database.execute(sql`select count(*)::int as n from masters where ${audited}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Visible: the master's disclosure reaches the day (a week: its Monday, the rest of the week counting up to the
 * disclosure end). windowEnd(m) = least(to, through(m)).
 */
const visible = (w: Window) => sql`${w.from === w.to ? w.to : w.from}::date <= ${w.through}`;
const windowEnd = (w: Window) => sql`least(${w.to}::date, ${w.through})`;

/**
 * One row per visible master whose sample is large enough at its window's end (master_figures.eligible_from, the day
 * isEligibleToRank first held) and whose P&L over [from, windowEnd] has the board's sign: Σ of its days' figures, and
 * its best (profit) or worst (loss) trip, the best of its days' bests (on a tie the earliest day's).
 */
async function masterRows(database: Database, w: Window, show: "profit" | "loss"): Promise<Omit<MasterRankRow, "rank">[]> {
  const pick = show === "profit"
    ? { code: sql`master_days.best_code`, name: sql`master_days.best_name`, pnl: sql`master_days.best_pnl`, order: sql`master_days.best_pnl desc` }
    : { code: sql`master_days.worst_code`, name: sql`master_days.worst_name`, pnl: sql`master_days.worst_pnl`, order: sql`master_days.worst_pnl asc` };
  const result = await database.execute(sql`
    select masters.guid::text as "masterGuid", masters.name as "masterName", masters.is_demo as "isDemo",
      sum(master_days.pnl)::float8 as pnl, sum(master_days.trips)::int as trips, sum(master_days.wins)::int as wins,
      (array_agg(${pick.code} order by ${pick.order}, master_days.day))[1] as "bestCode",
      (array_agg(${pick.name} order by ${pick.order}, master_days.day))[1] as "bestName",
      ((array_agg(${pick.pnl} order by ${pick.order}, master_days.day))[1])::float8 as "bestPnl"
    from masters
      join master_figures on master_figures.master_guid = masters.guid
      join master_days on master_days.master_guid = masters.guid
    where ${visible(w)} and ${w.only}
      and master_figures.eligible_from <= ${windowEnd(w)}
      and master_days.trips > 0 and master_days.day >= ${w.from}::date and master_days.day <= ${windowEnd(w)}
    group by masters.guid, masters.name, masters.is_demo
    having sum(master_days.pnl) ${show === "profit" ? sql`> 0` : sql`< 0`}`);
  return rowsOf<{ masterGuid: string; masterName: string; isDemo: boolean; pnl: number; trips: number; wins: number; bestCode: string | null; bestName: string | null; bestPnl: number | null }>(result)
    .map((r) => ({
      masterGuid: r.masterGuid, masterName: r.masterName, isDemo: r.isDemo, pnl: Number(r.pnl), trips: r.trips, wins: r.wins,
      best: r.bestCode !== null && r.bestName !== null && r.bestPnl !== null ? { code: r.bestCode, name: r.bestName, pnl: Number(r.bestPnl) } : null,
    }));
}

/** Visible masters not eligible to rank at their window's end (no figures yet counts as not eligible). */
async function unrankedCount(database: Database, w: Window): Promise<number> {
  const result = await database.execute(sql`
    select count(*)::int as n
    from masters left join master_figures on master_figures.master_guid = masters.guid
    where ${visible(w)} and ${w.only} and (master_figures.eligible_from is null or master_figures.eligible_from > ${windowEnd(w)})`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * 大神买得最多的个股: A-share buys of visible masters over [from, windowEnd], grouped by code in SQL — how many
 * masters (by name, as the page lists them), the amount bought, the first STOCK_MASTER_NAMES names — ordered and paged.
 */
async function stockRows(database: Database, w: Window, page: number, pageSize: number): Promise<{ rows: StockRankRow[]; total: number; page: number }> {
  const [counted] = rowsOf<{ n: number }>(await database.execute(sql`
    select count(distinct statement_fills.code)::int as n
    from statement_fills join masters on masters.guid = statement_fills.master_guid
    where ${visible(w)} and ${w.only} and statement_fills.market = 'A' and statement_fills.side = 'buy'
      and statement_fills.trade_date >= ${w.from}::date and statement_fills.trade_date <= ${windowEnd(w)}`));
  const total = counted?.n ?? 0;
  const shown = Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
  if (total === 0) return { rows: [], total, page: shown };
  const result = await database.execute(sql`
    select code, name, masters, "buyAmount", names[1:${STOCK_MASTER_NAMES}] as "masterNames"
    from (
      select statement_fills.code as code,
        (array_agg(statement_fills.name order by statement_fills.trade_date desc, statement_fills.id desc))[1] as name,
        count(distinct masters.name)::int as masters,
        sum(statement_fills.amount)::float8 as "buyAmount",
        array_agg(distinct masters.name collate "C" order by masters.name collate "C") as names
      from statement_fills join masters on masters.guid = statement_fills.master_guid
      where ${visible(w)} and ${w.only} and statement_fills.market = 'A' and statement_fills.side = 'buy'
        and statement_fills.trade_date >= ${w.from}::date and statement_fills.trade_date <= ${windowEnd(w)}
      group by statement_fills.code
    ) by_code
    order by masters desc, "buyAmount" desc, code collate "C" asc
    limit ${pageSize} offset ${(shown - 1) * pageSize}`);
  const rows = rowsOf<{ code: string; name: string; masters: number; buyAmount: number; masterNames: string[] }>(result).map((r, i) => ({
    rank: (shown - 1) * pageSize + i + 1, code: r.code, name: r.name, masters: r.masters, buyAmount: Number(r.buyAmount),
    masterNames: r.masterNames ?? [], moreMasters: Math.max(0, r.masters - (r.masterNames?.length ?? 0)),
  }));
  return { rows, total, page: shown };
}
