// `npm test`: lint, types, unit and integration (PGlite; PostgreSQL too when TEST_DATABASE_URL is set), then
// Playwright. Stops at the first failing stage.
import { spawnSync } from "node:child_process";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const stages = [
  ["lint", ["node_modules/eslint/bin/eslint.js", "--max-warnings=0", "."]],
  ["types", ["node_modules/typescript/bin/tsc", "--noEmit"]],
  ["unit + integration", ["--experimental-vm-modules", "node_modules/jest/bin/jest.js", "--ci"]],
  ["browser (Playwright)", ["scripts/e2e.mjs"]],
];

for (const [name, args] of stages) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  console.log(`=== ${name}: ${status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (status !== 0) process.exit(status ?? 1);
}
