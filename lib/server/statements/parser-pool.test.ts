import fc from "fast-check";
import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { readStatement } from "@/lib/domain/statements/import";
import { largeStatement, THS_HEADER, trade, table, utf8 } from "@/lib/domain/statements/import/test-helpers";
import { StatementRejected } from "@/lib/domain/statements/types";
import { ParserBusy, StatementParserPool, type ParserLimits } from "./parser-pool";

process.env.LOG_LEVEL = "silent";

/** 150,000 rows, ≈ 15 MB: reading and analysing it takes seconds of a thread's time on any machine. */
const LARGE = largeStatement(150_000);
const SMALL = utf8(table(THS_HEADER, [trade("buy", "2024-01-02", "600519", 100, 1700), trade("sell", "2024-01-05", "600519", 100, 1750)]));
const NO_MARKET = async () => ({ tradingDays: [], bars: new Map() });

const pools: StatementParserPool[] = [];
function poolWith(limits: Partial<ParserLimits> = {}): StatementParserPool {
  const pool = new StatementParserPool({ threads: 1, queue: 4, timeLimitMs: 120_000, memoryMb: 512, idleTimeoutMs: 60_000, ...limits });
  pools.push(pool);
  return pool;
}
afterAll(() => Promise.all(pools.map((p) => p.destroy())));

/** What readStatement does on this thread, as plain data: the report, or the rejection's fields. */
function readHere(bytes: Uint8Array, name: string) {
  try {
    return { report: readStatement(bytes, name) };
  } catch (err) {
    if (!(err instanceof StatementRejected)) throw err;
    return { rejected: { code: err.code, message: err.message, detail: err.detail } };
  }
}

async function readInPool(pool: StatementParserPool, bytes: Uint8Array, name: string) {
  try {
    return { report: await pool.read(bytes, name) };
  } catch (err) {
    if (!(err instanceof StatementRejected)) throw err;
    return { rejected: { code: err.code, message: err.message, detail: err.detail } };
  }
}

