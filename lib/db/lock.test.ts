import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, lockFilePath, lockHolder } from "./lock";

describe("one process per PGlite data directory", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-lock-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a directory another live process holds, naming the process and the way out", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      fs.writeFileSync(lockFilePath(dir), String(other.pid));
      expect(lockHolder(dir)).toBe(other.pid);
      let error: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`in use by process ${other.pid}`);
      expect((error as Error).message).toContain("DATA_DIR");
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that died, and releases its own", () => {
    fs.writeFileSync(lockFilePath(dir), "999999");
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
  });
});
