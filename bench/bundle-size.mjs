// First-load JS per route (gzip -9) from the build's route-bundle-stats.json: `node bench/bundle-size.mjs [--json]`.
import fs from "node:fs";
import zlib from "node:zlib";

const STATS = ".next/diagnostics/route-bundle-stats.json";
if (!fs.existsSync(STATS)) {
  console.error(`✖ ${STATS} not found: run \`npm run build\` first.`);
  process.exit(1);
}
const gzipCache = new Map();
const gzipSize = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
};
const rows = JSON.parse(fs.readFileSync(STATS, "utf8"))
  .map((r) => ({ route: r.route, rawKb: r.firstLoadUncompressedJsBytes / 1024, gzipKb: r.firstLoadChunkPaths.reduce((n, f) => n + gzipSize(f), 0) / 1024 }))
  .sort((a, b) => b.gzipKb - a.gzipKb);
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log("route".padEnd(40), "raw kB".padStart(9), "gzip kB".padStart(9));
  for (const r of rows) console.log(r.route.padEnd(40), r.rawKb.toFixed(1).padStart(9), r.gzipKb.toFixed(1).padStart(9));
}