/** Runs `work` while a timer ticks every 5 ms on this thread; returns its result, the ticks and the longest gap. */
async function whileTicking<T>(work: () => Promise<T>) {
  let ticks = 0;
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks += 1;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    longestGap = Math.max(longestGap, performance.now() - last);
    return { result, ticks, longestGap, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe("the statement parser's thread pool", () => {
  it("reads in a thread exactly what readStatement reads here, rejections included (random files, every broker's fixture)", async () => {
    const pool = poolWith();
    const cell = fc.oneof(fc.constantFrom("", "证券买入", "证券卖出", "银行转证券", "600519", "20240102", "1,000.00", "-5.00"), fc.string({ maxLength: 10 }));
    const rows = fc.array(fc.array(cell, { minLength: 3, maxLength: THS_HEADER.length }), { maxLength: 12 });
    const file = fc.oneof(
      rows.map((r) => utf8([THS_HEADER.join("\t"), ...r.map((cells) => cells.join("\t"))].join("\n"))),
      fc.uint8Array({ maxLength: 400 }),
    );
    await fc.assert(
      fc.asyncProperty(file, async (bytes) => {
        expect(await readInPool(pool, bytes, "fuzz.txt")).toEqual(readHere(bytes, "fuzz.txt"));
      }),
      { numRuns: 60 },
    );
    for (const fixture of buildFixtures()) expect(await readInPool(pool, fixture.bytes, fixture.name)).toEqual(readHere(fixture.bytes, fixture.name));
  }, 180_000);

  it("reads and analyses a large file off this thread: the event loop here keeps turning meanwhile", async () => {
    const pool = poolWith();
    await pool.read(SMALL, "warm-up.txt"); // the thread's start is not what is measured
    const { result, ticks, longestGap, ms } = await whileTicking(() => pool.preview(LARGE, "large.txt", NO_MARKET));
    expect(result).toMatchObject({ fileName: "large.txt", fills: 150_000, roundTripTotal: 75_000 });
    // Read on this thread, the timer could not fire while the file was read: one gap as long as the whole read.
    expect(ticks).toBeGreaterThanOrEqual(20);
    expect(longestGap).toBeLessThan(ms / 4);
  }, 180_000);

  it("moves a file that is a view of its multipart body to the thread without copying it, and reads the view alone", async () => {
    const pool = poolWith();
    const body = new Uint8Array(SMALL.byteLength + 300);
    body.fill(0x2d);
    body.set(SMALL, 200);
    const file = body.subarray(200, 200 + SMALL.byteLength);
    const expected = readHere(SMALL, "view.txt");
    expect(await readInPool(pool, file, "view.txt")).toEqual(expected);
    expect(file.byteLength).toBe(SMALL.byteLength); // read without handing over: still here
    const preview = await pool.preview(file, "view.txt", NO_MARKET, { handOver: true });
    expect(preview).toMatchObject({ fileName: "view.txt", fills: 2 });
    expect(body.buffer.byteLength).toBe(0); // moved, not copied: the body's buffer is detached here
  }, 60_000);

  it("terminates a parse at its time limit and refuses the file as too complex; the next file gets a fresh thread", async () => {
    // the limit is far below what the large file takes (seconds) and above what a cold thread takes for the small one:
    // at 50 ms the warm-up itself was cut off once on a loaded 2-core machine (its first parse compiles the reader)
    const pool = poolWith({ timeLimitMs: 400 });
    await pool.read(SMALL, "warm-up.txt");
    const refused = await pool.preview(LARGE, "large.txt", NO_MARKET).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StatementRejected);
    expect(refused).toMatchObject({ code: "timeout", message: expect.stringContaining("文件过大或过于复杂") });
    expect((refused as StatementRejected).detail).toMatch(/exceeded 400 ms in worker thread \d+; the thread was terminated/);
    expect(pool.threads).toBe(0);
    expect(pool.pending).toBe(0);
    expect((await pool.read(SMALL, "after.txt")).fills).toHaveLength(2);
  }, 180_000);

  it("ends a parse that needs more heap than its limit and refuses the file", async () => {
    const pool = poolWith({ memoryMb: 48 });
    expect((await pool.read(SMALL, "small.txt")).fills).toHaveLength(2); // the thread itself fits
    const refused = await pool.read(LARGE, "large.txt").then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StatementRejected);
    expect(refused).toMatchObject({ code: "out_of_memory", message: expect.stringContaining("文件过大或过于复杂") });
    expect((refused as StatementRejected).detail).toContain("more than 48 MB of heap");
    expect((await pool.read(SMALL, "after.txt")).fills).toHaveLength(2);
  }, 180_000);

  it("reads at most `threads` files at once, lets `queue` more wait and refuses the next at once with a retry time", async () => {
    const pool = poolWith({ threads: 1, queue: 1, timeLimitMs: 90_000 });
    expect(pool.refusal()).toBeNull();
    const first = pool.read(LARGE, "first.txt");
    const second = pool.read(SMALL, "second.txt");
    expect(pool.pending).toBe(2);
    const busy = pool.refusal();
    expect(busy).toBeInstanceOf(ParserBusy);
    expect(busy).toMatchObject({ retryAfterSeconds: 90, message: "正在读取的交割单较多，请 90 秒后重试" });
    await expect(pool.read(SMALL, "third.txt")).rejects.toBeInstanceOf(ParserBusy);
    expect((await first).fills).toHaveLength(150_000);
    expect((await second).fills).toHaveLength(2);
    expect(pool.pending).toBe(0);
    expect((await pool.read(SMALL, "fourth.txt")).fills).toHaveLength(2);
  }, 180_000);

  it("stops a parse whose caller gave up: a waiting file leaves the queue, a running one its thread", async () => {
    const pool = poolWith({ threads: 1, queue: 1 });
    await pool.read(SMALL, "warm-up.txt");
    const running = new AbortController();
    const waiting = new AbortController();
    const first = pool.preview(LARGE, "running.txt", NO_MARKET, { signal: running.signal });
    const second = pool.read(LARGE, "waiting.txt", { signal: waiting.signal });
    waiting.abort(new Error("client gone (waiting)"));
    await expect(second).rejects.toThrow("client gone (waiting)");
    running.abort(new Error("client gone (running)"));
    await expect(first).rejects.toThrow("client gone (running)");
    expect(pool.pending).toBe(0);
    expect((await pool.read(SMALL, "after.txt")).fills).toHaveLength(2);
  }, 180_000);

  it("ends its threads when destroyed (graceful shutdown): the files in flight are not left waiting", async () => {
    const pool = poolWith({ threads: 1, queue: 2 });
    await pool.read(SMALL, "warm-up.txt");
    expect(pool.threads).toBe(1);
    const inFlight = [pool.read(LARGE, "a.txt"), pool.read(LARGE, "b.txt")].map((p) => p.then(() => "read", () => "refused"));
    await pool.destroy();
    expect(await Promise.all(inFlight)).toEqual(["refused", "refused"]);
    expect(pool.threads).toBe(0);
    expect(pool.pending).toBe(0);
  }, 180_000);
});
