import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { insertJob as enqueue, jobBackoffMs, type JobContext, MAX_JOB_ATTEMPTS, runDueJobs } from "./queue";
import { startJobWorker, stopJobWorker } from "./worker";

process.env.LOG_LEVEL = "silent";

const jobRow = async (dedupeKey: string) => (await (await db()).select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)))[0]!;

describeOnEachEngine("jobs: the queue", () => {
  it("queues a key once, runs due jobs once each, even with two runners at once", async () => {
    const database = await db();
    const seen: number[] = [];
    for (let i = 0; i < 7; i++) expect(await enqueue(database, { kind: "count", dedupeKey: `count:${i}`, payload: { i } })).toBe(true);
    expect(await enqueue(database, { kind: "count", dedupeKey: "count:0", payload: { i: 99 } })).toBe(false);
    // not yet due
    await enqueue(database, { kind: "count", dedupeKey: "count:later", payload: { i: 100 }, runAfter: new Date(Date.now() + 3_600_000) });

    const handlers = { count: async (p: Record<string, unknown>) => void seen.push(Number(p.i)) };
    const [a, b] = await Promise.all([runDueJobs(handlers, { limit: 4 }), runDueJobs(handlers, { limit: 4 })]);
    expect(a.claimed + b.claimed).toBe(7);
    expect(a.done + b.done).toBe(7);
    expect(seen.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect((await runDueJobs(handlers)).claimed).toBe(0);
    expect((await jobRow("count:3")).doneAt).not.toBeNull();
    expect((await jobRow("count:3")).attempts).toBe(1);
    expect((await jobRow("count:later")).doneAt).toBeNull();
    expect((await runDueJobs(handlers, { now: new Date(Date.now() + 3_700_000) })).done).toBe(1);
  });

  it("a job queued within the millisecond of `now` is due (the database keeps microseconds, a Date milliseconds)", async () => {
    const database = await db();
    const now = new Date();
    await database.insert(jobs).values({ kind: "count", dedupeKey: "count:same-ms", payload: { i: 1 }, runAfter: sql`${now.toISOString()}::timestamptz + interval '500 microseconds'` });
    await database.insert(jobs).values({ kind: "count", dedupeKey: "count:next-ms", payload: { i: 2 }, runAfter: new Date(now.getTime() + 1) });
    const seen: number[] = [];
    expect(await runDueJobs({ count: async (p) => void seen.push(Number(p.i)) }, { now })).toMatchObject({ claimed: 1, done: 1 });
    expect(seen).toEqual([1]);
    await database.update(jobs).set({ doneAt: new Date() }).where(eq(jobs.dedupeKey, "count:next-ms")); // out of the later tests' way
  });

  it("retries a failing job with backoff, records the error, and gives up after MAX_JOB_ATTEMPTS", async () => {
    const database = await db();
    await database.transaction((tx) => enqueue(tx, { kind: "flaky", dedupeKey: "flaky:1", payload: {} }));
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls++;
        if (calls < 3) throw new Error(`失败 ${calls}`);
      },
    };
    const t0 = new Date(Date.now() + 10_000);
    expect(await runDueJobs(handlers, { now: t0 })).toMatchObject({ claimed: 1, done: 0, failed: 1 });
    let row = await jobRow("flaky:1");
    expect(row).toMatchObject({ attempts: 1, lastError: "失败 1", doneAt: null });
    expect(row.runAfter.getTime()).toBe(t0.getTime() + jobBackoffMs(1));
    // not again before the backoff has passed
    expect((await runDueJobs(handlers, { now: new Date(t0.getTime() + jobBackoffMs(1) - 1) })).claimed).toBe(0);
    const t1 = new Date(t0.getTime() + jobBackoffMs(1));
    expect((await runDueJobs(handlers, { now: t1 })).failed).toBe(1);
    row = await jobRow("flaky:1");
    expect(row.runAfter.getTime()).toBe(t1.getTime() + jobBackoffMs(2));
    expect(jobBackoffMs(2)).toBe(2 * jobBackoffMs(1));
    expect((await runDueJobs(handlers, { now: row.runAfter })).done).toBe(1);
    row = await jobRow("flaky:1");
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(row.doneAt).not.toBeNull();

    await enqueue(database, { kind: "unknown-kind", dedupeKey: "unknown:1", payload: {} });
    await database.update(jobs).set({ attempts: MAX_JOB_ATTEMPTS - 1 }).where(eq(jobs.dedupeKey, "unknown:1"));
    expect((await runDueJobs(handlers)).failed).toBe(1);
    row = await jobRow("unknown:1");
    expect(row).toMatchObject({ attempts: MAX_JOB_ATTEMPTS, doneAt: null });
    expect(row.lastError).toContain("no handler");
    expect((await runDueJobs(handlers, { now: new Date(Date.now() + 86_400_000) })).claimed).toBe(0);
  });

  it("runs the worker in the background until stopped", async () => {
    const database = await db();
    const done: string[] = [];
    await enqueue(database, { kind: "bg", dedupeKey: "bg:1", payload: { k: "a" } });
    const stop = startJobWorker({ intervalMs: 20, handlers: { bg: async (p) => void done.push(String(p.k)) } });
    for (let i = 0; i < 100 && done.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(done).toEqual(["a"]);
    await stopJobWorker(); // idempotent
  });

  it("a long handler that renews its lease keeps the job from another runner", async () => {
    const database = await db();
    // claimed four minutes ago: without a renewal its lease would end a minute from now
    const claimedAt = new Date(Date.now() - 4 * 60_000);
    await enqueue(database, { kind: "long", dedupeKey: "long:1", payload: {}, runAfter: claimedAt });
    const seenByOther: number[] = [];
    const handlers = {
      long: async (_p: Record<string, unknown>, ctx: JobContext) => {
        await ctx.renewLease!();
        const other = await runDueJobs({ long: async () => void seenByOther.push(1) }, { now: new Date(Date.now() + 2 * 60_000) });
        seenByOther.push(other.claimed * 10);
      },
    };
    expect((await runDueJobs(handlers, { now: claimedAt })).done).toBe(1);
    expect(seenByOther).toEqual([0]);
    expect((await jobRow("long:1")).attempts).toBe(1);
  });

  it("stopping the worker aborts a running handler, which is retried later rather than marked done", async () => {
    const database = await db();
    await enqueue(database, { kind: "endless", dedupeKey: "endless:1", payload: {} });
    let started = false;
    const stop = startJobWorker({
      intervalMs: 20,
      handlers: {
        endless: (_p, ctx) =>
          new Promise<void>((_resolve, reject) => {
            started = true;
            ctx.signal!.addEventListener("abort", () => reject(ctx.signal!.reason as Error));
          }),
      },
    });
    for (let i = 0; i < 100 && !started; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    const row = await jobRow("endless:1");
    expect(row).toMatchObject({ doneAt: null, attempts: 1, lastError: "the job worker is stopping" });
  });
});
