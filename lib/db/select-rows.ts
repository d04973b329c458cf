import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/**
 * Reads a table's rows as one JSON value (`json_agg`), mapped to drizzle's row shape, on PGlite and PostgreSQL alike.
 * The drivers parse a result field by field in JavaScript; for the thousands of fills or bars an analysis reads, that
 * cost more than the query (docs/testing.md), while one `JSON.parse` of the aggregate is native. Each value goes
 * through its column's own driver mapping, so the rows equal `database.select().from(table)`'s.
 * `where` and `orderBy` are written against the table's columns as usual.
 */
export async function selectRows<T extends PgTable>(database: Database, table: T, where: SQL | undefined, orderBy: SQL): Promise<T["$inferSelect"][]> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  // json_build_array is a function: at most 100 arguments
  if (columns.length > 100) throw new Error("selectRows: a table of more than 100 columns");
  const result = await database.execute(
    sql`select json_agg(json_build_array(${sql.join(columns.map(([, c]) => sql`${c}`), sql`, `)}) order by ${orderBy})::text as rows from ${table} ${where ? sql`where ${where}` : sql``}`,
  );
  const text = (result as unknown as { rows: { rows: string | null }[] }).rows[0]?.rows;
  if (!text) return [];
  const tuples = JSON.parse(text) as unknown[][];
  const out = new Array<T["$inferSelect"]>(tuples.length);
  for (let r = 0; r < tuples.length; r++) {
    const tuple = tuples[r]!;
    const row: Record<string, unknown> = {};
    for (let k = 0; k < columns.length; k++) {
      const value = tuple[k];
      row[columns[k]![0]] = value === null || value === undefined ? null : columns[k]![1].mapFromDriverValue(value);
    }
    out[r] = row as T["$inferSelect"];
  }
  return out;
}
