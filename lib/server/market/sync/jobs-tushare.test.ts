import { eq } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { marketBars, statementFills } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { importStatement } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { startTushareLocal, TUSHARE_LOCAL_TOKEN, type TushareLocal } from "@/test/market-local/tushare";
import { marketSyncOverview, requestMarketSync } from "./admin";
import { marketSyncJobHandlers } from "./jobs";

/**
 * The automatic path end to end, as configured by the environment (no injected provider): MARKET_DATA_PROVIDER=tushare
 * pointed at the Tushare Pro stand-in, a statement import queueing its sync, the 同步行情 button queueing one of every
 * code, the worker's handlers running them with the real client, and /admin's section reading the result.
 */
process.env.LOG_LEVEL = "silent";

const STATEMENT = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240304,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
  "20240315,14:10:00,600519,贵州茅台,证券卖出,100,1750.00,175000.00,174907.50,5.00,87.50",
].join("\n");

function configure(local: TushareLocal, token: string) {
  Object.assign(process.env, { MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: token, TUSHARE_API_URL: local.url });
  reloadConfigForTests();
}

describeOnEachEngine("automatic market sync against the Tushare Pro stand-in", () => {
  let local: TushareLocal;
  const handlers = marketSyncJobHandlers();

  beforeAll(async () => {
    local = await startTushareLocal();
  });
  afterAll(async () => {
    for (const key of ["MARKET_DATA_PROVIDER", "TUSHARE_TOKEN", "TUSHARE_API_URL"]) delete process.env[key];
    reloadConfigForTests();
    await local.close();
    await closeStatementParser();
  });

  it("an imported statement's stocks get their bars from the worker, not from the request", async () => {
    configure(local, TUSHARE_LOCAL_TOKEN);
    const master = await createMaster(OPERATOR, { name: "真实行情大神" });
    await importStatement(OPERATOR, new TextEncoder().encode(STATEMENT), "交割单.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    expect(local.calls).toHaveLength(0);
    expect(await (await db()).select().from(marketBars).where(eq(marketBars.code, "600519"))).toHaveLength(0);

    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    const bars = await (await db()).select({ date: marketBars.tradeDate, source: marketBars.source }).from(marketBars).where(eq(marketBars.code, "600519"));
    expect(bars.length).toBeGreaterThan(120);
    expect(bars.every((b) => b.source === "tushare")).toBe(true);
    expect(bars.some((b) => b.date === "2024-03-15")).toBe(true);
    expect(local.calls.some((c) => c.api === "daily")).toBe(true);
    // the job checked the fills against the bars it stored (交割单体检): none is left unverified
    const audits = await (await db()).select({ status: statementFills.auditStatus }).from(statementFills).where(eq(statementFills.masterGuid, master.guid));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.status === "passed" || a.status === "failed")).toBe(true);
  });

  it("the 同步行情 button with a bad token: /admin shows the failed run with Tushare's own message", async () => {
    configure(local, "not-the-token");
    const admin = await userWithRole("admin");
    expect(await requestMarketSync(admin.viewer)).toEqual({ alreadyQueued: false });
    expect((await marketSyncOverview(admin.viewer)).queued).toBe(1);

    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    const overview = await marketSyncOverview(admin.viewer);
    expect(overview.queued).toBe(0);
    expect(overview.lastRun).toMatchObject({ trigger: "admin", status: "failed" });
    expect(overview.lastRun?.message).toContain("您的token不对，请确认。");
  });
});
