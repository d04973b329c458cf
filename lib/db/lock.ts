import fs from "node:fs";
import path from "node:path";

/** PGlite is single-process: one process per data directory, enforced with a pid lock file. */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(
      `The data directory ${path.resolve(dataDir)} is already in use by process ${pid}. ` +
        `PGlite allows one process per data directory: stop that process, or start this one with another DATA_DIR ` +
        `(or use PostgreSQL via DATABASE_URL to run several).`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockFilePath(dataDir: string): string {
  return path.resolve(dataDir, "pglite.lock");
}

/** The pid holding the lock, or null when free (a lock left by a dead process counts as free). */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFilePath(dataDir), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock for this process or throws DataDirLockedError; the lock is released when the process exits. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(dataDir, holder);
      const current = Number(fs.readFileSync(file, "utf8").trim());
      if (current === process.pid) return () => {};
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(dataDir, Number(fs.readFileSync(file, "utf8").trim()));
}
