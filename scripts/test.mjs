// `npm test`: dependency audit, lint, types, unit and integration (PGlite; PostgreSQL too when TEST_DATABASE_URL is
// set), Playwright, then the first-load JS budgets of that build. Stops at the first failing stage.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";

/**
 * P2: `npm audit --omit=dev --audit-level=high` must be clean. A registry that cannot be asked (offline, or an
 * endpoint that refuses the audit request) fails the stage with the reason: an audit that did not run never passes.
 * NPM_AUDIT=best-effort goes on when the audit cannot be asked (findings still fail); NPM_AUDIT=skip skips it. Both
 * say so in capitals.
 */
function audit() {
  if (process.env.NPM_AUDIT === "skip") {
    console.error("!!! NPM AUDIT SKIPPED (NPM_AUDIT=skip): dependencies were NOT checked for advisories !!!");
    return 0;
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(npm, ["audit", "--omit=dev", "--audit-level=high", "--json"], { encoding: "utf8", env: process.env, maxBuffer: 64 * 1024 * 1024 });
  let report = null;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = null;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (run.error || !counts) {
    const why = run.error?.message ?? report?.message ?? report?.error?.summary ?? (run.stderr.trim().split("\n").pop() || `exit ${run.status}`);
    if (process.env.NPM_AUDIT === "best-effort") {
      // Advisories found still fail; only an audit that cannot be asked goes on, in capitals.
      console.error(`!!! NPM AUDIT COULD NOT RUN (${why}): dependencies were NOT checked — NPM_AUDIT=best-effort goes on !!!`);
      return 0;
    }
    console.error(`✖ npm audit could not run, so the dependencies are unchecked: ${why}`);
    console.error("  Run it where the registry's audit endpoint answers, or set NPM_AUDIT=best-effort / skip to go on knowingly.");
    return 1;
  }
  const findings = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === "high" || v.severity === "critical")
    .map((v) => `  ${v.severity.padEnd(8)} ${v.name} ${v.range ?? ""}${v.fixAvailable ? " (fix available)" : ""}`);
  console.log(`npm audit (production dependencies): ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(", ")}`);
  if (findings.length > 0) {
    console.error(`✖ high or critical advisories:\n${findings.join("\n")}`);
    return 1;
  }
  return run.status === 0 ? 0 : 1;
}

const e2eDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-e2e-"));
process.env.E2E_PREPARED_DATA_DIR = e2eDataDir;

const stages = [
  ["dependency audit (npm audit --omit=dev --audit-level=high)", audit],
  // Two lanes on the two cores, none of them timed (docs/testing.md): the build, then the types (tsc reads the
  // build's .next/types, so never beside it); lint, then the browser tests' data directory.
  ["lint, types, build and the browser tests' data", {
    build: ["scripts/build-if-needed.mjs"],
    types: { after: "build", args: ["node_modules/typescript/bin/tsc", "--noEmit"] },
    lint: ["node_modules/eslint/bin/eslint.js", "--max-warnings=0", "."],
    "import cycles": { after: "lint", args: ["scripts/import-cycles.mjs"] },
    "browser tests' data": { after: "lint", args: ["scripts/e2e-data.mjs", e2eDataDir] },
  }],
  // --liftoff-only: Jest's workers (which inherit it) keep PGlite's WebAssembly on V8's baseline compiler. Each test
  // file loads PGlite afresh, and optimising its hot functions again in every file cost more CPU than it saved
  // (docs/testing.md).
  ["unit + integration", ["--experimental-vm-modules", "--liftoff-only", "node_modules/jest/bin/jest.js", "--ci"]],
  ["browser (Playwright)", ["scripts/e2e.mjs"]],
  // After the Playwright stage: it has built the app (bench/bundle-budgets.json, ADR 0015).
  ["first-load JS budgets", ["bench/bundle-budget.mjs"]],
];

/**
 * Runs the commands at once, each with its output held and printed whole when it ends; one naming another `after`
 * starts when that one has passed. 0 when every one passed.
 */
async function sideBySide(commands) {
  const runs = new Map();
  const runOne = (name) => {
    if (runs.has(name)) return runs.get(name);
    const command = commands[name];
    const { args, after } = Array.isArray(command) ? { args: command, after: null } : command;
    const run = (after ? runOne(after) : Promise.resolve(0)).then(
      (before) =>
        new Promise((resolve) => {
          if (before !== 0) {
            console.log(`--- ${name}: not run (${after} failed)`);
            return resolve(1);
          }
          const started = Date.now();
          const child = spawn(process.execPath, args, { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => {
            const took = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`--- ${name}: ${code === 0 ? "passed" : "FAILED"} in ${took} s${output.trim() ? `\n${output.trimEnd()}` : ""}`);
            resolve(code ?? 1);
          });
        }),
    );
    runs.set(name, run);
    return run;
  };
  const codes = await Promise.all(Object.keys(commands).map(runOne));
  return codes.every((code) => code === 0) ? 0 : 1;
}

for (const [name, step] of stages) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const status =
    typeof step === "function" ? step()
    : Array.isArray(step) ? spawnSync(process.execPath, step, { stdio: "inherit", env: process.env }).status
    : await sideBySide(step);
  console.log(`=== ${name}: ${status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (status !== 0) {
    fs.rmSync(e2eDataDir, { recursive: true, force: true });
    process.exit(status ?? 1);
  }
}
