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
  return holderOf(file, readContent(file));
}

/** The live holder named by a lock file's content (see lockHolder), or null. */
function holderOf(file: string, content: string | null): number | null {
  const pid = Number(content?.trim());
  if (content === null || !Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  const started = processStartMs(pid);
  try {
    if (started !== null && started > fs.statSync(file).mtimeMs + START_TIME_SLACK_MS) return null; // a reused pid
  } catch {
    return null; // the file went away meanwhile
  }
  return pid;
}

function readContent(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function readPid(file: string): number | null {
  const content = readContent(file);
  return content === null ? null : Number(content.trim());
}

/**
 * Creates the lock file with this process's pid in one step: a complete file linked into place, so no other process
 * ever reads it empty (an empty lock reads as a dead holder's). False when a lock file exists.
 */
function createLock(file: string): boolean {
  const draft = `${file}.${process.pid}.new`;
  fs.writeFileSync(draft, String(process.pid));
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw err;
    // a file system without hard links: exclusive create (its empty instant is the only difference)
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return true;
    } catch (wxErr) {
      if ((wxErr as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw wxErr;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Removes a lock judged stale, but only if the file still holds what was judged: it is first renamed aside (atomic, so
 * of two processes taking over the same dead lock only one moves it), and put back when it turns out to be a lock that
 * another starter created in the meantime.
 */
export function removeStaleLock(file: string, judged: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return; // another starter moved it first
    throw err;
  }
  try {
    if (readContent(aside) !== judged) fs.linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // a newer lock is in place: leave it
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

const releasing = new Set<string>();

/** Removes the lock file when this process exits, if it still names this process; returns that release. */
function releaseOnExit(file: string): () => void {
  const release = () => {
    try {
      if (readPid(file) === process.pid) fs.unlinkSync(file);
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
 * after `kill -9`: the next start then takes the dead process's lock over, see lockHolder). Of several processes
 * starting at once on one directory, one gets it, also when they all find a dead process's lock: creating the file
 * and removing a stale one are each a single atomic step (link, rename). ADR 0016 names the one narrow case left.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLock(file)) return releaseOnExit(file);
    const content = readContent(file);
    if (content === null) continue; // removed since: try again
    const holder = holderOf(file, content);
    if (holder !== null) throw new DataDirLockedError(dataDir, holder);
    // already ours (opened again in this process, or a restart that was given the dead process's pid)
    if (Number(content.trim()) === process.pid) return releaseOnExit(file);
    removeStaleLock(file, content);
  }
  throw new DataDirLockedError(dataDir, readPid(file) ?? 0);
}
