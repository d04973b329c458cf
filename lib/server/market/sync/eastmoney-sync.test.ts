import { eq, sql } from "drizzle-orm";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { db } from "@/lib/db";
import { marketBars, tradingDays } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { EastmoneyProvider } from "@/lib/server/market/providers/eastmoney";
import { startEastmoneyLocal } from "@/test/market-local/eastmoney";
import type { LocalServer } from "@/test/market-local/server";
import { worldStockBars } from "@/test/market-local/world";
import { masterStatement } from "./fills.test-support";
import { runMarketSync } from "./run";

process.env.LOG_LEVEL = "silent";

// Friday 2024-06-14, 18:00 in Asia/Shanghai
const NOW = new Date("2024-06-14T10:00:00Z");
const FAST = { minIntervalMs: 0, baseDelayMs: 5, maxDelayMs: 40, timeoutMs: 2_000 };

describeOnEachEngine("market sync against the 东方财富 stand-in", () => {
  let local: LocalServer;
  const client = () => new EastmoneyProvider({ apiUrl: local.url, policy: FAST });

  beforeAll(async () => {
    local = await startEastmoneyLocal();
    await masterStatement([{ date: "2024-03-04", code: "600519" }, { date: "2024-03-05", code: "000001" }]);
  });
  afterAll(() => local.close());

  it("stores each stock from its own secid, and the calendar from the index's days", async () => {
    const summary = await runMarketSync({ trigger: "import", provider: client(), now: NOW });
    expect(summary).toMatchObject({ status: "ok", codes: 3, failures: [] });
    expect(local.calls.map((c) => c.subject).sort()).toEqual(["0.000001", "1.000001", "1.000300", "1.600519"]);
    const from = defaultCalendar.addTradingDays("2024-03-04", -120);
    const to = defaultCalendar.addTradingDays("2024-03-04", 20);
    const [count] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(marketBars).where(eq(marketBars.code, "600519"));
    expect(count!.n).toBe(worldStockBars("600519", from, to).length);
    const [row] = await (await db()).select().from(marketBars).where(eq(marketBars.code, "600519")).orderBy(marketBars.tradeDate).limit(1);
    expect(row).toMatchObject({ tradeDate: from, close: worldStockBars("600519", from, from)[0]!.close, source: "eastmoney" });
    const days = await (await db()).select().from(tradingDays).where(sql`${tradingDays.tradeDate} between '2024-02-07' and '2024-02-20'`).orderBy(tradingDays.tradeDate);
    expect(days.map((d) => d.tradeDate)).toEqual(["2024-02-07", "2024-02-08", "2024-02-19", "2024-02-20"]);
  });

  it("asks for nothing when run again", async () => {
    local.calls.length = 0;
    // the stand-in's index has bars to the end of the year, so the calendar too is complete (the real one ends today)
    const summary = await runMarketSync({ trigger: "cli", provider: client(), now: NOW });
    expect(summary).toMatchObject({ status: "ok", bars: 0, calls: 0 });
    expect(local.calls).toEqual([]);
  });
});
