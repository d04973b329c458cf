import "server-only";
import { and, count, eq, max, sql } from "drizzle-orm";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { EVERYTHING_DISCLOSED } from "@/lib/domain/statements/visibility";
import { db } from "@/lib/db";
import { statements } from "@/lib/db/schema";
import { analyzeBook, loadBookInput, type Book } from "./books";
import { cachedAnalysis } from "./analysis-cache";

async function bookVersion(book: Book): Promise<string> {
  const where = book.kind === "master" ? eq(statements.masterGuid, book.masterGuid) : eq(statements.id, book.statementId);
  const [row] = await (await db()).select({ n: count(), last: max(statements.createdAt) }).from(statements).where(where);
  return `${row?.n ?? 0}|${row?.last ? new Date(row.last).getTime() : 0}`;
}

/** The analysis of a book as disclosed through a date (delayed disclosure, free sample), memoised. */
export async function analysisThrough(book: Book, through: string): Promise<StatementAnalysis> {
  const key = `${book.kind}:${book.kind === "master" ? book.masterGuid : book.statementId}|${through}`;
  return cachedAnalysis(key, await bookVersion(book), async () => {
    const database = await db();
    const input = await loadBookInput(database, book, through);
    return analyzeBook(database, input, through === EVERYTHING_DISCLOSED ? undefined : through);
  });
}

/** Provenance of a master's published statements: each imported file with its hash. */
export async function statementProvenance(masterGuid: string) {
  return (await db())
    .select({
      id: statements.id,
      fileName: statements.fileName,
      fileHash: statements.fileHash,
      formatLabel: statements.formatLabel,
      source: statements.source,
      firstDate: statements.firstDate,
      lastDate: statements.lastDate,
      fillCount: statements.fillCount,
      feeBasis: statements.feeBasis,
      unreconciled: statements.unreconciled,
      createdAt: statements.createdAt,
    })
    .from(statements)
    .where(and(eq(statements.masterGuid, masterGuid), eq(statements.isPublic, true)))
    .orderBy(sql`${statements.createdAt} desc`);
}
