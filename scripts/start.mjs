// `npm start`: build when needed, then serve. The server itself migrates PGlite and loads the demo data
// on first run (instrumentation.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const port = process.env.PORT || "3000";
const dataDir = process.env.DATA_DIR || ".data";

function lockHolder() {
  try {
    const pid = Number(fs.readFileSync(path.resolve(dataDir, "pglite.lock"), "utf8").trim());
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

if (!process.env.DATABASE_URL) {
  const holder = lockHolder();
  if (holder) {
    console.error(
      `✖ The data directory ${path.resolve(dataDir)} is already in use by process ${holder}.\n` +
        `  PGlite allows one process per data directory: stop that server, or set DATA_DIR to another directory.`,
    );
    process.exit(1);
  }
}

buildIfNeeded();

const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", port], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
