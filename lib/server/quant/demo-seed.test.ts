import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { benchmarkLevels, strategies, strategyNav, strategySignals } from "@/lib/db/schema";
import { seedDemoData } from "@/lib/db/seed/demo";
import { loadDemoMarket } from "@/lib/server/statements/demo-seed";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { DEMO_STRATEGY_END, DEMO_STRATEGY_SPECS } from "@/lib/domain/demo/demo-strategies";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { seedDemoStrategies } from "./demo-seed";
import { realtradeDay } from "./realtrade";
import { strategyDetail, strategyList } from "./strategies";

const SVIP: Viewer = { userId: "00000000-0000-4000-8000-000000000001", role: "member", userInfo: { levelId: 200 } as UserInfo };

describeOnEachEngine("quant: the demo strategies seed", () => {
  it("loads the demo strategies' records once, after the demo content", async () => {
    const database = await db();
    expect(await seedDemoStrategies(database)).toBe(false); // no demo profiles yet: nothing claimed
    await seedDemoData(database);
    await loadDemoMarket(database); // the demo market's bars, for replicability (the masters' statements play no part)
    expect(await seedDemoStrategies(database)).toBe(true);
    expect(await seedDemoStrategies(database)).toBe(false);

    const demo = await database.select().from(strategies).where(eq(strategies.isDemo, true));
    expect(demo.map((s) => s.name).sort()).toEqual(DEMO_STRATEGY_SPECS.map((s) => s.name).sort());
    const live = demo.find((s) => s.status === "live")!;
    expect(live.name).toBe(DEMO_STRATEGY_SPECS.find((s) => s.status === "live")!.name);

    for (const s of demo) {
      const nav = await database.select().from(strategyNav).where(eq(strategyNav.strategyGuid, s.guid));
      expect(nav.length).toBeGreaterThan(60);
    }
    expect((await database.select().from(strategySignals).where(eq(strategySignals.strategyGuid, live.guid))).length).toBeGreaterThan(0);
    const levels = await database.select().from(benchmarkLevels).where(eq(benchmarkLevels.code, "000300"));
    expect(levels.length).toBeGreaterThan(1000);
    expect(levels.every((l) => l.isSynthetic)).toBe(true);

    const list = await strategyList();
    expect(list.filter((r) => r.isDemo)).toHaveLength(3);
    expect(list.every((r) => r.ranked && Number.isFinite(r.sharpe))).toBe(true);
    const detail = await strategyDetail(SVIP, live.guid, new Date(`${DEMO_STRATEGY_END}T08:00:00Z`));
    expect(Number.isFinite(detail!.metrics.beta)).toBe(true);
    expect(detail!.fills.length).toBeGreaterThan(0);
    // The live demo never buys a 一字板, and every buy has the demo market's bars.
    expect(detail!.replicability.entries).toBeGreaterThan(0);
    expect(detail!.replicability.limitUpEntries).toBe(0);
    expect(detail!.replicability.measured).toBeGreaterThan(0);

    const day = await realtradeDay(SVIP, undefined, new Date(`${DEMO_STRATEGY_END}T08:00:00Z`));
    expect(day!.date).not.toBeNull();
    expect(day!.groups.every((g) => ["live", "paper"].includes(g.status))).toBe(true);
    expect(day!.groups.length).toBeGreaterThan(0);
  }, 60_000);
});
