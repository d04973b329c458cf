import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { paidQuote, recomputedSummary } from "@/lib/domain/article-summary";
import type { Database } from "./client";
import { appMeta, articles, searchDocuments } from "./schema";

/**
 * Data migrations: changes to stored rows that SQL cannot compute (Markdown has to be rendered). A SQL migration
 * records the job as owed (`app_meta` key `data_migration:<migration tag>` = 'pending'); migrateDatabase() runs the
 * owed jobs right after the SQL migrations, on both engines, each in one transaction that first claims its row (a
 * second migrating process waits for it, then finds it done) and ends by marking it done. A job that fails leaves
 * its row pending, so the next start or `cli db:migrate` tries again. ADR 0024.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DataMigrationReport {
  /** rows changed */
  changed: number;
  /** a line for the operator, or null when there is nothing to say */
  note: string | null;
}

const BATCH = 200;

/**
 * 0009: summaries of gated articles that were made automatically from the whole body (paid part included) are made
 * again from the lead-in; their search documents are dropped at once, so the index holds no paid text meanwhile (the
 * next index sync, at start-up or within a minute, indexes them again from the new summary). Editors' own summaries
 * are kept; those that quote the paid part are named for review.
 */
async function freeSummaries(tx: Tx): Promise<DataMigrationReport> {
  let after: string | null = null;
  let changed = 0;
  const quoting: string[] = [];
  for (;;) {
    const rows = await tx
      .select({ infoguid: articles.infoguid, summary: articles.summary, body: articles.body, minLevel: articles.minLevel })
      .from(articles)
      .where(and(gt(articles.minLevel, 0), after === null ? undefined : gt(articles.infoguid, after)))
      .orderBy(asc(articles.infoguid))
      .limit(BATCH);
    if (!rows.length) break;
    after = rows.at(-1)!.infoguid;
    const remade: string[] = [];
    for (const row of rows) {
      const summary = recomputedSummary(row.summary, row.body, row.minLevel);
      if (summary === null) {
        if (paidQuote(row.summary, row.body, row.minLevel)) quoting.push(row.infoguid);
        continue;
      }
      await tx.update(articles).set({ summary }).where(eq(articles.infoguid, row.infoguid));
      remade.push(row.infoguid);
    }
    if (remade.length) await tx.delete(searchDocuments).where(and(eq(searchDocuments.kind, "article"), inArray(searchDocuments.refId, remade)));
    changed += remade.length;
  }
  const notes = [
    changed ? `${changed} automatic summaries of gated articles made again from their lead-ins` : "",
    quoting.length ? `${quoting.length} editor-written summaries quote the paid part and were kept (review them in /admin/articles): ${quoting.join(", ")}` : "",
  ].filter(Boolean);
  return { changed, note: notes.length ? notes.join("; ") : null };
}

export const DATA_MIGRATIONS: Readonly<Record<string, (tx: Tx) => Promise<DataMigrationReport>>> = {
  "0009_free_summaries": freeSummaries,
};

export const dataMigrationKey = (tag: string) => `data_migration:${tag}`;

/** Runs every owed data migration once; answers the tags it ran. */
export async function runDataMigrations(database: Database, log: (line: string) => void = console.log): Promise<string[]> {
  const ran: string[] = [];
  for (const [tag, job] of Object.entries(DATA_MIGRATIONS)) {
    const report = await database.transaction(async (tx) => {
      const claimed = await tx
        .update(appMeta)
        .set({ value: "running", updatedAt: new Date() })
        .where(and(eq(appMeta.key, dataMigrationKey(tag)), eq(appMeta.value, "pending")))
        .returning({ key: appMeta.key });
      if (!claimed.length) return null;
      const result = await job(tx);
      await tx.update(appMeta).set({ value: `done (${result.changed} rows)`, updatedAt: new Date() }).where(eq(appMeta.key, dataMigrationKey(tag)));
      return result;
    });
    if (!report) continue;
    ran.push(tag);
    if (report.note) log(`data migration ${tag}: ${report.note}`);
  }
  return ran;
}
