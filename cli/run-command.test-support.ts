import { Command } from "commander";

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
