import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A fresh data directory for a spec's own server, copied from what scripts/e2e-data.mjs prepared before the suite's
 * server opened its directory: "migrated" is empty and migrated, "seeded" also holds the demo data and the suite's
 * accounts (e2e/fixtures.ts ACCOUNTS). A copy costs a fraction of a second; making one through the CLI cost a minute
 * of a busy machine's time (docs/testing.md).
 */
export function copyOfPreparedData(kind: "migrated" | "seeded", prefix: string): string {
  const prepared = path.join(process.env.E2E_DATA_DIR ?? ".data-e2e", `.${kind}`);
  if (!fs.existsSync(prepared)) throw new Error(`no ${kind} copy at ${prepared}: run the browser tests through scripts/e2e.mjs (npm run test:e2e)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(prepared, dir, { recursive: true });
  return dir;
}

/** Operator commands in one process, before the server of their data starts (one writer: PGlite). */
export { operatorCommands } from "../scripts/run-operator-commands.cjs";
