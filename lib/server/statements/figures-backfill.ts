import "server-only";
import type { Database } from "@/lib/db";
import { rebuildRoundTrips } from "./books";
import { mastersWithoutFigures } from "./master-figures";

/**
 * Writes the figures of masters that have none (a database made before migration 0013), one transaction per master;
 * runs at start-up, so pages never read a master without figures for long. Answers how many were written.
 */
export async function writeMissingMasterFigures(database: Database): Promise<number> {
  const guids = await mastersWithoutFigures(database);
  for (const masterGuid of guids) await database.transaction((tx) => rebuildRoundTrips(tx, { kind: "master", masterGuid }).then(() => undefined));
  return guids.length;
}
