import { execFileSync } from "node:child_process";

/** The latest message to an address, read through the operator CLI while the server runs (PGlite mode). */
export function latestMessage(to: string): { code?: string; text: string; subject: string } {
  const out = execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "cli/index.ts", "outbox", "--to", to, "--limit", "1", "--json"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e", LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  const [entry] = JSON.parse(out.slice(out.indexOf("["))) as { code?: string; text: string; subject: string }[];
  if (!entry) throw new Error(`no message to ${to} in the outbox`);
  return entry;
}
