import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { masters } from "@/lib/db/schema";

/** A viewer's per-master disclosure end (`access.through(delay)`) as SQL over the row's `masters` (ADR 0046). */
export interface DisclosureSql {
  /**
   * `case masters.disclosure_delay_days when d then 'YYYY-MM-DD'::date … end`: the last disclosed day of the master in
   * the row. A delay that appeared after the delays were read gives null, so that master is left out, never shown early.
   */
  through: SQL;
  /** the newest disclosed day over every master (the date picker's upper bound) */
  newest: string;
}

/**
 * Reads the distinct disclosure delays (a handful, however many masters there are) and builds the CASE once, so a page
 * filters every master's rows in one query instead of one query or one `or` branch per master. Null without masters.
 */
export async function disclosureSql(database: Database, through: (delayDays: number) => string): Promise<DisclosureSql | null> {
  const delays = (await database.selectDistinct({ d: masters.disclosureDelayDays }).from(masters)).map((r) => r.d);
  if (delays.length === 0) return null;
  const ends = delays.map((d) => [d, through(d)] as const);
  const newest = ends.reduce((a, [, end]) => (end > a ? end : a), ends[0]![1]);
  const cases = ends.map(([d, end]) => sql`when ${sql.raw(String(Math.trunc(d)))} then ${end}::date`);
  return { through: sql`(case masters.disclosure_delay_days ${sql.join(cases, sql` `)} end)`, newest };
}

/** Rows of a raw `execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
