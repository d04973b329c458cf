// Removes this run's templates: the directory of PGlite dumps and the workers' template databases on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export default async function globalTeardown() {
  const dir = process.env.TEST_TEMPLATE_DIR;
  if (!dir) return;
  fs.rmSync(dir, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL) return;
  const run = path.basename(dir).replace(/[^a-z0-9]/gi, "").toLowerCase().slice(-12);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query("select datname from pg_database where datname like $1", [`lianghua_tpl_${run}_%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
