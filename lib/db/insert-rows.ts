import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

const ROWS_PER_STATEMENT = 5000;

/** jsonb_to_recordset's column list takes types, not the serial pseudo-types. */
function recordType(column: PgColumn): string {
  const type = column.getSQLType();
  return { serial: "integer", smallserial: "smallint", bigserial: "bigint" }[type] ?? type;
}

/** Each column type reads its JSON scalar or array as its input (a json or jsonb column takes the value itself). */
function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/**
 * Inserts many rows with one JSON parameter per statement (`jsonb_to_recordset`), on PGlite and PostgreSQL alike.
 * Drizzle's `insert().values()` builds one parameter per value with several class checks each; for the 10,000-row
 * writes of an import or a market sync that building cost more than the database's work (docs/testing.md). Rows
 * that leave out a column are written in their own statement, so a column's database default still applies to them.
 * `onConflict` is appended as written (e.g. sql`on conflict (code) do nothing`).
 */
export async function insertRows<T extends PgTable>(
  database: Database,
  table: T,
  rows: readonly T["$inferInsert"][],
  opts: { onConflict?: SQL } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const byShape = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows as Record<string, unknown>[]) {
    const keys = Object.keys(row).filter((key) => row[key] !== undefined);
    for (const key of keys) {
      if (!columns[key]) throw new Error(`insertRows: ${key} is not a column of the table`);
      if (columns[key].columnType === "PgCustomColumn") throw new Error(`insertRows: ${key} has a custom type, which it does not map`);
    }
    const shape = keys.join(",");
    const group = byShape.get(shape) ?? byShape.set(shape, { keys, rows: [] }).get(shape)!;
    group.rows.push(row);
  }
  for (const { keys, rows: group } of byShape.values()) {
    const targets = keys.map((key) => columns[key]!);
    const names = sql.join(targets.map((c) => sql.identifier(c.name)), sql`, `);
    // the JSON names each value by its position (c0, c1, …): the column names repeated on every row were most of its bytes
    const fields = targets.map((_, k) => `c${k}`);
    const record = sql.raw(targets.map((c, k) => `${fields[k]} ${recordType(c)}`).join(", "));
    const values = sql.raw(fields.join(", "));
    for (let i = 0; i < group.length; i += ROWS_PER_STATEMENT) {
      const json = group.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
        const out: Record<string, unknown> = {};
        for (let k = 0; k < keys.length; k++) out[fields[k]!] = jsonValue(row[keys[k]!]);
        return out;
      });
      await database.execute(
        sql`insert into ${table} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(${record}) ${opts.onConflict ?? sql``}`,
      );
    }
  }
}
