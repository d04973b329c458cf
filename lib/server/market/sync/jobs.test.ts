import { randomUUID } from "node:crypto";
import { and, eq, isNull, like } from "drizzle-orm";
import { db } from "@/lib/db";
import { jobs, marketBars, marketSyncRuns } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { importStatement, publishMasterStatement, storeReport } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { saveOwnStatement } from "@/lib/server/statements/own";
import { closeStatementParser, statementParser } from "@/lib/server/statements/parser-pool";
import { ensureDailySync, MARKET_SYNC_KIND, marketSyncJobHandlers, syncableCodes } from "./jobs";
import { MemoryProvider } from "./memory-provider.test-support";
import { providerSwitch } from "./provider-env.test-support";
import { dailySyncKey } from "./schedule";

process.env.LOG_LEVEL = "silent";

const utf8 = (text: string) => new TextEncoder().encode(text);
const HEADER = "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税";
/** 贵州茅台 and 平安银行 (stocks), 沪深300ETF (a fund, synced too) — `n` makes each file new */
const statementCsv = (n: number) =>
  [
    HEADER,
    `20240102,09:35:0${n % 10},600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00`,
    "20240103,10:00:00,000001,平安银行,证券买入,1000,9.50,9500.00,-9505.00,5.00,0.00",
    "20240104,10:30:00,510300,沪深300ETF,证券买入,1000,3.50,3500.00,-3505.00,5.00,0.00",
  ].join("\n");

let files = 0;
const newMaster = async () => (await createMaster(OPERATOR, { name: `行情大神${randomUUID().slice(0, 6)}` })).guid;
const importDraft = async () => (await importStatement(OPERATOR, utf8(statementCsv(++files)), `交割单${files}.csv`, { kind: "master", masterGuid: await newMaster(), isPublic: false })).statementId;

const syncJobs = async () =>
  (await db()).select({ key: jobs.dedupeKey, payload: jobs.payload }).from(jobs).where(eq(jobs.kind, MARKET_SYNC_KIND)).orderBy(jobs.id);

const useProvider = providerSwitch();
afterAll(() => closeStatementParser());

describe("syncableCodes", () => {
  it("keeps A-share stocks and funds once each, sorted; drops 港股通, bonds, repo and malformed codes", () => {
    expect(
      syncableCodes([
        { code: "600519", market: "A" }, { code: "000001" }, { code: "600519", market: "A" }, { code: "00700", market: "HK" },
        { code: "510300", market: "A" }, { code: "113050" }, { code: "204001" }, { code: "300750" }, { code: "688981" }, { code: "920118" }, { code: "6005" },
        { code: "159659" }, { code: "519005" }, { code: "730001" },
      ]),
    ).toEqual(["000001", "159659", "300750", "510300", "600519", "688981", "920118"]);
  });
});

describeOnEachEngine("market sync jobs: importing and publishing a statement queue its stocks' sync", () => {
  beforeEach(() => useProvider("eastmoney"));

  it("queues nothing when no provider is configured", async () => {
    useProvider("none");
    const before = (await syncJobs()).length;
    const statementId = await importDraft();
    expect(await publishMasterStatement(OPERATOR, statementId)).toBe(true);
    const member = await userWithRole("member");
    await saveOwnStatement(member.viewer, utf8(statementCsv(++files)), "mine.csv", false);
    expect((await syncJobs()).length).toBe(before);
  });

  it("an import queues exactly one sync of its stocks; its publish one more; a second publish none", async () => {
    const before = (await syncJobs()).length;
    const statementId = await importDraft();
    let queued = (await syncJobs()).slice(before);
    expect(queued).toEqual([{ key: `market-sync:import:${statementId}`, payload: { trigger: "import", codes: ["000001", "510300", "600519"] } }]);

    expect(await publishMasterStatement(OPERATOR, statementId)).toBe(true);
    expect(await publishMasterStatement(OPERATOR, statementId)).toBe(false);
    queued = (await syncJobs()).slice(before);
    expect(queued.map((j) => j.key)).toEqual([`market-sync:import:${statementId}`, `market-sync:publish:${statementId}`]);
    expect(queued[1]!.payload).toEqual({ trigger: "publish", codes: ["000001", "510300", "600519"] });
  });

  it("a member's import queues one too; a demo statement and a refused file queue none", async () => {
    const member = await userWithRole("member");
    const before = (await syncJobs()).length;
    const { statementId } = await saveOwnStatement(member.viewer, utf8(statementCsv(++files)), "mine.csv", true);
    expect((await syncJobs()).slice(before)).toEqual([{ key: `market-sync:import:${statementId}`, payload: { trigger: "import", codes: ["000001", "510300", "600519"] } }]);

    // the same file again is refused: nothing stored, nothing queued
    await expect(saveOwnStatement(member.viewer, utf8(statementCsv(files)), "mine.csv", true)).rejects.toThrow("已经导入过");
    // the demo's statements trade stocks with 模拟行情
    const report = await statementParser().read(utf8(statementCsv(++files)), "demo.csv");
    await storeReport(report, { bytes: utf8(`demo-${files}`), fileName: "演示.csv" }, { kind: "master", masterGuid: await newMaster(), isPublic: true }, { source: "demo" });
    expect((await syncJobs()).length).toBe(before + 1);
  });
});

