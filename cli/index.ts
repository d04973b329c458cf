import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { operatorProgram } from "./program";

operatorProgram()
  .parseAsync(process.argv)
  .catch((err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 1;
  })
  // the statement parser's threads (analyze, import:statement) end with the command
  .finally(() => closeStatementParser());
