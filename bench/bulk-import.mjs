// Bulk import speed (issue 24, ADR 0047): `node bench/bulk-import.mjs [--files 200] [--rows 700] [--postgres URL] [--keep]`.
//
// Writes N 同花顺-style statements (bench/statement-file.mjs, ~650 fills each at 700 rows) and a masters.csv into a
// temporary folder, then times one `npm run cli -- import:statements DIR --public` against a fresh PGlite data
// directory (or a fresh database on the PostgreSQL server given). Target: 200 files of ~650 fills in ≤ 40 s on the
// 2-core machine; the exit code is 1 when it is over or a file failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { statementBytes } from "./statement-file.mjs";

const BUDGET_S = 40;
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const files = Number(option("--files", "200"));
const rows = Number(option("--rows", "700"));
const postgres = option("--postgres", null);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bulk-import-bench-"));
const dir = path.join(work, "statements");
fs.mkdirSync(dir);
const bytes = statementBytes(rows);
const manifest = ["file,name,bio,styleTags,disclosureDelayDays"];
for (let i = 1; i <= files; i++) {
  const name = `master-${String(i).padStart(4, "0")}.txt`;
  fs.writeFileSync(path.join(dir, name), bytes);
  manifest.push(`${name},基准大神${i},生成的交割单,短线|打板,${i % 3}`);
}
fs.writeFileSync(path.join(dir, "masters.csv"), `${manifest.join("\n")}\n`);

let databaseUrl = null;
let dropDatabase = null;
if (postgres) {
  const { default: pg } = await import("pg");
  const name = `bulk_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: postgres });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

const env = { ...process.env, DATA_DIR: path.join(work, "data"), LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1" };
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;
// migrations first, so the figure is the import's
spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "cli/index.ts", "db:migrate"], { cwd: root, env, stdio: "ignore" });
const t0 = performance.now();
const run = spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "cli/index.ts", "import:statements", dir, "--public"], {
  cwd: root,
  env,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
const seconds = (performance.now() - t0) / 1000;
const lines = run.stdout.trim().split("\n");
const summary = lines.at(-1);
const sample = lines.find((l) => l.startsWith("ok"));
console.log(JSON.stringify({ engine: postgres ? "postgres" : "pglite", files, rows, fileBytes: bytes.byteLength, seconds: Number(seconds.toFixed(1)), budgetSeconds: BUDGET_S, exit: run.status, sample, summary }, null, 2));
if (run.status !== 0) console.error(run.stderr.split("\n").slice(-5).join("\n"));
await dropDatabase?.();
if (!args.includes("--keep")) fs.rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
process.exitCode = run.status === 0 && seconds <= BUDGET_S ? 0 : 1;
