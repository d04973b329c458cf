// The Playwright suite's data directory: migrated, the demo data, and the accounts the specs log in with
// (e2e/fixtures.ts reads the same constants). `node scripts/e2e-data.mjs DIR` prepares DIR; `npm test` does so while
// lint, types and the build run, and scripts/e2e.mjs takes it through E2E_PREPARED_DATA_DIR (docs/testing.md).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DONE = ".e2e-prepared";

export function isPrepared(dataDir) {
  return fs.existsSync(path.join(dataDir, DONE));
}

export function prepareE2eData(dataDir) {
  const cli = (...args) =>
    execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "cli/index.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
  cli("db:migrate");
  cli("db:seed", "--demo");
  cli("user:create", "--email", "member@e2e.test", "--password", "quiet-river-41", "--nickname", "测试会员");
  cli("user:create", "--email", "editor@e2e.test", "--password", "amber-kite-52", "--nickname", "测试编辑", "--role", "editor");
  cli("user:create", "--email", "admin@e2e.test", "--password", "lunar-tide-96", "--nickname", "测试管理员", "--role", "admin");
  cli("user:create", "--email", "svip@e2e.test", "--password", "velvet-moon-63", "--nickname", "测试SVIP");
  cli("user:grant", "--email", "svip@e2e.test", "--level", "svip", "--days", "30");
  cli("user:create", "--email", "buyer@e2e.test", "--password", "copper-fern-74", "--nickname", "测试买家");
  cli("user:create", "--email", "subscriber@e2e.test", "--password", "silent-orbit-85", "--nickname", "测试订阅");
  // accounts of one spec each, whose level or notifications change while other specs read member's
  cli("user:create", "--email", "grantee@e2e.test", "--password", "maple-drift-29", "--nickname", "测试授权");
  cli("user:create", "--email", "notified@e2e.test", "--password", "cedar-spark-17", "--nickname", "测试提醒");
  fs.writeFileSync(path.join(dataDir, DONE), new Date().toISOString());
  return dataDir;
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
