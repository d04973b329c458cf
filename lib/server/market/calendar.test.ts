import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { marketBars, tradingDays } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createCalendar } from "@/lib/domain/market/calendar";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import { fill } from "@/lib/domain/statements/analysis/rows.test-support";
import { disclosedThrough } from "@/lib/domain/statements/visibility";
import { marketCalendar, marketTradingDays } from "./calendar";

/** The SSE's trading days of February 2024 as trade_cal answers them: closed 2/9 (除夕) and 2/12–2/16 (春节). */
const FEBRUARY_2024 = [
  "2024-02-01", "2024-02-02", "2024-02-05", "2024-02-06", "2024-02-07", "2024-02-08",
  "2024-02-19", "2024-02-20", "2024-02-21", "2024-02-22", "2024-02-23", "2024-02-26", "2024-02-27", "2024-02-28", "2024-02-29",
];

const bar = (code: string, tradeDate: string) => ({ code, tradeDate, open: 10, high: 10, low: 10, close: 10, volume: 100, amount: 1000, source: "tushare" as const });

describeOnEachEngine("the market calendar", () => {
  it("is the published exchange schedule while no provider calendar was synced (the demo)", async () => {
    const calendar = await marketCalendar();
    expect(calendar.next("2024-02-08")).toBe("2024-02-19");
    expect(calendar.isTradingDay("2024-10-07")).toBe(false);
    expect(await marketTradingDays()).toEqual([]);
  });

  it("follows the provider's days across Spring Festival 2024, whatever bars a stock has", async () => {
    const database = await db();
    await database.insert(tradingDays).values(FEBRUARY_2024.map((tradeDate) => ({ tradeDate, source: "tushare" })));
    // a partial sync: one stock has bars on three days only, another was suspended all month
    await database.insert(marketBars).values([bar("600519", "2024-02-01"), bar("600519", "2024-02-08"), bar("600519", "2024-02-20")]);

    const calendar = await marketCalendar();
    expect(calendar.next("2024-02-08")).toBe("2024-02-19");
    expect(calendar.previous("2024-02-19")).toBe("2024-02-08");
    expect(calendar.isTradingDay("2024-02-09")).toBe(false);
    expect(calendar.isTradingDay("2024-02-05")).toBe(true); // no bar, still a trading day
    expect(calendar.tradingDays("2024-02-01", "2024-02-29")).toEqual(FEBRUARY_2024);

    // holding days: bought the day before the closure, sold on the second session after it
    const analysis = analyzeStatement({ fills: [fill({ date: "2024-02-08", side: "buy", quantity: 100, price: 10 }), fill({ date: "2024-02-20", side: "sell", quantity: 100, price: 10 })], events: [] }, { calendar });
    expect(analysis.roundTrips[0]!.holdingDays).toBe(2);

    // "N trading days late": one session late on the first day after the holiday shows the day before it
    expect(disclosedThrough({ today: "2024-02-19", calendar, masterDelayDays: 1, fullAccess: true })).toBe("2024-02-08");

    // the parser threads build the same calendar from the days they are handed
    const threadCalendar = createCalendar(await marketTradingDays());
    expect(threadCalendar.addTradingDays("2024-02-07", 2)).toBe("2024-02-19");
  });

  it("outside the provider's span falls back to the published schedule", async () => {
    const calendar = await marketCalendar();
    expect(calendar.next("2024-04-03")).toBe("2024-04-08"); // 清明 4/4–4/5
    expect(calendar.previous("2024-02-01")).toBe("2024-01-31");
  });

  it("is rebuilt as soon as trading_days changes", async () => {
    const database = await db();
    expect((await marketCalendar()).isTradingDay("2024-02-19")).toBe(true);
    await database.delete(tradingDays).where(eq(tradingDays.tradeDate, "2024-02-19"));
    const calendar = await marketCalendar();
    expect(calendar.isTradingDay("2024-02-19")).toBe(false);
    expect(calendar.next("2024-02-08")).toBe("2024-02-20");
  });
});
