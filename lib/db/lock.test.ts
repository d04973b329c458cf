import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, lockFilePath, lockHolder, processStartMs, removeStaleLock } from "./lock";

/** A separate Node process that loads lib/db/lock.ts (as a server does) and runs `script` with its acquireDataDirLock. */
function serverTakingTheLock(dir: string, script: string, stdin: "ignore" | "pipe") {
  const load = `const lib = await import(${JSON.stringify(path.resolve("lib/db/lock.ts"))}); const { acquireDataDirLock } = lib.acquireDataDirLock ? lib : lib.default;`;
  return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", `${load}\n${script}`, dir], {
    env: { ...process.env, NODE_OPTIONS: "" },
    stdio: [stdin, "pipe", "inherit"],
  });
}

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

  it("P22: takes over the lock of a server killed with kill -9 (a real child that took it through lib/db/lock.ts)", async () => {
    const child = serverTakingTheLock(dir, `acquireDataDirLock(process.argv[1]); console.log("locked"); setInterval(() => {}, 1000);`, "ignore");
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited ${code} before it took the lock`)));
    });
    expect(lockHolder(dir)).toBe(child.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    child.kill("SIGKILL");
    await exited;
    expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(child.pid)); // no exit handler ran
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(process.pid));
    release();
  }, 30_000);

  it("takes over a lock whose pid now belongs to a process started after the lock was written (a restart reused it)", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      await new Promise((resolve) => other.once("spawn", resolve));
      fs.writeFileSync(lockFilePath(dir), String(other.pid));
      const minuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(lockFilePath(dir), minuteAgo, minuteAgo); // written by a server that died a minute ago
      expect(lockHolder(dir)).toBeNull();
      const release = acquireDataDirLock(dir);
      expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(process.pid));
      release();
    } finally {
      other.kill();
    }
  });

  it("a lock file that already names this process is kept, and released on release()", () => {
    fs.writeFileSync(lockFilePath(dir), String(process.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
  });

  it("removes a lock judged stale only while it still holds what was judged: a lock created since is put back", () => {
    const file = lockFilePath(dir);
    fs.writeFileSync(file, "999999");
    removeStaleLock(file, "999999");
    expect(fs.existsSync(file)).toBe(false);

    fs.writeFileSync(file, "424242"); // another starter took the lock between the judgement and the removal
    removeStaleLock(file, "999999");
    expect(fs.readFileSync(file, "utf8")).toBe("424242");
    expect(fs.readdirSync(dir)).toEqual(["pglite.lock"]); // nothing left aside
  });

  it("of several servers starting at once on a directory whose holder died, exactly one gets it", async () => {
    const contenders = 5;
    for (let round = 0; round < 3; round++) {
      fs.writeFileSync(lockFilePath(dir), "999999");
      const children = Array.from({ length: contenders }, () =>
        serverTakingTheLock(
          dir,
          `console.log("ready");
           process.stdin.once("data", () => {
             try { acquireDataDirLock(process.argv[1]); console.log("locked"); } catch (err) { console.log(err.name); }
             process.stdin.once("end", () => process.exit(0));
           });`,
          "pipe",
        ),
      );
      try {
        const lines = children.map((child) => {
          let out = "";
          child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
          return (text: string) =>
            new Promise<string>((resolve, reject) => {
              const check = () => (out.includes(text) ? resolve(out) : undefined);
              child.stdout!.on("data", check);
              child.on("exit", (code) => reject(new Error(`child exited ${code}: ${out}`)));
              check();
            });
        });
        await Promise.all(lines.map((waitFor) => waitFor("ready")));
        children.forEach((child) => child.stdin!.write("go\n")); // all at once, each already loaded
        const outcomes = await Promise.all(lines.map((waitFor) => Promise.race([waitFor("locked"), waitFor("DataDirLockedError")])));
        const winners = children.filter((_, i) => outcomes[i]!.includes("locked")).map((child) => child.pid);
        expect(winners).toHaveLength(1);
        expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(winners[0]));
        await Promise.all(children.map((child) => new Promise((resolve) => (child.on("exit", resolve), child.stdin!.end()))));
      } finally {
        children.forEach((child) => child.exitCode === null && child.kill("SIGKILL"));
      }
      expect(fs.readdirSync(dir)).toEqual([]); // the winner released it on exit, and no draft or stale copy is left
    }
  }, 60_000);

  it("reads a process's start time from /proc (field 22 after the command name, which may hold spaces and parentheses)", () => {
    const files: Record<string, string> = {
      "/proc/42/stat": "42 (next-server (v1) x) S 1 42 42 0 -1 4194560 1 0 0 0 5 3 0 0 20 0 11 0 123456 1000 10 0",
      "/proc/stat": "cpu  1 2 3\nbtime 1700000000\nprocesses 9\n",
    };
    expect(processStartMs(42, (f) => files[f]!)).toBe(1_700_000_000_000 + 123_456 * 10);
    expect(processStartMs(43, (f) => files[f]!)).toBeNull();
    if (process.platform === "linux") {
      const mine = processStartMs(process.pid)!;
      expect(mine).toBeLessThanOrEqual(Date.now() + 1_500);
      expect(mine).toBeGreaterThan(Date.now() - 24 * 3600_000);
    }
  });
});
