import { readFileSync, statSync } from "node:fs";
import { InvalidArgumentError } from "commander";

/** A guid as the CLI's arguments take it (any case). */
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The bytes of a file named on the command line; a missing path, a folder or an unreadable file is refused as a bad
 * argument. `option` names where the path came from in the message (`--body-file`), when it was an option.
 */
export function readInputFile(file: string, option?: string): Uint8Array {
  const named = option ? `${option} ${file}` : file;
  try {
    if (!statSync(file).isFile()) throw new InvalidArgumentError(`${named} is not a file`);
    return new Uint8Array(readFileSync(file));
  } catch (err) {
    if (err instanceof InvalidArgumentError) throw err;
    throw new InvalidArgumentError(`cannot read ${named}: ${(err as Error).message}`);
  }
}
