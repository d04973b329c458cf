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

/** The clock of /proc/<pid>/stat's start time and /proc/stat's whole-second boot time: a reading is off by < 1 s. */
const START_TIME_SLACK_MS = 1_500;

/** When a process started, in ms since the epoch (Linux: /proc); null where that cannot be read. */
export function processStartMs(pid: number, read: (file: string) => string = (f) => fs.readFileSync(f, "utf8")): number | null {
  try {
    const stat = read(`/proc/${pid}/stat`);
    // fields after "(comm) " start with field 3 (state); field 22 is the start time in clock ticks (USER_HZ = 100) since boot
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(read("/proc/stat"))?.[1]);
    return Number.isFinite(ticks) && bootSeconds > 0 ? bootSeconds * 1000 + ticks * 10 : null;
  } catch {
    return null;
  }
}

export function lockFilePath(dataDir: string): string {
  return path.resolve(dataDir, "pglite.lock");
}

/**
 * The pid holding the lock, or null when free. A lock left by a dead process counts as free (`kill -9`, a crash, a
 * power cut), and so does one whose pid now belongs to a process that started after the lock was written: after a
 * restart (a container's, typically) the dead server's pid is often in use again, by an unrelated process.
 */
export function lockHolder(dataDir: string): number | null {
  const file = lockFilePath(dataDir);
  try {
    const pid = Number(fs.readFileSync(file, "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
    const started = processStartMs(pid);
    if (started !== null && started > fs.statSync(file).mtimeMs + START_TIME_SLACK_MS) return null; // a reused pid
    return pid;
  } catch {
    return null;
  }
}

function readPid(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, "utf8").trim());
  } catch {
    return null;
  }
}

const releasing = new Set<string>();

/** Removes the lock file when this process exits, if it still names this process; returns that release. */
function releaseOnExit(file: string): () => void {
  const release = () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  if (!releasing.has(file)) {
    releasing.add(file);
    process.once("exit", () => {
      releasing.delete(file);
      release();
    });
  }
  return release;
}

/**
 * Takes the lock for this process or throws DataDirLockedError; the lock is released when the process exits (not
 * after `kill -9`: the next start then takes the dead process's lock over, see lockHolder).
 * Limit: two processes that start at the same instant on a directory whose holder has died can both take it over
 * (Node has no flock); one process per directory is the deployment's rule, this catches the mistakes.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return releaseOnExit(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(dataDir, holder);
      // already ours (opened again in this process, or a restart that was given the dead process's pid)
      if (readPid(file) === process.pid) return releaseOnExit(file);
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(dataDir, readPid(file) ?? 0);
}
