// One directory per Jest run where each worker keeps its migrated template database (lib/db/test-support.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function globalSetup() {
  process.env.TEST_TEMPLATE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-jest-"));
}
