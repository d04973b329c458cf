import { db } from "@/lib/db";
import { marketSyncRuns, stocks } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { providerSwitch } from "./provider-env.test-support";
import { marketSyncOverview, requestMarketSync, SETUP_HINT } from "./admin";
import { ensureDailySync } from "./jobs";

process.env.LOG_LEVEL = "silent";

const useProvider = providerSwitch();

describeOnEachEngine("/admin's 行情数据 section: what it shows", () => {
  it("on the demo without a provider: 未配置 with what to set, no sync yet, no schedule, the 模拟行情 stocks counted", async () => {
    useProvider("none");
    const admin = await userWithRole("admin");
    await (await db()).insert(stocks).values([
      { code: "600000", exchange: "SH", name: "演示一", isSynthetic: true },
      { code: "000002", exchange: "SZ", name: "演示二", isSynthetic: true },
      { code: "600519", exchange: "SH", name: "贵州茅台" },
    ]);
    expect(await marketSyncOverview(admin.viewer)).toEqual({
      provider: { name: "none", label: "未配置", configured: false },
      setupHint: SETUP_HINT,
      lastRun: null,
      nextDaily: null,
      queued: 0,
      syntheticStocks: 2,
    });
  });

  it("with a provider: the latest run with its first five failures and how many more, the next daily sync, the queued syncs", async () => {
    useProvider("eastmoney");
    const admin = await userWithRole("admin");
    const database = await db();
    const failures = Array.from({ length: 7 }, (_, i) => ({ code: `60000${i}`, message: `东方财富 kline 60000${i}: HTTP 502` }));
    await database.insert(marketSyncRuns).values([
      { provider: "eastmoney", trigger: "cli", status: "ok", startedAt: new Date("2026-11-26T08:00:00Z"), finishedAt: new Date("2026-11-26T08:01:00Z"), codes: 3, bars: 90, calls: 4 },
      { provider: "eastmoney", trigger: "daily", status: "partial", startedAt: new Date("2026-11-27T08:00:00Z"), finishedAt: new Date("2026-11-27T08:02:00Z"), codes: 40, bars: 33, calls: 41, failures },
    ]);
    await ensureDailySync(new Date("2026-11-27T09:00:00Z"));
    await requestMarketSync(admin.viewer);

    const overview = await marketSyncOverview(admin.viewer);
    expect(overview.provider).toEqual({ name: "eastmoney", label: "东方财富", configured: true });
    expect(overview.setupHint).toBeNull();
    expect(overview.lastRun).toEqual({
      startedAt: new Date("2026-11-27T08:00:00Z"),
      finishedAt: new Date("2026-11-27T08:02:00Z"),
      trigger: "daily",
      status: "partial",
      codes: 40,
      bars: 33,
      calls: 41,
      message: null,
      failures: failures.slice(0, 5),
      moreFailures: 2,
    });
    expect(overview.nextDaily).toEqual({ date: "2026-11-30", runAfter: new Date("2026-11-30T08:00:00Z") });
    expect(overview.queued).toBe(1);
  });

  it("is for administrators: editors and members are refused", async () => {
    for (const role of ["member", "editor"] as const) {
      const { viewer } = await userWithRole(role);
      await expect(marketSyncOverview(viewer)).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(requestMarketSync(viewer)).rejects.toBeInstanceOf(RoleRefusedError);
    }
  });
});
