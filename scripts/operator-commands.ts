// Several operator commands in one process, as `npm run cli -- …` runs each: what the browser tests' data directories
// are made with (docs/testing.md). A process per command paid Node, tsx and the module graph each time, ~4 s of CPU.
// node --import tsx --conditions=react-server scripts/operator-commands.ts '[["db:migrate"], ["user:create", …]]'
import { operatorProgram } from "@/cli/program";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";

async function main(): Promise<number> {
  let commands: unknown;
  try {
    commands = JSON.parse(process.argv[2] ?? "");
  } catch {
    commands = null;
  }
  if (!Array.isArray(commands) || !commands.every((c) => Array.isArray(c) && c.length > 0 && c.every((a) => typeof a === "string"))) {
    console.error("usage: scripts/operator-commands.ts '[[\"command\", \"--option\", \"value\"], …]' (a JSON array of argument lists)");
    return 2;
  }
  for (const args of commands as string[][]) {
    try {
      await operatorProgram().exitOverride().parseAsync(args, { from: "user" });
    } catch (err) {
      console.error(`error in \`${args.join(" ")}\`: ${(err as Error).message}`);
      return 1;
    }
  }
  return 0;
}

main()
  .then((code) => (process.exitCode = code))
  .finally(() => closeStatementParser());
