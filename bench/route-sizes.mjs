// First-load JS per route (gzip -9) from the build's route-bundle-stats.json, shared by bundle-size and bundle-budget.
import fs from "node:fs";
import zlib from "node:zlib";

export const STATS = ".next/diagnostics/route-bundle-stats.json";

/** [{route, rawKb, gzipKb}] largest first; throws when there is no build. */
export function routeSizes() {
  if (!fs.existsSync(STATS)) throw new Error(`${STATS} not found: run \`npm run build\` first.`);
  const gzipCache = new Map();
  const gzipSize = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
    return gzipCache.get(file);
  };
  return JSON.parse(fs.readFileSync(STATS, "utf8"))
    .map((r) => ({ route: r.route, rawKb: r.firstLoadUncompressedJsBytes / 1024, gzipKb: r.firstLoadChunkPaths.reduce((n, f) => n + gzipSize(f), 0) / 1024 }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
}

/** routeSizes() for a command-line script: without a build it says so on stderr and exits 1. */
export function routeSizesOrExit() {
  try {
    return routeSizes();
  } catch (err) {
    console.error(`✖ ${err.message}`);
    process.exit(1);
  }
}
