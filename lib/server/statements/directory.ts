import "server-only";
import { and, asc, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  containsPattern,
  DIRECTORY_PAGE_SIZE,
  MIN_TRIPS_FOR_WIN_RATE_SORT,
  normaliseDirectoryQuery,
  parseDirectorySort,
  type DirectorySort,
} from "@/lib/domain/statements/directory";
import type { MasterCard } from "@/lib/domain/statements/views";
import { db } from "@/lib/db";
import { masterDays, masters } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { disclosureSql } from "./disclosure-sql";
import { publicData } from "@/lib/server/cache/public-data";
import { statementAccess, type StatementAccess } from "./access";

export interface DirectoryPage {
  items: MasterCard[];
  /** masters matching the search (all masters without one) */
  total: number;
}

export interface DirectoryOptions {
  q?: string;
  sort?: DirectorySort;
  /** 1-based */
  page?: number;
  pageSize?: number;
}

/**
 * /list/god and /god's masters: one page of the masters matching `q`, in `sort` order, with the figures disclosed to
 * this viewer (ADR 0045). Two queries whatever the number of masters: the page and its count.
 */
export async function masterDirectory(viewer: Viewer | null, opts: DirectoryOptions = {}): Promise<DirectoryPage> {
  const access = await statementAccess(viewer);
  const q = normaliseDirectoryQuery(opts.q);
  const sort = parseDirectorySort(opts.sort);
  const pageSize = opts.pageSize ?? DIRECTORY_PAGE_SIZE;
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  return publicData(`directory|${access.cacheKey}|${sort}|${page}|${pageSize}|${q}`, ["statements", "market"], () =>
    directoryPage(access, { q, sort, limit: pageSize, offset: (page - 1) * pageSize }),
  );
}

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return sql`(${masters.name} ilike ${pattern} escape '\\' or exists (select 1 from jsonb_array_elements_text(${masters.styleTags}) as tag(t) where tag.t ilike ${pattern} escape '\\'))`;
}

/** A page of the directory for this access class; `limit` undefined: every matching master. */
export async function directoryPage(
  access: StatementAccess,
  opts: { q?: string; sort?: DirectorySort; limit?: number; offset?: number },
): Promise<DirectoryPage> {
  const database = await db();
  const through = (await disclosureSql(database, access.through))?.through;
  if (!through) return { items: [], total: 0 };
  const where = searchCondition(normaliseDirectoryQuery(opts.q));
  const latest = database
    .select({
      cumPnl: masterDays.cumPnl,
      cumTrips: masterDays.cumTrips,
      cumWins: masterDays.cumWins,
      lastFillDay: masterDays.lastFillDay,
    })
    .from(masterDays)
    .where(and(eq(masterDays.masterGuid, masters.guid), lte(masterDays.day, through)))
    .orderBy(desc(masterDays.day))
    .limit(1)
    .as("latest");
  const lastDay = alias(masterDays, "last_day");
  const order = orderOf(parseDirectorySort(opts.sort), {
    lastFillDay: sql`${latest.lastFillDay}`,
    dayFills: sql`coalesce(${lastDay.fills}, 0)`,
    pnl: sql`coalesce(${latest.cumPnl}, 0)`,
    trips: sql`coalesce(${latest.cumTrips}, 0)`,
    wins: sql`coalesce(${latest.cumWins}, 0)`,
  });
  let query = database
    .select({
      guid: masters.guid,
      name: masters.name,
      avatarUrl: masters.avatarUrl,
      bio: masters.bio,
      styleTags: masters.styleTags,
      isDemo: masters.isDemo,
      delayDays: masters.disclosureDelayDays,
      cumPnl: latest.cumPnl,
      cumTrips: latest.cumTrips,
      cumWins: latest.cumWins,
      lastFillDay: latest.lastFillDay,
      names: lastDay.names,
    })
    .from(masters)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(lastDay, and(eq(lastDay.masterGuid, masters.guid), eq(lastDay.day, latest.lastFillDay)))
    .where(where)
    .orderBy(...order, asc(masters.name), asc(masters.guid))
    .$dynamic();
  if (opts.limit !== undefined) query = query.limit(opts.limit);
  if (opts.offset) query = query.offset(opts.offset);
  const [rows, [count]] = await Promise.all([
    query,
    database.select({ n: sql<number>`count(*)::int` }).from(masters).where(where),
  ]);
  return {
    total: count?.n ?? 0,
    items: rows.map((r) => {
      const closedTrips = r.cumTrips ?? 0;
      const wins = r.cumWins ?? 0;
      return {
        guid: r.guid,
        name: r.name,
        avatarUrl: r.avatarUrl,
        bio: r.bio,
        styleTags: r.styleTags,
        isDemo: r.isDemo,
        delayDays: r.delayDays,
        realizedPnl: Number(r.cumPnl ?? 0),
        closedTrips,
        wins,
        winRate: closedTrips > 0 ? wins / closedTrips : null,
        latestTradeDay: r.lastFillDay ?? null,
        recentNames: r.lastFillDay ? (r.names ?? []) : [],
      } satisfies MasterCard;
    }),
  };
}

/** The ORDER BY of a sort, before the tie-breaks (name, guid) every sort ends with. */
function orderOf(sort: DirectorySort, c: { lastFillDay: SQL; dayFills: SQL; pnl: SQL; trips: SQL; wins: SQL }): SQL[] {
  switch (sort) {
    case "active": // latest trade day, then that day's fills
      return [sql`${c.lastFillDay} desc nulls last`, sql`${c.dayFills} desc`, desc(masters.createdAt)];
    case "pnl":
      return [sql`${c.pnl} desc`, sql`${c.trips} desc`];
    case "winrate": // a large enough sample first (MIN_TRIPS_FOR_WIN_RATE_SORT), then the rate
      return [
        sql`(${c.trips} >= ${MIN_TRIPS_FOR_WIN_RATE_SORT}) desc`,
        sql`(${c.wins}::float8 / nullif(${c.trips}, 0)) desc nulls last`,
        sql`${c.trips} desc`,
      ];
    case "trips":
      return [sql`${c.trips} desc`, sql`${c.lastFillDay} desc nulls last`];
    case "new":
      return [desc(masters.createdAt)];
  }
}
