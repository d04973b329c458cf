import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters } from "@/lib/db/schema";
import type { StatementAccess } from "./access";

/**
 * The last day a viewer may see of each master, as an SQL expression over the master's disclosure delay: a CASE over
 * the few distinct delays in use, so a query filters every master's rows by its own delay without naming the masters
 * (one query whatever their number). Null for a delay not in use when the CASE was built.
 */
export async function disclosedThroughSql(access: Pick<StatementAccess, "through">, delay: AnyColumn | SQL = masters.disclosureDelayDays): Promise<SQL> {
  const delays = await (await db()).selectDistinct({ days: masters.disclosureDelayDays }).from(masters);
  if (delays.length === 0) return sql`null::date`;
  return sql`(case ${delay} ${sql.join(
    delays.map(({ days }) => sql`when ${days} then ${access.through(days)}::date`),
    sql` `,
  )} end)`;
}
