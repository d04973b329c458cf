import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { closeDatabase, prepareDatabase } from "@/lib/db";
import { lockFilePath } from "@/lib/db/lock";
import { acceptQueueLength, installGracefulShutdown, type ProcessLike, type ShutdownSignal } from "./shutdown";

/** A stand-in for `process`: signals are emitted by hand, exit() is recorded. */
class FakeProcess extends EventEmitter {
  exits: number[] = [];
  exit = ((code?: number) => {
    this.exits.push(code ?? 0);
  }) as ProcessLike["exit"];
  signal(s: ShutdownSignal) {
    this.emit(s, s);
  }
}

/** Next.js's own listener: once, drains for `ms`, then exits 128 + signal (start-server.js). */
function nextCleanup(proc: FakeProcess, events: string[], ms: number) {
  let started = false;
  for (const s of ["SIGTERM", "SIGINT"] as const) {
    proc.on(s, () => {
      if (started) return;
      started = true;
      events.push("next: server.close()");
      setTimeout(() => {
        events.push("next: drained");
        proc.exit(s === "SIGTERM" ? 143 : 130);
      }, ms).unref();
    });
  }
}

const originalClose = http.Server.prototype.close;

/** One HTTP/1.1 request on a raw connection: the status line and body, or the error code. */
function rawGet(port: number): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect({ port, host: "127.0.0.1" }, () => socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

function install(proc: FakeProcess, events: string[], extra: Partial<Parameters<typeof installGracefulShutdown>[0]> = {}) {
  return installGracefulShutdown({
    proc: proc as unknown as ProcessLike,
    log: () => {},
    stopBackground: async () => {
      events.push("app: background stopped");
    },
    closeDatabase: async () => {
      events.push("app: database closed");
    },
    ...extra,
  });
}

describe("graceful shutdown (P24)", () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  it("P24: on SIGTERM waits for Next.js to finish the requests in flight, then closes the database and exits 0", async () => {
    const proc = new FakeProcess();
    const events: string[] = [];
    nextCleanup(proc, events, 30);
    const handle = install(proc, events);
    proc.signal("SIGTERM");
    await settle(10);
    expect(events).toEqual(["app: background stopped", "next: server.close()"]); // the database stays open meanwhile
    expect(proc.exits).toEqual([]);
    await settle(60);
    expect(events).toEqual(["app: background stopped", "next: server.close()", "next: drained", "app: database closed"]);
    expect(proc.exits).toEqual([0]); // not Next's 143: a supervisor reads a clean stop
    handle.uninstall();
  });

  it("P24: SIGINT (Ctrl+C) exits 0 too, and repeated signals run the shutdown once", async () => {
    const proc = new FakeProcess();
    const events: string[] = [];
    nextCleanup(proc, events, 20);
    const closes = jest.fn(async () => {});
    const handle = install(proc, events, { closeDatabase: closes });
    proc.signal("SIGINT");
    proc.signal("SIGINT");
    proc.signal("SIGTERM");
    await settle(80);
    expect(closes).toHaveBeenCalledTimes(1);
    expect(proc.exits).toEqual([0]);
    handle.uninstall();
  });

  it("P24: requests that outlast the drain limit: the database is closed anyway and the exit code says so", async () => {
    const proc = new FakeProcess();
    const events: string[] = [];
    nextCleanup(proc, events, 10_000); // never within the limit
    const handle = install(proc, events, { drainTimeoutMs: 40 });
    const started = Date.now();
    proc.signal("SIGTERM");
    const code = await handle.shutdown("SIGTERM");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(code).toBe(1);
    expect(events).toContain("app: database closed");
    expect(proc.exits).toEqual([1]);
    handle.uninstall();
  });

  it("P24: without Next's listener (NEXT_MANUAL_SIG_HANDLE) it closes at once", async () => {
    const proc = new FakeProcess();
    const events: string[] = [];
    nextCleanup(proc, events, 10_000);
    const handle = install(proc, events, { manualSignalHandling: true, drainTimeoutMs: 5_000 });
    proc.signal("SIGTERM");
    const code = await handle.shutdown("SIGTERM");
    expect(code).toBe(0);
    expect(events).toEqual(["app: background stopped", "next: server.close()", "app: database closed"]);
    handle.uninstall();
  });

  it("P24: a database that fails to close, or background work that hangs, gives exit 1 without blocking the exit", async () => {
    const proc = new FakeProcess();
    const events: string[] = [];
    const failing = install(proc, events, {
      closeDatabase: async () => {
        throw new Error("disk gone");
      },
    });
    expect(await failing.shutdown("SIGTERM")).toBe(1);
    failing.uninstall();

    const proc2 = new FakeProcess();
    const hanging = install(proc2, events, { stopBackground: () => new Promise(() => {}), closeTimeoutMs: 30 });
    expect(await hanging.shutdown("SIGTERM")).toBe(1);
    expect(proc2.exits).toEqual([1]);
    hanging.uninstall();
  });

  it("P24: requests that arrived before the busy server handled the signal are answered, not reset", async () => {
    const server = http.createServer((_req, res) => setTimeout(() => res.end("ok"), 30));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const proc = new FakeProcess();
    proc.on("SIGTERM", () => server.close(() => proc.exit(143))); // what Next.js does
    const handle = install(proc, [], { acceptGraceMs: 50 });
    const replies = Array.from({ length: 20 }, () => rawGet(port));
    proc.signal("SIGTERM"); // in the same tick: not one of the connections has been accepted yet
    const answers = await Promise.all(replies);
    expect(answers.filter((a) => a.startsWith("HTTP/1.1 200"))).toHaveLength(20);
    expect(await handle.shutdown("SIGTERM")).toBe(0);
    expect(server.listening).toBe(false);
    expect(await rawGet(port)).toBe("ECONNREFUSED"); // and nothing new afterwards
    expect(http.Server.prototype.close).toBe(originalClose);
    handle.uninstall();
  });

  it("P24: keep-alive clients do not hold the shutdown up: new answers say Connection: close, kept-alive connections close soon after", async () => {
    const server = http.createServer((_req, res) => setTimeout(() => res.end("ok"), 100));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const ask = () =>
      new Promise<string>((resolve) => {
        http
          .get({ port, host: "127.0.0.1", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(`${res.statusCode} ${res.headers.connection}`));
          })
          .on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
    expect(await ask()).toBe("200 keep-alive");
    const proc = new FakeProcess();
    let closedAt = 0;
    proc.on("SIGTERM", () =>
      server.close(() => {
        closedAt = Date.now();
        proc.exit(143);
      }),
    );
    const handle = install(proc, [], { acceptGraceMs: 20 });
    const inFlight = ask(); // started before the signal: keeps its keep-alive answer
    await settle(20);
    const started = Date.now();
    proc.signal("SIGTERM");
    const during = ask(); // on the second kept-alive socket or a new one, during the grace
    expect(await inFlight).toBe("200 keep-alive");
    expect(await during).toBe("200 close");
    expect(await handle.shutdown("SIGTERM")).toBe(0);
    expect(closedAt - started).toBeLessThan(3_000); // not the 5 s keep-alive timeout
    agent.destroy();
    handle.uninstall();
  });

  it("P24: an answer that has ended but is still being sent is not cut off when the server closes", async () => {
    const big = "x".repeat(4 * 1024 * 1024);
    const proc = new FakeProcess();
    const server = http.createServer((_req, res) => {
      res.end(big);
      setImmediate(() => proc.signal("SIGTERM")); // the response is finished, most of it still in the socket's buffer
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    proc.on("SIGTERM", () => server.close(() => proc.exit(143)));
    const handle = install(proc, [], { acceptGraceMs: 20 });
    const received = await new Promise<number>((resolve) => {
      let bytes = 0;
      const socket = net.connect({ port, host: "127.0.0.1" }, () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      socket.pause(); // a slow reader
      setTimeout(() => socket.resume(), 300);
      socket.on("data", (chunk) => (bytes += chunk.length));
      socket.on("close", () => resolve(bytes));
    });
    expect(received).toBeGreaterThan(big.length); // status line, headers and the whole body
    expect(await handle.shutdown("SIGTERM")).toBe(0);
    handle.uninstall();
  });

  it("(what Node's server.close() alone does: the same requests are refused)", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const replies = Array.from({ length: 5 }, () => rawGet(port));
    server.close();
    const answers = await Promise.all(replies);
    expect(answers.filter((a) => a.startsWith("HTTP/1.1 200")).length).toBeLessThan(5);
  });

  /** A server whose handler keeps the event loop busy, like Next.js rendering under load; resolves once `n` are accepted. */
  async function busyServer(n: number) {
    const server = http.createServer((_req, res) => {
      const until = Date.now() + 25;
      while (Date.now() < until); // synchronous work
      setTimeout(() => res.end("ok"), 10);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    let accepted = 0;
    server.on("connection", () => accepted++);
    const replies = Array.from({ length: n }, () => rawGet(port));
    while (accepted === 0) await settle(1); // Node accepts one per turn of the loop: the rest wait in the accept queue
    return { server, replies, port };
  }

  it("P24: connections a busy server has not accepted yet when the signal comes are answered, not reset", async () => {
    const { server, replies, port } = await busyServer(20);
    expect(acceptQueueLength(port)).toBeGreaterThan(0);
    const proc = new FakeProcess();
    proc.on("SIGTERM", () => server.close(() => proc.exit(143)));
    const handle = install(proc, [], { acceptGraceMs: 0 });
    proc.signal("SIGTERM");
    const answers = await Promise.all(replies);
    expect(answers.filter((a) => a.startsWith("HTTP/1.1 200"))).toHaveLength(20);
    expect(await handle.shutdown("SIGTERM")).toBe(0);
    handle.uninstall();
  });

  it("(what Node's server.close() alone does to them: resets them)", async () => {
    const { server, replies } = await busyServer(20);
    server.close();
    const answers = await Promise.all(replies);
    expect(answers.filter((a) => a.startsWith("HTTP/1.1 200")).length).toBeLessThan(20);
  });

  it("reads the accept queue of a listening port from /proc/net/tcp and tcp6", () => {
    const tcp = [
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
      "   0: 0100007F:0D48 00000000:0000 0A 00000000:00000007 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0",
      "   1: 0100007F:0D48 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0 20 4 30 10 -1",
    ].join("\n");
    const tcp6 = "  sl  local_address ...\n   0: 00000000000000000000000000000000:0D48 00000000000000000000000000000000:0000 0A 00000000:00000002 00:0 0 0";
    const files: Record<string, string> = { "/proc/net/tcp": tcp, "/proc/net/tcp6": tcp6 };
    expect(acceptQueueLength(3400, (f) => files[f]!)).toBe(9);
    expect(acceptQueueLength(3401, (f) => files[f]!)).toBeNull();
    expect(acceptQueueLength(3400, () => {
      throw new Error("no /proc");
    })).toBeNull();
  });

  it("restores process.exit before exiting and keeps a specific exit code asked for meanwhile", async () => {
    const proc = new FakeProcess();
    const events: string[] = [];
    const original = proc.exit;
    proc.on("SIGTERM", () => setTimeout(() => proc.exit(3), 10)); // e.g. start-up failing during the drain
    const handle = install(proc, events);
    proc.signal("SIGTERM");
    expect(await handle.shutdown("SIGTERM")).toBe(3);
    expect(proc.exit).toBe(original);
    expect(proc.exits).toEqual([3]);
    handle.uninstall();
  });

  it("a second installation replaces the first; uninstall removes the listeners", () => {
    const proc = new FakeProcess();
    const first = install(proc, []);
    expect(proc.listenerCount("SIGTERM")).toBe(1);
    const second = install(proc, []);
    expect(proc.listenerCount("SIGTERM")).toBe(1);
    expect(proc.listenerCount("SIGINT")).toBe(1);
    second.uninstall();
    first.uninstall();
    expect(proc.listenerCount("SIGTERM")).toBe(0);
  });
});

describe("one process per PGlite data directory, and a clean restart (P22, P24)", () => {
  // A real server-like child: opens PGlite through lib/db (taking the lock), closes it on SIGTERM and exits 0.
  const CHILD = `
    const lib = await import(${JSON.stringify(path.resolve("lib/db/index.ts"))});
    const { prepareDatabase, closeDatabase, db } = lib.prepareDatabase ? lib : lib.default;
    const { sql } = await import("drizzle-orm");
    await prepareDatabase({ migrate: false, seedDemo: false });
    await (await db()).execute(sql\`create table p24_probe (value text)\`);
    await (await db()).execute(sql\`insert into p24_probe values ('kept')\`);
    process.on("SIGTERM", async () => { await closeDatabase({ final: true }); process.exit(0); });
    console.log("ready");
    setInterval(() => {}, 1000);
  `;
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-p22-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("P22: a second opener of a live server's data directory is refused; P24: after SIGTERM it exits 0 and the data opens at once", async () => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", CHILD], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited ${code} before it was ready`)));
    });
    try {
      reloadConfigForTests({ ...process.env, DATA_DIR: dir, DATABASE_URL: undefined });
      await expect(prepareDatabase({ migrate: false, seedDemo: false })).rejects.toThrow(`in use by process ${child.pid}`);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(fs.existsSync(lockFilePath(dir))).toBe(false); // released on exit
    const started = Date.now();
    const handle = await prepareDatabase({ migrate: false, seedDemo: false });
    try {
      const rows = await handle.db.execute(sql`select value from p24_probe`);
      expect(JSON.stringify(rows)).toContain("kept");
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await closeDatabase();
      reloadConfigForTests();
    }
  }, 90_000);
});
