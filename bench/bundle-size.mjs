// First-load JS per route (gzip -9) from the build's route-bundle-stats.json: `node bench/bundle-size.mjs [--json]`.
import { routeSizesOrExit } from "./route-sizes.mjs";

const rows = routeSizesOrExit();
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log("route".padEnd(40), "raw kB".padStart(9), "gzip kB".padStart(9));
  for (const r of rows) console.log(r.route.padEnd(40), r.rawKb.toFixed(1).padStart(9), r.gzipKb.toFixed(1).padStart(9));
}
