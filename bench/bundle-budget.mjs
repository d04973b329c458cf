// CI gate: fails when a route's first-load JS (gzip) is over its budget (bench/bundle-budgets.json).
// `node bench/bundle-budget.mjs` after a build; `--ratchet` rewrites the debt ceilings to today's sizes (never up).
import fs from "node:fs";
import { routeSizesOrExit } from "./route-sizes.mjs";

const FILE = new URL("./bundle-budgets.json", import.meta.url);
const budgets = JSON.parse(fs.readFileSync(FILE, "utf8"));
const classOf = (route) =>
  budgets.chart.includes(route) ? "chart" : budgets.form.includes(route) ? "form" : route.startsWith(budgets.staffPrefix) ? "staff" : "content";

const rows = routeSizesOrExit();
if (process.argv.includes("--ratchet")) {
  const debt = {};
  for (const { route, gzipKb } of rows) {
    const target = budgets.targets[classOf(route)];
    if (gzipKb > target) debt[route] = Math.min(Math.ceil(gzipKb * 10) / 10, budgets.debt[route] ?? Infinity);
  }
  budgets.debt = debt;
  fs.writeFileSync(FILE, JSON.stringify(budgets, null, 2) + "\n");
  console.log(`debt ceilings written for ${Object.keys(debt).length} routes`);
}
const over = [];
for (const { route, gzipKb } of rows) {
  const target = budgets.targets[classOf(route)];
  const ceiling = Math.max(target, budgets.debt[route] ?? 0);
  if (gzipKb > ceiling + 0.05) over.push(`${route}: ${gzipKb.toFixed(1)} kB > ${ceiling} kB (${classOf(route)} target ${target} kB)`);
}
if (over.length) {
  console.error(`✖ first-load JS over budget:\n  ${over.join("\n  ")}`);
  process.exit(1);
}
const debtors = rows.filter((r) => r.gzipKb > budgets.targets[classOf(r.route)]).length;
console.log(`✓ first-load JS within budget on ${rows.length} routes (${debtors} still above their target, held at their ceiling)`);
