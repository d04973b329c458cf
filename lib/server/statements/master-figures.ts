import "server-only";
import { eq, isNull, sql } from "drizzle-orm";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { masterFigures as figuresOf } from "@/lib/domain/statements/master-days";
import type { Database } from "@/lib/db";
import { masterDays, masterFigures, masterPositions, masters } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";

/**
 * Replaces a master's stored figures (days, positions held, ranking eligibility) with those of the analysis of the
 * master's whole published book, inside the transaction that changed the book (ADR 0044).
 */
export async function writeMasterFigures(database: Database, masterGuid: string, analysis: StatementAnalysis): Promise<void> {
  const figures = figuresOf(analysis);
  await database.delete(masterDays).where(eq(masterDays.masterGuid, masterGuid));
  await database.delete(masterPositions).where(eq(masterPositions.masterGuid, masterGuid));
  const dayRows = figures.days.map((d) => ({
    masterGuid,
    day: d.day,
    fills: d.fills,
    aShareFills: d.aShareFills,
    names: d.names,
    trips: d.trips,
    wins: d.wins,
    pnl: d.pnl,
    bestCode: d.best?.code ?? null,
    bestName: d.best?.name ?? null,
    bestPnl: d.best?.pnl ?? null,
    worstCode: d.worst?.code ?? null,
    worstName: d.worst?.name ?? null,
    worstPnl: d.worst?.pnl ?? null,
    cumTrips: d.cumTrips,
    cumWins: d.cumWins,
    cumPnl: d.cumPnl,
    cumTradingDays: d.cumTradingDays,
    cumFills: d.cumFills,
    lastFillDay: d.lastFillDay,
  }));
  await insertRows(database, masterDays, dayRows);
  const positionRows = figures.positions.map((p) => ({
    masterGuid,
    code: p.code,
    exchange: p.exchange,
    market: p.market,
    name: p.name,
    openDate: p.openDate,
    quantity: p.quantity,
    cost: p.cost,
    unknownQuantity: p.unknownQuantity,
    openingUnknown: p.openingUnknown,
    heldFrom: p.heldFrom,
    heldUntil: p.heldUntil,
  }));
  await insertRows(database, masterPositions, positionRows);
  const row = { eligibleFrom: figures.eligibleFrom, firstDay: figures.firstDay, lastDay: figures.lastDay, writtenAt: new Date() };
  await database
    .insert(masterFigures)
    .values({ masterGuid, ...row })
    .onConflictDoUpdate({ target: masterFigures.masterGuid, set: row });
}

/** Masters whose figures were never written (a database from before migration 0013): their guids. */
export async function mastersWithoutFigures(database: Database): Promise<string[]> {
  const rows = await database
    .select({ guid: masters.guid })
    .from(masters)
    .leftJoin(masterFigures, eq(masterFigures.masterGuid, masters.guid))
    .where(isNull(masterFigures.masterGuid))
    .orderBy(sql`${masters.createdAt}`);
  return rows.map((r) => r.guid);
}