describeOnEachEngine("market sync jobs: the handlers run the real sync", () => {
  const provider = new MemoryProvider(50);
  const handlers = marketSyncJobHandlers({ provider });
  beforeAll(() => useProvider("eastmoney"));

  it("an import's job stores its stocks' bars and records the run; running it again asks for no bars", async () => {
    const statementId = await importDraft();
    const result = await runDueJobs(handlers);
    expect(result).toMatchObject({ done: 1, failed: 0 });
    const database = await db();
    const [run] = await database.select().from(marketSyncRuns).where(eq(marketSyncRuns.trigger, "import"));
    expect(run).toMatchObject({ status: "ok", codes: 3, failures: [] });
    const stored = await database.select({ code: marketBars.code }).from(marketBars).where(eq(marketBars.source, "tushare"));
    expect(new Set(stored.map((b) => b.code))).toEqual(new Set(["000001", "510300", "600519"]));
    // 120 trading days before the first fill (2024-01-02) are in
    const [first] = await database.select({ date: marketBars.tradeDate }).from(marketBars).where(eq(marketBars.code, "600519")).orderBy(marketBars.tradeDate).limit(1);
    expect(first!.date < "2023-07-15").toBe(true);
    expect(provider.requests.filter((r) => r.kind === "daily").flatMap((r) => r.codes).sort()).toEqual(["000001", "510300", "600519"]);

    // the job runs twice (a lease ran out, say): the second run finds every span fetched
    const dailyCalls = provider.requests.filter((r) => r.kind === "daily").length;
    await database.update(jobs).set({ doneAt: null, runAfter: new Date() }).where(eq(jobs.dedupeKey, `market-sync:import:${statementId}`));
    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    expect(provider.requests.filter((r) => r.kind === "daily").length).toBe(dailyCalls);
    expect((await database.select().from(marketSyncRuns).where(eq(marketSyncRuns.trigger, "import"))).length).toBe(2);
  });

  it("the daily job syncs every code with trigger daily, and queues the next trading day's first", async () => {
    const database = await db();
    // Thursday 2024-02-08 before the close: the next slot is that day, 16:00 Shanghai
    const thursday = new Date("2024-02-08T06:00:00Z");
    expect(await ensureDailySync(thursday)).toEqual({ date: "2024-02-08", runAfter: new Date("2024-02-08T08:00:00Z") });
    expect((await runDueJobs(handlers, { now: new Date("2024-02-08T07:59:59Z") })).claimed).toBe(0);
    const runsBefore = (await database.select().from(marketSyncRuns).where(eq(marketSyncRuns.trigger, "daily"))).length;
    expect(await runDueJobs(handlers, { now: new Date("2024-02-08T08:00:05Z") })).toMatchObject({ done: 1, failed: 0 });
    expect((await database.select().from(marketSyncRuns).where(eq(marketSyncRuns.trigger, "daily"))).length).toBe(runsBefore + 1);
    // across Spring Festival: the next is Monday 2024-02-19
    const [next] = await database.select().from(jobs).where(eq(jobs.dedupeKey, dailySyncKey("2024-02-19")));
    expect(next).toMatchObject({ kind: "market-daily", payload: { date: "2024-02-19" }, doneAt: null });
    expect(next!.runAfter.toISOString()).toBe("2024-02-19T08:00:00.000Z");
    expect(await database.select().from(jobs).where(and(like(jobs.dedupeKey, "market-daily:2024-02-1%"), eq(jobs.kind, "market-daily")))).toHaveLength(1);
  });

  it("a daily job for a day that proves to be a holiday runs no sync but keeps the chain going", async () => {
    const database = await db();
    await database.insert(jobs).values({ kind: "market-daily", dedupeKey: dailySyncKey("2024-02-09"), payload: { date: "2024-02-09" }, runAfter: new Date("2024-02-09T08:00:00Z") });
    const runsBefore = (await database.select().from(marketSyncRuns)).length;
    expect(await runDueJobs(handlers, { now: new Date("2024-02-09T08:00:01Z") })).toMatchObject({ done: 1, failed: 0 });
    expect((await database.select().from(marketSyncRuns)).length).toBe(runsBefore);
    expect(await database.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.dedupeKey, dailySyncKey("2024-02-19")))).toHaveLength(1);
  });

  it("a job whose provider was switched off since it was queued does nothing", async () => {
    await (await db()).update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt));
    await importDraft();
    useProvider("none");
    const runsBefore = (await (await db()).select().from(marketSyncRuns)).length;
    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    expect((await (await db()).select().from(marketSyncRuns)).length).toBe(runsBefore);
    useProvider("eastmoney");
  });

  it("a sync cut short by the worker stopping is retried later, not marked done", async () => {
    const database = await db();
    await database.update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt));
    const statementId = await importDraft();
    const stopping = new AbortController();
    stopping.abort(new Error("the job worker is stopping"));
    expect(await runDueJobs(handlers, { signal: stopping.signal })).toMatchObject({ done: 0, failed: 1 });
    const [row] = await database.select().from(jobs).where(eq(jobs.dedupeKey, `market-sync:import:${statementId}`));
    expect(row).toMatchObject({ doneAt: null, lastError: "market-sync interrupted: the job worker is stopping" });
    expect(await runDueJobs(handlers, { now: new Date(Date.now() + 3_600_000) })).toMatchObject({ done: 1, failed: 0 });
  });

  it("a malformed payload fails the job with the reason", async () => {
    const database = await db();
    await database.insert(jobs).values({ kind: MARKET_SYNC_KIND, dedupeKey: "market-sync:bad", payload: { trigger: "import", codes: ["6005; drop"] } });
    expect(await runDueJobs(handlers)).toMatchObject({ done: 0, failed: 1 });
    const [row] = await database.select().from(jobs).where(eq(jobs.dedupeKey, "market-sync:bad"));
    expect(row!.lastError).toContain("invalid market-sync payload");
  });
});

describeOnEachEngine("market sync jobs: the daily schedule", () => {
  afterEach(() => useProvider("none"));

  it("schedules nothing without a provider", async () => {
    useProvider("none");
    expect(await ensureDailySync(new Date("2026-11-27T02:00:00Z"))).toBeNull();
    expect(await (await db()).select().from(jobs).where(eq(jobs.kind, "market-daily"))).toHaveLength(0);
  });

  it("two instances scheduling at the same moment queue one job, due at 16:00 Shanghai on the next trading day", async () => {
    useProvider("eastmoney");
    // Friday 2026-11-27 17:00 Shanghai: after the close, so Monday
    const now = new Date("2026-11-27T09:00:00Z");
    const slots = await Promise.all([ensureDailySync(now), ensureDailySync(now), ensureDailySync(now)]);
    expect(slots.map((s) => s?.date)).toEqual(["2026-11-30", "2026-11-30", "2026-11-30"]);
    const queued = await (await db()).select().from(jobs).where(eq(jobs.kind, "market-daily"));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ dedupeKey: "market-daily:2026-11-30", payload: { date: "2026-11-30" } });
    expect(queued[0]!.runAfter.toISOString()).toBe("2026-11-30T08:00:00.000Z");
  });
});
