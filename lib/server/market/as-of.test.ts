import { db } from "@/lib/db";
import { marketBars, strategies, strategyFills } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { realtradeAccess } from "@/lib/server/quant/access";
import { marketAsOf } from "./as-of";

/** Friday 2026-11-27, 10:00 in Shanghai: a week after the data ends */
const NOW = new Date("2026-11-27T02:00:00Z");
const FREE: Viewer = { userId: "00000000-0000-4000-8000-000000000001", role: "member", userInfo: { levelId: 0 } as UserInfo };

const bar = (code: string, tradeDate: string) => ({ code, tradeDate, open: 10, high: 10, low: 10, close: 10, volume: 100, amount: 1000, source: "synthetic" as const });

describeOnEachEngine("the one clock (marketAsOf)", () => {
  it("is today while the site holds no market data", async () => {
    expect(await marketAsOf(NOW, await db())).toBe("2026-11-27");
  });

  it("is the newest day with bars or fills, never after today, and the 实盘 delay counts back from it", async () => {
    const database = await db();
    await database.insert(marketBars).values([bar("600519", "2026-11-19"), bar("600519", "2026-11-20")]);
    expect(await marketAsOf(NOW, database)).toBe("2026-11-20");
    // five sessions before Friday the 20th, not before Friday the 27th
    expect(await realtradeAccess(FREE, NOW, database)).toMatchObject({ asOf: "2026-11-20", through: "2026-11-13", delayed: true });

    const [strategy] = await database.insert(strategies).values({ name: "时钟测试", author: "测试", style: "测试", status: "live", startDate: "2026-01-05", description: "测试" }).returning();
    await database.insert(strategyFills).values({ strategyGuid: strategy!.guid, tradeDate: "2026-11-24", tradeTime: "10:00:00", code: "600519", name: "贵州茅台", side: "buy", quantity: 100, price: 10, amount: 1000 });
    expect(await marketAsOf(NOW, database)).toBe("2026-11-24");

    await database.insert(marketBars).values(bar("600519", "2026-12-01"));
    expect(await marketAsOf(NOW, database)).toBe("2026-11-27");
  });
});
