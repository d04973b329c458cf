import "server-only";
import fs from "node:fs";
import path from "node:path";

let buildId: string | null = null;

/** The id of the running build (`.next/BUILD_ID`), "development" under `next dev`. */
export function currentBuildId(): string {
  if (buildId) return buildId;
  try {
    buildId = fs.readFileSync(path.join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    buildId = "development";
  }
  return buildId;
}
