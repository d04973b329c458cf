import { and, asc, eq } from "drizzle-orm";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { db } from "@/lib/db";
import { marketBars, stocks, tradingDays } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { TushareProvider } from "@/lib/server/market/providers/tushare";
import { startTushareLocal, TUSHARE_LOCAL_TOKEN, type TushareLocal } from "@/test/market-local/tushare";
import { worldStockBars } from "@/test/market-local/world";
import { masterStatement, memberStatement } from "./fills.test-support";
import { runMarketSync } from "./run";

process.env.LOG_LEVEL = "silent";

// Friday 2024-06-14, 18:00 in Asia/Shanghai
const NOW = new Date("2024-06-14T10:00:00Z");
/** the real client, with waits short enough for a test */
const FAST = { minIntervalMs: 0, baseDelayMs: 5, maxDelayMs: 40, rateLimitDelayMs: 1_600, timeoutMs: 2_000 };

function client(local: TushareLocal, token = TUSHARE_LOCAL_TOKEN): TushareProvider {
  return new TushareProvider({ token, apiUrl: local.url, policy: FAST });
}

const barCalls = (local: TushareLocal) => local.calls.filter((c) => c.api === "daily" || c.api === "index_daily");

describeOnEachEngine("market sync against the Tushare Pro stand-in", () => {
  let local: TushareLocal;

  beforeAll(async () => {
    local = await startTushareLocal();
    await masterStatement([{ date: "2024-03-04", code: "600519" }, { date: "2024-03-15", code: "600519" }]);
    await memberStatement([{ date: "2024-03-04", code: "000001" }]);
  });
  afterAll(() => local.close());

  it("stores a statement's stocks as Tushare has them, in 股 and 元, with the calendar and names", async () => {
    const summary = await runMarketSync({ trigger: "import", provider: client(local), now: NOW });
    expect(summary).toMatchObject({ status: "ok", codes: 3, failures: [], message: null });
    expect(summary.calls).toBe(local.calls.length);

    const from = defaultCalendar.addTradingDays("2024-03-15", -8);
    const stored = await (await db()).select().from(marketBars)
      .where(and(eq(marketBars.code, "600519"), eq(marketBars.tradeDate, from)))
      .orderBy(asc(marketBars.tradeDate));
    const [expected] = worldStockBars("600519", from, from);
    expect(stored).toEqual([{
      code: "600519", tradeDate: from, open: expected!.open, high: expected!.high, low: expected!.low, close: expected!.close,
      volume: expected!.volume, amount: expected!.amount, preClose: expected!.preClose, source: "tushare",
    }]);
    const [holiday] = await (await db()).select().from(tradingDays).where(eq(tradingDays.tradeDate, "2024-02-09"));
    expect(holiday).toBeUndefined();
    const [open] = await (await db()).select().from(tradingDays).where(eq(tradingDays.tradeDate, "2024-02-19"));
    expect(open).toEqual({ tradeDate: "2024-02-19", source: "tushare" });
    const [name] = await (await db()).select().from(stocks).where(eq(stocks.code, "600519"));
    expect(name).toMatchObject({ name: "贵州茅台", exchange: "SH" });
  });

  it("makes no bar calls when run again", async () => {
    local.calls.length = 0;
    const summary = await runMarketSync({ trigger: "cli", provider: client(local), now: NOW });
    expect(summary).toMatchObject({ status: "ok", bars: 0, calls: 0 });
    expect(local.calls).toEqual([]);
  });

  it("waits out Tushare's rate limit, then stores the bars", async () => {
    await masterStatement([{ date: "2024-05-06", code: "601318" }, { date: "2024-04-01", code: "000858" }, { date: "2024-04-08", code: "002594" }]);
    const limited = await startTushareLocal({ perMinute: 2, windowMs: 1_500 });
    const summary = await runMarketSync({ trigger: "cli", provider: client(limited), now: NOW }).finally(() => limited.close());
    expect(summary).toMatchObject({ status: "ok", failures: [] });
    // three stocks with three different spans: three daily calls, the third over the stand-in's 2 per window
    expect(barCalls(limited).filter((c) => c.api === "daily").map((c) => c.outcome)).toEqual(["ok", "ok", "40203 rate limit", "ok"]);
    for (const code of ["601318", "000858", "002594"]) {
      const rows = await (await db()).select().from(marketBars).where(eq(marketBars.code, code));
      expect(rows.length).toBeGreaterThan(100);
    }
  }, 30_000);

  it("asks again after a 500, then stores the bars", async () => {
    await masterStatement([{ date: "2024-05-10", code: "601872" }]);
    local.calls.length = 0;
    local.faults.push({ match: "601872", count: 2, kind: "500" });
    const summary = await runMarketSync({ trigger: "cli", provider: client(local), now: NOW });
    expect(summary).toMatchObject({ status: "ok", failures: [] });
    expect(barCalls(local).filter((c) => c.api === "daily").map((c) => c.outcome)).toEqual(["fault 500", "fault 500", "ok"]);
    expect((await (await db()).select().from(marketBars).where(eq(marketBars.code, "601872"))).length).toBeGreaterThan(50);
  }, 30_000);

  it("reports a code that keeps failing with what the server answered, and stores the others", async () => {
    await masterStatement([{ date: "2024-05-20", code: "300750" }, { date: "2024-05-21", code: "688981" }]);
    local.faults.push({ match: "300750", count: 99, kind: "500" });
    const summary = await runMarketSync({ trigger: "cli", provider: new TushareProvider({ token: TUSHARE_LOCAL_TOKEN, apiUrl: local.url, policy: { ...FAST, attempts: 2 } }), now: NOW });
    local.faults.length = 0;
    expect(summary.status).toBe("partial");
    expect(summary.failures).toHaveLength(1);
    expect(summary.failures[0]!.code).toBe("300750");
    expect(summary.failures[0]!.message).toMatch(/Tushare Pro daily 300750\.SZ.*500/);
    expect((await (await db()).select().from(marketBars).where(eq(marketBars.code, "688981"))).length).toBeGreaterThan(0);
  }, 30_000);

  it("syncs the stocks when the token may not read the 沪深300 (index_daily wants more points), naming that failure", async () => {
    // earlier than every other fill: the 沪深300 has a new span to fetch
    await masterStatement([{ date: "2023-01-10", code: "600036" }]);
    const limited = await startTushareLocal({ forbidden: ["index_daily"] });
    const summary = await runMarketSync({ trigger: "cli", provider: client(limited), now: NOW }).finally(() => limited.close());
    expect(summary.status).toBe("partial");
    expect(summary.failures.map((f) => f.code)).toEqual(["000300.SH"]);
    expect(summary.failures[0]!.message).toContain("没有访问该接口的权限");
    expect((await (await db()).select().from(marketBars).where(eq(marketBars.code, "600036"))).length).toBeGreaterThan(100);
  }, 30_000);

  it("stops at a bad token with Tushare's own message", async () => {
    await masterStatement([{ date: "2024-05-22", code: "000002" }]);
    const summary = await runMarketSync({ trigger: "cli", provider: client(local, "wrong-token"), now: NOW });
    expect(summary.status).toBe("failed");
    expect(summary.message).toContain("您的token不对，请确认。");
  });
});
