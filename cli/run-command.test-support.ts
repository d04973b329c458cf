import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Command } from "commander";

/** The repository's root, where `npm run cli` runs. */
export const ROOT = path.resolve(__dirname, "..");

/**
 * Runs one CLI command in-process against the test database, with the commands `register` adds; returns what it
 * printed and the message it failed with.
 */
export async function runCommand(register: (program: Command) => void, ...args: string[]): Promise<{ out: string[]; error: string | null }> {
  const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  register(program);
  const out: string[] = [];
  const log = jest.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  try {
    await program.parseAsync(args, { from: "user" });
    return { out, error: null };
  } catch (e) {
    return { out, error: (e as Error).message };
  } finally {
    log.mockRestore();
  }
}

const run = promisify(execFile);

/** Runs `npm run cli -- …args` as its own process (as an operator would), with its output and exit code. */
export async function runCli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "--conditions=react-server", "cli/index.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}
