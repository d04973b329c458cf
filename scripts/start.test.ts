import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function startWith(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "3999" };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ["scripts/start.mjs"], { env, encoding: "utf8", timeout: 20_000 });
}

describe("npm start", () => {
  it("refuses a data directory a running process holds, before building, naming that process", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-lock-"));
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    const run = startWith(dataDir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`is already in use by process ${process.pid}`);
    expect(run.stdout).not.toMatch(/build/i);
  });
});
