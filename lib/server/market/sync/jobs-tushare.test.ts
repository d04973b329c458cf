import { asc, eq } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { marketBars, statementFills, statements, stockLimits, stockSuspensions } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { AUDIT_FINGERPRINT } from "@/lib/server/statements/audit";
import { importStatement } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { estimateFees } from "@/lib/domain/market/fees";
import { startTushareLocal, TUSHARE_LOCAL_TOKEN, type TushareLocal } from "@/test/market-local/tushare";
import { worldName, worldStockBars } from "@/test/market-local/world";
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

  it("the sync brings each stock's suspensions and names, and the fills they disprove fail the 交割单体检", async () => {
    configure(local, TUSHARE_LOCAL_TOKEN);
    const master = await createMaster(OPERATOR, { name: "停牌改名大神" });
    const statement = [
      "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
      // 招商轮船 was suspended 2023-06-05 to 06-07 in the stand-in's world (suspend_d): no bar on those days
      "20230606,10:00:00,601872,招商轮船,证券买入,1000,5.00,5000.00,-5005.00,5.00,0.00",
      // 000001 is 平安银行 since 2012-08-02 (namechange): its old name on a 2015 row
      "20150112,10:00:00,000001,深发展A,证券买入,100,14.00,1400.00,-1405.00,5.00,0.00",
      "20150113,10:00:00,000001,平安银行,证券卖出,100,14.00,1400.00,1393.60,5.00,1.40",
    ].join("\n");
    await importStatement(OPERATOR, new TextEncoder().encode(statement), "停牌.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    expect(local.calls.some((c) => c.api === "suspend_d")).toBe(true);
    const database = await db();
    expect(await database.select({ date: stockSuspensions.tradeDate }).from(stockSuspensions).where(eq(stockSuspensions.code, "601872"))).toEqual(
      expect.arrayContaining([{ date: "2023-06-06" }]),
    );
    const rows = await database
      .select({ date: statementFills.tradeDate, code: statementFills.code, status: statementFills.auditStatus, failures: statementFills.auditFailures })
      .from(statementFills)
      .where(eq(statementFills.masterGuid, master.guid))
      .orderBy(asc(statementFills.tradeDate));
    const rulesOf = (date: string) => rows.find((r) => r.date === date)!.failures.map((f) => f.rule);
    expect(rulesOf("2023-06-06")).toContain("suspended");
    expect(rulesOf("2015-01-12")).toContain("name-at-date");
    expect(rulesOf("2015-01-13")).not.toContain("name-at-date");
    expect((await database.select({ fp: statements.auditFingerprint }).from(statements).where(eq(statements.masterGuid, master.guid)))[0]!.fp).toBe(AUDIT_FINGERPRINT);
  });

  it("an honest statement drawn from the provider's own bars passes every fill once the sync brought them", async () => {
    configure(local, TUSHARE_LOCAL_TOKEN);
    const master = await createMaster(OPERATOR, { name: "诚实大神" });
    const rows = ["成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税,过户费"];
    const yuan = (n: number) => n.toFixed(2);
    for (const code of ["600519", "000858", "300750"]) {
      const bars = worldStockBars(code, "2024-03-01", "2024-04-30");
      for (let i = 0; i + 5 < bars.length; i += 7) {
        for (const [bar, side, time] of [[bars[i]!, "buy", "10:05:00"], [bars[i + 5]!, "sell", "14:20:00"]] as const) {
          const quantity = 300;
          const amount = Math.round(bar.close * quantity * 100) / 100;
          const fees = estimateFees(side, amount, bar.date);
          const net = side === "buy" ? -(amount + fees.commission + fees.stampDuty + fees.transferFee) : amount - fees.commission - fees.stampDuty - fees.transferFee;
          rows.push([bar.date.replaceAll("-", ""), time, code, worldName(code), side === "buy" ? "证券买入" : "证券卖出", quantity, bar.close.toFixed(2), yuan(amount), yuan(net), yuan(fees.commission), yuan(fees.stampDuty), yuan(fees.transferFee)].join(","));
        }
      }
    }
    await importStatement(OPERATOR, new TextEncoder().encode(rows.join("\n")), "诚实.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    expect(await runDueJobs(handlers)).toMatchObject({ done: 1, failed: 0 });
    expect(local.calls.some((c) => c.api === "stk_limit")).toBe(true);
    const database = await db();
    expect((await database.select({ code: stockLimits.code }).from(stockLimits).where(eq(stockLimits.code, "300750"))).length).toBeGreaterThan(30);
    const audits = await database.select({ status: statementFills.auditStatus, failures: statementFills.auditFailures }).from(statementFills).where(eq(statementFills.masterGuid, master.guid));
    expect(audits.length).toBe(rows.length - 1);
    expect(audits.filter((a) => a.status !== "passed")).toEqual([]);
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
