// The slowest Jest test files of a run: `npx jest --ci --json --outputFile=run.json`, then
// `node bench/slowest-tests.mjs run.json [count] [--write]`. Prints each file's wall time, its test count and the sum;
// --write also stores the slowest 80 in jest/slow-tests.json, the order a clean clone's Jest starts them in.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2).filter((a) => a !== "--write");
const [file, count = "20"] = args;
if (!file) {
  console.error("usage: node bench/slowest-tests.mjs JEST_JSON [COUNT]");
  process.exit(2);
}
const run = JSON.parse(fs.readFileSync(file, "utf8"));
const files = run.testResults
  .map((t) => ({ name: path.relative(process.cwd(), t.name), seconds: (t.endTime - t.startTime) / 1000, tests: t.assertionResults.length }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(`${files.length} files, ${run.numTotalTests} tests, ${total.toFixed(0)} s of file time, ${((run.testResults.reduce((m, t) => Math.max(m, t.endTime), 0) - run.startTime) / 1000).toFixed(0)} s wall`);
console.log("| s | tests | file |\n|---:|---:|---|");
for (const f of files.slice(0, Number(count))) console.log(`| ${f.seconds.toFixed(1)} | ${f.tests} | \`${f.name}\` |`);
if (process.argv.includes("--write")) {
  const slowest = Object.fromEntries(files.slice(0, 80).map((f) => [f.name.split(path.sep).join("/"), Math.round(f.seconds * 10) / 10]));
  fs.writeFileSync("jest/slow-tests.json", `${JSON.stringify(slowest, null, 1)}\n`);
  console.log("wrote jest/slow-tests.json");
}
