// Builds the Next.js app when there is no build yet or the sources changed since the last one.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.ts", "postcss.config.mjs", "package-lock.json", "tsconfig.json"];
const STAMP = path.join(".next", "source-stamp");

function walk(entry, hash) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(entry).sort()) {
      if (name === "node_modules" || name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
      walk(path.join(entry, name), hash);
    }
  } else {
    hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`);
  }
}

export function sourceStamp() {
  const hash = createHash("sha256");
  for (const s of SOURCES) walk(s, hash);
  return hash.digest("hex");
}

export function buildIfNeeded() {
  const stamp = sourceStamp();
  const built = fs.existsSync(path.join(".next", "BUILD_ID")) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === stamp;
  if (built) return;
  console.log("> Building the application (sources changed or no build yet)…");
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    // The build never opens a database: no data directory or database URL reaches it.
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATA_DIR: "", DATABASE_URL: "" },
  });
  if (result.status !== 0) {
    console.error("✖ next build failed");
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(STAMP, stamp);
}

// `node scripts/build-if-needed.mjs`: `npm test` builds beside lint and types (docs/testing.md).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfNeeded();
