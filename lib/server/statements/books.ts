import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";
import type { Database } from "@/lib/db";
import { roundTrips, statementEvents, statementFills, statements } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import { selectRows } from "@/lib/db/select-rows";
import { barsByCode } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { writeMasterFigures } from "./master-figures";
import { rowToEvent, rowToFill, tripToRow } from "./rows";

/** A book is what one analysis covers: all of a master's statements together, or one member statement. */
export type Book = { kind: "master"; masterGuid: string } | { kind: "statement"; statementId: string };

export interface BookInput {
  fills: Fill[];
  events: StatementEvent[];
}

/** Fills and events of a book, oldest first, optionally only up to a date (delayed disclosure, free sample). */
export async function loadBookInput(database: Database, book: Book, through?: string): Promise<BookInput> {
  const statementIds =
    book.kind === "statement"
      ? [book.statementId]
      : (
          await database
            .select({ id: statements.id })
            .from(statements)
            .where(and(eq(statements.masterGuid, book.masterGuid), eq(statements.isPublic, true)))
        ).map((r) => r.id);
  if (statementIds.length === 0) return { fills: [], events: [] };
  const [fillRows, eventRows] = await Promise.all([
    selectRows(database, statementFills, inArray(statementFills.statementId, statementIds), sql`${statementFills.tradeDate}, ${statementFills.tradeTime}, ${statementFills.id}`),
    selectRows(database, statementEvents, inArray(statementEvents.statementId, statementIds), sql`${statementEvents.eventDate}, ${statementEvents.id}`),
  ]);
  const fills = fillRows.map(rowToFill).filter((f) => !through || f.date <= through);
  const events = eventRows.map(rowToEvent).filter((e) => !through || e.date <= through);
  return { fills, events };
}

/** Runs the pure analysis over a book with the market calendar and the bars of its stocks. */
export async function analyzeBook(database: Database, input: BookInput, asOf?: string, opts: { positionHistory?: boolean } = {}): Promise<StatementAnalysis> {
  const [calendar, bars] = await Promise.all([marketCalendar(database), barsByCode(input.fills.map((f) => f.code), database)]);
  return analyzeStatement(input, { calendar, bars: (code) => bars.get(code), asOf, positionHistory: opts.positionHistory });
}

/**
 * Replaces the stored round trips of a book, and of a master's book its daily figures and positions (ADR 0044), inside
 * the transaction that changed it, so rankings never see half a book.
 */
export async function rebuildRoundTrips(database: Database, book: Book): Promise<StatementAnalysis> {
  const analysis = await analyzeBook(database, await loadBookInput(database, book), undefined, { positionHistory: book.kind === "master" });
  if (book.kind === "master") await writeMasterFigures(database, book.masterGuid, analysis);
  const owner = book.kind === "master" ? { masterGuid: book.masterGuid, statementId: null } : { masterGuid: null, statementId: book.statementId };
  await database.delete(roundTrips).where(book.kind === "master" ? eq(roundTrips.masterGuid, book.masterGuid) : eq(roundTrips.statementId, book.statementId));
  const rows = analysis.roundTrips.map((t) => tripToRow(t, owner));
  await insertRows(database, roundTrips, rows);
  return analysis;
}
