// `npm start`: build when needed, then serve. The server itself migrates PGlite and loads the demo data
// on first run (instrumentation.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const port = process.env.PORT || "3000";
const dataDir = process.env.DATA_DIR || ".data";
// The server's own rule (a dead holder's lock, or one whose pid now belongs to a newer process, is free), checked
// before a build that could take minutes.
const { lockHolder } = await tsImport("../lib/db/lock.ts", import.meta.url);
const { parseConfig } = await tsImport("../lib/config.ts", import.meta.url);
const { startupOriginLines } = await tsImport("../lib/domain/first-run.ts", import.meta.url);

if (!process.env.DATABASE_URL) {
  const holder = lockHolder(dataDir);
  if (holder) {
    console.error(
      `✖ The data directory ${path.resolve(dataDir)} is already in use by process ${holder}.\n` +
        `  PGlite allows one process per data directory: stop that server, or set DATA_DIR to another directory.`,
    );
    process.exit(1);
  }
}

// The server reads the same settings (lib/config.ts); said here, before a build, so a wrong SITE_URL shows at once.
let settings;
try {
  settings = parseConfig({ ...process.env, PORT: port });
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
const origin = startupOriginLines(settings);
for (const line of origin.info) console.log(line);
for (const line of origin.warnings) console.warn(line);

buildIfNeeded();

// Node closes a keep-alive connection after 5 s idle by default, while clients keep it pooled longer (a load
// balancer 60 s, Playwright's request context without a limit): a request sent as the server closes the socket
// ends in ECONNRESET. 65 s outlasts the common 60 s balancer idle timeout, so the client always closes first (ADR 0061).
const KEEP_ALIVE_TIMEOUT_MS = "65000";
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "node_modules/next/dist/bin/next", "start", "-p", port, "--keepAliveTimeout", KEEP_ALIVE_TIMEOUT_MS], { stdio: "inherit", env: { ...process.env, PORT: port } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
