import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { parseConfig } from "@/lib/config";
import { openDatabase, setQueryGuard, type DatabaseHandle } from "@/lib/db/client";
import { errorStatus } from "@/lib/domain/request-cancelled";
import {
  ANSWER_AFTER_CANCEL_MS,
  beginStopping,
  configureRequestDeadlines,
  currentSignal,
  installRequestDeadlines,
  REQUEST_CANCELLED_DIGEST,
  REQUEST_CANCELLED_MESSAGE,
  RequestCancelledError,
  requestsInFlight,
  resetRequestDeadlinesForTests,
  throwIfCancelled,
} from "./request-deadline";
import { outsideRequest, rememberStartupContext } from "./startup-context";

const DEADLINE_MS = 400;
const GRACE_MS = 250;
const PORT = 3751; // this helper's range (3750–3759)

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A stand-in for Next.js's handling: the handler's error becomes an error page with status 500, as Next renders it. */
function nextLike(work: (req: http.IncomingMessage) => Promise<string>): Handler {
  return (req, res) => {
    work(req).then(
      (body) => {
        res.statusCode = 200;
        res.setHeader("Content-Type", "text/html");
        res.end(body);
      },
      (err: Error & { digest?: string }) => {
        res.statusCode = 500;
        res.setHeader("Content-Type", req.url?.startsWith("/api/") ? "text/plain" : "text/html");
        res.end(`error page, digest ${err.digest ?? "none"}`);
      },
    );
  };
}

let server: http.Server;
let handler: Handler = () => {};
let handle: DatabaseHandle;
let logs: string[] = [];
let uninstall: () => void;

async function request(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, path, agent: false, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, ms: Date.now() - started }));
      })
      .on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
  await handle.db.execute(sql`create table steps (n integer)`);
  setQueryGuard(throwIfCancelled);
  uninstall = installRequestDeadlines({ deadlineMs: DEADLINE_MS, graceMs: GRACE_MS, log: (m) => logs.push(m) });
  server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
}, 30_000);

afterAll(async () => {
  uninstall();
  setQueryGuard(null);
  await new Promise((resolve) => server.close(resolve));
  await handle.close();
});

beforeEach(async () => {
  resetRequestDeadlinesForTests();
  configureRequestDeadlines({ deadlineMs: DEADLINE_MS, graceMs: GRACE_MS, log: (m) => logs.push(m) });
  logs = [];
  await handle.db.execute(sql`delete from steps`);
});

/** Work like the loss tracker's: one query after another, far longer than the deadline when left alone. */
async function manyQueries(): Promise<string> {
  for (let i = 0; i < 10_000; i++) {
    await handle.db.execute(sql`insert into steps values (${i})`);
    await sleep(5);
  }
  return "done";
}

async function stepsWritten(): Promise<number> {
  const result = (await handle.db.execute(sql`select count(*)::int as count from steps`)) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
}

