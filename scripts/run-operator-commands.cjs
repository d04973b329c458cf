// Shared by scripts/e2e-data.mjs (plain Node) and the Playwright specs (e2e/data-copies.ts), which load it as
// CommonJS: an ES module would be transformed by Playwright's loader and fail.
const { execFileSync } = require("node:child_process");

/**
 * Runs operator commands in one process (scripts/operator-commands.ts), on the data `env` names (DATA_DIR, or
 * DATABASE_URL); answers what they printed.
 */
function operatorCommands(commands, env) {
  return execFileSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/operator-commands.ts", JSON.stringify(commands)], {
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn", NODE_OPTIONS: "", ...env },
    encoding: "utf8",
  });
}

module.exports = { operatorCommands };
