import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { defineJobKind } from "./kind";
import { runDueJobs } from "./queue";

process.env.LOG_LEVEL = "silent";

const seen: { n: number; note: string }[] = [];
const countJob = defineJobKind({
  name: "count-kind",
  payload: z.object({ n: z.int().positive(), note: z.string().default("") }),
  async handle(payload) {
    seen.push(payload);
  },
});
const handlers = { [countJob.name]: countJob.run };

describeOnEachEngine("jobs: kinds with a payload schema", () => {
  beforeEach(() => void (seen.length = 0)); // one list for both engines

  it("queues a payload its schema accepts, stored as parsed, and hands the handler the parsed payload", async () => {
    const database = await db();
    expect(await countJob.enqueue(database, { dedupeKey: "count-kind:1", payload: { n: 1 } })).toBe(true);
    expect(await countJob.enqueue(database, { dedupeKey: "count-kind:1", payload: { n: 2 } })).toBe(false);
    const [row] = await database.select().from(jobs).where(eq(jobs.dedupeKey, "count-kind:1"));
    expect(row).toMatchObject({ kind: "count-kind", payload: { n: 1, note: "" } });
    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    expect(seen).toEqual([{ n: 1, note: "" }]);
  });

  it("refuses to queue a payload its schema rejects", async () => {
    const database = await db();
    await expect(countJob.enqueue(database, { dedupeKey: "count-kind:bad", payload: { n: -1 } })).rejects.toThrow();
    expect(await database.select().from(jobs).where(eq(jobs.dedupeKey, "count-kind:bad"))).toHaveLength(0);
  });

  it("a stored payload that no longer parses fails the job with the reason, and the handler never sees it", async () => {
    const database = await db();
    await database.insert(jobs).values({ kind: "count-kind", dedupeKey: "count-kind:old", payload: { n: "one" } });
    expect(await runDueJobs(handlers)).toMatchObject({ done: 0, failed: 1 });
    const [row] = await database.select().from(jobs).where(eq(jobs.dedupeKey, "count-kind:old"));
    expect(row).toMatchObject({ doneAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/^invalid count-kind payload: .+ \(at n\)$/);
    expect(seen).toHaveLength(0);
  });
});