describe("request deadlines", () => {
  it("cancel a page's work past its deadline: no further query, the page answers 503, the log names the request", async () => {
    handler = nextLike(manyQueries);
    const answer = await request("/loss-tracker?x=1");
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain("503 服务暂时不可用"); // not the app's error render, which would say 500
    expect(answer.body).toContain(REQUEST_CANCELLED_MESSAGE);
    expect(answer.body).not.toContain("error page");
    expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 20);
    expect(answer.ms).toBeLessThan(DEADLINE_MS + 1_000);
    const written = await stepsWritten();
    expect(written).toBeGreaterThan(0);
    await sleep(200);
    expect(await stepsWritten()).toBe(written); // nothing issued after the cancellation
    expect(logs).toEqual([expect.stringMatching(/^✖ request cancelled: GET \/loss-tracker after 0\.\d s — past its deadline of 0\.4 s \(REQUEST_DEADLINE_SECONDS\)$/)]);
    expect(requestsInFlight()).toBe(0);
  });

  it("a client navigation keeps Next's payload, whose error boundary shows the 503 screen for the digest, as 503", async () => {
    handler = nextLike(manyQueries);
    const answer = await request("/god", { rsc: "1" });
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(answer.body).toBe(`error page, digest ${REQUEST_CANCELLED_DIGEST}`);
  });

  it("an API's failure after the cancellation is answered 503 in JSON", async () => {
    handler = nextLike(manyQueries);
    const answer = await request("/api/masters");
    expect(answer.status).toBe(503);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_CANCELLED_MESSAGE });
    expect(logs[0]).toContain("GET /api/masters");
  });

  it("work that waits on something else than a query is answered 503 by the deadline itself; what it writes later goes nowhere", async () => {
    let lateWrite: Promise<void> | null = null;
    handler = (req, res) => {
      lateWrite = sleep(DEADLINE_MS + ANSWER_AFTER_CANCEL_MS + 200).then(() => {
        res.setHeader("X-Late", "1");
        res.statusCode = 200;
        res.end("too late");
      });
    };
    const answer = await request("/god");
    expect(answer.status).toBe(503);
    expect(answer.body).toContain("503 服务暂时不可用");
    expect(answer.body).toContain(REQUEST_CANCELLED_MESSAGE);
    expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_MS + ANSWER_AFTER_CANCEL_MS - 20);
    await expect(lateWrite).resolves.toBeUndefined(); // no ERR_HTTP_HEADERS_SENT, no write after end
  });

  it("a loop checks the signal between steps", async () => {
    let steps = 0;
    handler = nextLike(async () => {
      for (;;) {
        throwIfCancelled();
        steps++;
        await sleep(10);
      }
    });
    const answer = await request("/analysis/1");
    expect(answer.status).toBe(503);
    const seen = steps;
    await sleep(100);
    expect(steps).toBe(seen);
  });

  it("a request answered in time is not cancelled and leaves nothing behind", async () => {
    handler = nextLike(async () => {
      await handle.db.execute(sql`insert into steps values (1)`);
      return "ok";
    });
    const answer = await request("/");
    expect(answer).toMatchObject({ status: 200, body: "ok" });
    await sleep(DEADLINE_MS + 100);
    expect(logs).toEqual([]);
    expect(requestsInFlight()).toBe(0);
  });

  it("a transaction cancelled half-way leaves nothing (PGlite rolls back itself; PostgreSQL below)", async () => {
    handler = nextLike(() =>
      handle.db.transaction(async (tx) => {
        for (let i = 0; i < 10_000; i++) {
          await tx.execute(sql`insert into steps values (${i})`);
          await sleep(5);
        }
        return "committed";
      }),
    );
    const answer = await request("/publish");
    expect(answer.status).toBe(503);
    expect(await stepsWritten()).toBe(0);
  });

  it("shared work a request started (outsideRequest) is not cancelled by its deadline, and stops at the shutdown", async () => {
    rememberStartupContext();
    let shared: Promise<number> | null = null;
    handler = nextLike(async () => {
      shared = outsideRequest(async () => {
        let n = 0;
        for (;;) {
          await handle.db.execute(sql`insert into steps values (${n})`);
          n++;
          await sleep(10);
          if (n === 10_000) return n;
        }
      });
      await shared;
      return "never";
    });
    const answer = await request("/rank");
    expect(answer.status).toBe(503);
    const written = await stepsWritten();
    await sleep(150);
    expect(await stepsWritten()).toBeGreaterThan(written); // the request is gone, the shared work goes on
    const stopped = Date.now();
    let graceEnded = 0;
    beginStopping({ whenGraceEnds: () => (graceEnded = Date.now()) });
    await expect(shared).rejects.toBeInstanceOf(RequestCancelledError);
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(GRACE_MS - 20);
    expect(graceEnded - stopped).toBeGreaterThanOrEqual(GRACE_MS - 20); // the server then cancels the statements still running
    expect(logs.at(-1)).toBe("✖ work outside requests cancelled: the server is stopping");
  });

  it("the stop shortens every deadline to its grace, for requests in flight and for those still taken in", async () => {
    configureRequestDeadlines({ deadlineMs: 5_000, graceMs: GRACE_MS, log: (m) => logs.push(m) });
    handler = nextLike(manyQueries);
    const inFlight = request("/loss-tracker");
    await sleep(100);
    const stopped = Date.now();
    beginStopping();
    const during = request("/god");
    const [a, b] = await Promise.all([inFlight, during]);
    expect([a.status, b.status]).toEqual([503, 503]);
    expect(Date.now() - stopped).toBeLessThan(GRACE_MS + 500);
    const cancelled = logs.filter((line) => line.includes("request cancelled"));
    expect(cancelled).toHaveLength(2);
    for (const line of cancelled) expect(line).toMatch(/^✖ request cancelled: GET \/(loss-tracker|god) after \d\.\d s — the server is stopping \(requests get 0\.25 s to finish\)$/);
  });

  it("outside any request, work is stopped only by the shutdown", async () => {
    expect(currentSignal().aborted).toBe(false);
    expect(() => throwIfCancelled()).not.toThrow();
    beginStopping();
    await sleep(GRACE_MS + 50);
    expect(() => throwIfCancelled()).toThrow(RequestCancelledError);
    await expect(handle.db.execute(sql`select 1`)).rejects.toBeInstanceOf(RequestCancelledError);
  });
});

