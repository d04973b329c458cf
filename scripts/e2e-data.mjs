// The Playwright suite's data directory: migrated, the demo data, and the accounts the specs log in with
// (e2e/fixtures.ts reads the same constants). `node scripts/e2e-data.mjs DIR` prepares DIR; `npm test` does so while
// lint, types and the build run, and scripts/e2e.mjs takes it through E2E_PREPARED_DATA_DIR (docs/testing.md).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { operatorCommands } from "./run-operator-commands.cjs";

const DONE = ".e2e-prepared";

export function isPrepared(dataDir) {
  return fs.existsSync(path.join(dataDir, DONE));
}

/** Where a prepared directory keeps copies of itself for the specs that start their own server (e2e/data-copies.ts). */
export const MIGRATED_COPY = ".migrated";
export const SEEDED_COPY = ".seeded";

/**
 * Prepares `dataDir`: migrated, the demo data, the suite's accounts. Inside it, before the suite's server opens it,
 * two copies for the specs with servers of their own: `.migrated` (empty, just migrated) and `.seeded` (as prepared).
 */
export function prepareE2eData(dataDir) {
  const account = (email, password, nickname, ...more) => ["user:create", "--email", email, "--password", password, "--nickname", nickname, ...more];
  operatorCommands([["db:migrate"]], { DATA_DIR: dataDir });
  copyDataDir(dataDir, path.join(dataDir, MIGRATED_COPY));
  operatorCommands([
    ["db:seed", "--demo"],
    account("member@e2e.test", "quiet-river-41", "测试会员"),
    account("editor@e2e.test", "amber-kite-52", "测试编辑", "--role", "editor"),
    account("admin@e2e.test", "lunar-tide-96", "测试管理员", "--role", "admin"),
    account("svip@e2e.test", "velvet-moon-63", "测试SVIP"),
    ["user:grant", "--email", "svip@e2e.test", "--level", "svip", "--days", "30"],
    account("buyer@e2e.test", "copper-fern-74", "测试买家"),
    account("subscriber@e2e.test", "silent-orbit-85", "测试订阅"),
    // accounts of one spec each, whose level or notifications change while other specs read member's
    account("grantee@e2e.test", "maple-drift-29", "测试授权"),
    account("notified@e2e.test", "cedar-spark-17", "测试提醒"),
  ], { DATA_DIR: dataDir });
  copyDataDir(dataDir, path.join(dataDir, SEEDED_COPY));
  fs.writeFileSync(path.join(dataDir, DONE), new Date().toISOString());
  return dataDir;
}

/** A data directory's files, without the copies it keeps inside it. */
function copyDataDir(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    if (entry === MIGRATED_COPY || entry === SEEDED_COPY) continue;
    fs.cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node scripts/e2e-data.mjs DATA_DIR");
    process.exit(2);
  }
  fs.mkdirSync(dir, { recursive: true });
  prepareE2eData(dir);
  console.log(`e2e data prepared in ${dir}`);
}
