// `npm run test:changed [BASE]`: the quick loop. ESLint on the changed files, then the Jest tests that import them,
// directly or not (jest --changedSince). BASE defaults to origin/main when it exists, else HEAD; uncommitted and
// untracked changes count too. The full check stays `npm test`.
import { spawnSync } from "node:child_process";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const git = (...args) => spawnSync("git", args, { encoding: "utf8" });
const base = process.argv[2] ?? (git("rev-parse", "--verify", "--quiet", "origin/main").status === 0 ? "origin/main" : "HEAD");

const changed = new Set(
  [git("diff", "--name-only", "--diff-filter=d", `${base}...`), git("diff", "--name-only", "--diff-filter=d"), git("ls-files", "--others", "--exclude-standard")]
    .flatMap((r) => r.stdout.split("\n"))
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f)),
);
console.log(`> ${changed.size} changed source files since ${base}`);
if (changed.size > 0) {
  const lint = spawnSync(process.execPath, ["node_modules/eslint/bin/eslint.js", "--max-warnings=0", ...changed], { stdio: "inherit" });
  if (lint.status !== 0) process.exit(lint.status ?? 1);
}
const jest = spawnSync(process.execPath, ["--experimental-vm-modules", "--liftoff-only", "node_modules/jest/bin/jest.js", `--changedSince=${base}`, "--passWithNoTests"], { stdio: "inherit" });
process.exit(jest.status ?? 1);