describe("the error screen's status", () => {
  it("is 503 for a cancelled request's digest, its own status when it has one, else 500", () => {
    expect(errorStatus({ digest: REQUEST_CANCELLED_DIGEST })).toBe(503);
    expect(errorStatus({ digest: "12345" })).toBe(500);
    expect(errorStatus({ statusCode: 404 })).toBe(404);
    expect(errorStatus(new RequestCancelledError("GET /", "deadline"))).toBe(503);
  });
});

describe("REQUEST_DEADLINE_SECONDS", () => {
  it("defaults to 10 s and takes whole seconds from 1 to 20, below the 25 s a stop waits for requests", () => {
    expect(parseConfig({}).requestDeadlineMs).toBe(10_000);
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (seconds) => {
        const parse = () => parseConfig({ REQUEST_DEADLINE_SECONDS: String(seconds) });
        if (seconds >= 1 && seconds <= 20) expect(parse().requestDeadlineMs).toBe(seconds * 1000);
        else expect(parse).toThrow(/REQUEST_DEADLINE_SECONDS/);
      }),
    );
    expect(() => parseConfig({ REQUEST_DEADLINE_SECONDS: "2.5" })).toThrow(/REQUEST_DEADLINE_SECONDS/);
  });
});

const postgresUrl = parseConfig(process.env).testDatabaseUrl;
(postgresUrl ? describe : describe.skip)("PostgreSQL: the one statement running", () => {
  it("ends at the server's statement timeout (the request deadline)", async () => {
    const pg = await openDatabase({ databaseUrl: postgresUrl!, dataDir: "", statementTimeoutMs: 300 });
    try {
      const started = Date.now();
      // drizzle wraps the driver's error as its cause
      await expect(pg.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/statement timeout/) } });
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect(pg.db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await pg.close();
    }
  });

  it("a transaction whose next statement is refused by the guard is rolled back: its connection goes back to the pool clean", async () => {
    const pg = await openDatabase({ databaseUrl: postgresUrl!, dataDir: "" });
    const table = `deadline_steps_${process.pid}`;
    let refuse = false;
    setQueryGuard(() => {
      if (refuse) throw new RequestCancelledError("POST /publish", "deadline");
    });
    try {
      await pg.db.execute(sql.raw(`create table ${table} (n integer)`));
      await expect(
        pg.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`insert into ${table} values (1)`));
          refuse = true;
          await tx.execute(sql.raw(`insert into ${table} values (2)`));
        }),
      ).rejects.toBeInstanceOf(RequestCancelledError);
      refuse = false;
      // the pool has one connection (all statements so far ran one at a time) and hands it out again: left inside the
      // transaction it would see the first row
      const rows = await pg.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      setQueryGuard(throwIfCancelled);
      await pg.db.execute(sql.raw(`drop table if exists ${table}`));
      await pg.close();
    }
  });

  it("is cancelled at the stop's end of grace: cancelRunning cancels this pool's statements and no one else's", async () => {
    const pg = await openDatabase({ databaseUrl: postgresUrl!, dataDir: "" });
    const other = await openDatabase({ databaseUrl: postgresUrl!, dataDir: "" });
    try {
      const started = Date.now();
      // a drizzle query runs each time it is awaited: started once here
      const mine = (async () => pg.db.execute(sql`select pg_sleep(5)`))();
      const theirs = (async () => other.db.execute(sql`select pg_sleep(1.5)`))();
      mine.catch(() => {});
      await sleep(300);
      expect(await pg.cancelRunning()).toBe(1);
      await expect(mine).rejects.toMatchObject({ cause: { message: expect.stringMatching(/canceling statement due to user request/) } });
      expect(Date.now() - started).toBeLessThan(1_500);
      await expect(theirs).resolves.toBeDefined(); // another pool's statement ran to its end
      expect(await pg.cancelRunning()).toBe(0);
    } finally {
      await Promise.all([pg.close(), other.close()]);
    }
  });
});

it("PGlite has nothing to cancel: one statement at a time, in this process", async () => {
  expect(await handle.cancelRunning()).toBe(0);
});
