import { describeOnEachEngine } from "@/lib/db/test-support";
import { largeStatement, THS_HEADER, table, trade, utf8 } from "@/lib/domain/statements/import/test-helpers";
import { databaseIsHealthy } from "@/lib/server/health";
import { closeStatementParser } from "./parser-pool";
import { previewStatement } from "./preview";

process.env.LOG_LEVEL = "silent";

/** 150,000 rows: seconds of reading and analysis each, on any machine. */
const LARGE = largeStatement(150_000);
const SMALL = utf8(table(THS_HEADER, [trade("buy", "2024-01-02", "600519", 100, 1700), trade("sell", "2024-01-05", "600519", 100, 1750)]));

afterAll(() => closeStatementParser());

describeOnEachEngine("statement previews", () => {
  it("previews a file with the analysis a visitor sees, nothing stored; the bytes move to the thread, not copied", async () => {
    const bytes = SMALL.slice();
    const preview = await previewStatement(bytes, "small.txt");
    expect(bytes.byteLength).toBe(0);
    expect(preview).toMatchObject({ fileName: "small.txt", format: "ths", fills: 2, events: 0, skipped: [], roundTripTotal: 1 });
    expect(preview.roundTrips[0]).toMatchObject({ code: "600519", openDate: "2024-01-02", closeDate: "2024-01-05", quantity: 100 });
  }, 120_000);

  it("/api/health's check keeps answering while four large previews are read (the audit's finding)", async () => {
    await previewStatement(SMALL.slice(), "warm-up.txt"); // a thread's start is not what is measured
    const answers: { at: number; ok: boolean }[] = [];
    let reading = true;
    const probing = (async () => {
      while (reading) {
        answers.push({ ok: await databaseIsHealthy(), at: performance.now() });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const durations = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const preview = await previewStatement(LARGE.slice(), `large-${i}.txt`);
        expect(preview).toMatchObject({ fills: 150_000, roundTripTotal: 75_000 });
        return performance.now() - started;
      }),
    );
    reading = false;
    await probing;

    const during = answers.filter((a) => a.at >= started);
    expect(during.every((a) => a.ok)).toBe(true);
    expect(during.length).toBeGreaterThanOrEqual(20);
    // The longest wait between two answers, from the first preview sent to the last one answered. Read on this
    // thread, each file held every request for the whole of its reading: a gap of most of a preview's time.
    const times = [started, ...during.map((a) => a.at), started + Math.max(...durations)];
    const longestGap = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
    expect(longestGap).toBeLessThan(Math.min(...durations) / 4);
  }, 300_000);
});
