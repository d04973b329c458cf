import { asc, eq, sql } from "drizzle-orm";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { db } from "@/lib/db";
import { marketBars, marketSyncRuns, marketSyncSpans, stocks, tradingDays } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { MarketDataError } from "@/lib/server/market/providers/types";
import { masterStatement, memberStatement, strategyWithFills } from "./fills.test-support";
import { MemoryProvider } from "./memory-provider.test-support";
import { CANCELLED_MESSAGE, NO_PROVIDER_MESSAGE, runMarketSync } from "./run";
import { lastMarketSync, recentMarketSyncs } from "./status";
import type { SyncProgress } from "./types";

process.env.LOG_LEVEL = "silent";

// Friday 2024-06-14, 18:00 in Asia/Shanghai
const NOW = new Date("2024-06-14T10:00:00Z");

async function spansOf(code: string) {
  return (await db()).select({ from: marketSyncSpans.dateFrom, to: marketSyncSpans.dateTo }).from(marketSyncSpans).where(eq(marketSyncSpans.code, code)).orderBy(asc(marketSyncSpans.dateFrom));
}

async function barCount(code: string): Promise<number> {
  const [row] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(marketBars).where(eq(marketBars.code, code));
  return row?.n ?? 0;
}

describeOnEachEngine("market sync: a full run, a re-run and a later fill", () => {
  const provider = new MemoryProvider(2);

  beforeAll(async () => {
    await masterStatement([{ date: "2024-03-04", code: "600519" }, { date: "2024-03-15", code: "600519" }, { date: "2024-03-07", code: "300750" }]);
    await memberStatement([{ date: "2024-03-05", code: "000001" }, { date: "2024-03-04", code: "113070" }]); // a convertible bond: not synced
    await strategyWithFills([{ date: "2024-03-04", code: "601318" }]);
    await (await db()).insert(stocks).values({ code: "300750", exchange: "SZ", name: "宁德时代", isSynthetic: true });
  });

  it("stores the calendar, every stock's bars, the 沪深300 and names, and records the run", async () => {
    const progress: SyncProgress[] = [];
    const summary = await runMarketSync({ trigger: "cli", provider, now: NOW, onProgress: (p) => progress.push(p) });
    expect(summary).toMatchObject({ provider: "tushare", status: "ok", codes: 4, failures: [], message: null });

    const wanted600519 = defaultCalendar.tradingDays(defaultCalendar.addTradingDays("2024-03-04", -120), defaultCalendar.addTradingDays("2024-03-15", 20));
    expect(await barCount("600519")).toBe(wanted600519.length);
    expect(await spansOf("600519")).toEqual([{ from: wanted600519[0], to: wanted600519.at(-1) }]);
    expect(await barCount("300750")).toBe(0);
    expect(await barCount("113070")).toBe(0);
    // the 沪深300 spans every stock's span: here 600519's holds the others
    expect(await barCount("000300.SH")).toBe(wanted600519.length);
    expect(summary.bars).toBe(await barCount("600519") + await barCount("000001") + await barCount("601318") + await barCount("000300.SH"));

    // the three stocks' spans all differ (first or last fill apart): one request each, never above the provider's limit
    const barRequests = provider.barRequests();
    expect(barRequests.every((r) => r.codes.length <= 2)).toBe(true);
    expect(barRequests.flatMap((r) => r.codes).sort()).toEqual(["000001", "000300.SH", "600519", "601318"]);
    expect(summary.calls).toBe(provider.calls);

    const [days] = await (await db()).select({ n: sql<number>`count(*)::int`, source: sql<string>`min(${tradingDays.source})` }).from(tradingDays);
    expect(days).toEqual({ n: defaultCalendar.tradingDays("2015-01-01", "2024-12-31").length, source: "tushare" });
    const [name] = await (await db()).select().from(stocks).where(eq(stocks.code, "600519"));
    expect(name).toMatchObject({ name: "股票600519", exchange: "SH", isSynthetic: false });

    expect(progress.at(-1)).toMatchObject({ done: 5, total: 5 });
    expect(progress.map((p) => p.current)).toEqual(expect.arrayContaining(["@calendar", "600519", "000001", "601318", "000300.SH"]));

    const run = await lastMarketSync();
    expect(run).toMatchObject({ id: summary.runId, status: "ok", trigger: "cli", provider: "tushare", codes: 4, bars: summary.bars, calls: summary.calls, failures: [] });
    expect(run!.finishedAt).not.toBeNull();
  });

  it("asks for nothing on a second run with nothing new", async () => {
    const before = provider.calls;
    const summary = await runMarketSync({ trigger: "cli", provider, now: NOW });
    expect(summary).toMatchObject({ status: "ok", codes: 4, bars: 0, calls: 0 });
    expect(provider.calls).toBe(before);
  });

  it("fetches only the missing tail after a later fill, and the next day only that day", async () => {
    await masterStatement([{ date: "2024-06-03", code: "600519" }]);
    const previousEnd = (await spansOf("600519")).at(-1)!.to;
    provider.requests.length = 0;
    const summary = await runMarketSync({ trigger: "import", provider, codes: ["600519"], now: NOW });
    expect(summary.status).toBe("ok");
    expect(provider.barRequests()).toEqual([{ kind: "daily", codes: ["600519"], from: defaultCalendar.next(previousEnd), to: "2024-06-14" }]);
    expect(await spansOf("600519")).toEqual([{ from: defaultCalendar.addTradingDays("2024-03-04", -120), to: "2024-06-14" }]);

    provider.requests.length = 0;
    // Monday 2024-06-17, 17:00 in Shanghai
    await runMarketSync({ trigger: "daily", provider, codes: ["600519"], now: new Date("2024-06-17T09:00:00Z") });
    expect(provider.barRequests()).toEqual([{ kind: "daily", codes: ["600519"], from: "2024-06-17", to: "2024-06-17" }]);
    expect(await spansOf("600519")).toHaveLength(1);
  });
});

describeOnEachEngine("market sync: a calendar known up to the last bar only", () => {
  it("keeps the days answered and asks for the rest of the year on a later run", async () => {
    const provider = new MemoryProvider(1);
    // as 东方财富's calendar, derived from the index's bars: no day after the last bar
    provider.tradingDays = async (from, to) => {
      provider.calls++;
      provider.requests.push({ kind: "calendar", codes: [], from, to });
      return defaultCalendar.tradingDays(from, to < "2024-06-14" ? to : "2024-06-14");
    };
    await runMarketSync({ trigger: "cli", provider, now: NOW });
    expect(await spansOf("@calendar")).toEqual([{ from: "2015-01-01", to: "2024-06-14" }]);
    provider.requests.length = 0;
    // Monday 17:00: the weekend and Monday are asked for, and kept up to Monday's bar
    provider.tradingDays = async (from, to) => {
      provider.calls++;
      provider.requests.push({ kind: "calendar", codes: [], from, to });
      return defaultCalendar.tradingDays(from, to < "2024-06-17" ? to : "2024-06-17");
    };
    await runMarketSync({ trigger: "daily", provider, now: new Date("2024-06-17T09:00:00Z") });
    expect(provider.requests).toEqual([{ kind: "calendar", codes: [], from: "2024-06-15", to: "2024-12-31" }]);
    expect(await spansOf("@calendar")).toEqual([{ from: "2015-01-01", to: "2024-06-17" }]);
  });
});

describeOnEachEngine("market sync: batching", () => {
  it("asks for codes with the same span together, as many per request as the provider takes", async () => {
    const codes = ["600519", "000001", "601318", "000858", "002594"];
    await masterStatement(codes.map((code) => ({ date: "2024-03-04", code })));
    const provider = new MemoryProvider(3);
    const summary = await runMarketSync({ trigger: "cli", provider, now: NOW });
    expect(summary.status).toBe("ok");
    expect(provider.barRequests().map((r) => r.codes)).toEqual([["000001", "000858", "002594"], ["600519", "601318"], ["000300.SH"]]);
    for (const code of codes) expect(await barCount(code)).toBe(defaultCalendar.tradingDays(defaultCalendar.addTradingDays("2024-03-04", -120), defaultCalendar.addTradingDays("2024-03-04", 20)).length);
  });
});

describeOnEachEngine("market sync: failures", () => {
  beforeAll(async () => {
    await masterStatement([{ date: "2024-03-04", code: "600519" }, { date: "2024-03-04", code: "000001" }, { date: "2024-03-04", code: "601318" }]);
  });

  it("reports a failing code with the provider's reason, stores the others, and fetches it on the next run", async () => {
    const provider = new MemoryProvider(1);
    const limit = new MarketDataError("rate_limit", "Tushare daily（000001）：抱歉，您每分钟最多访问该接口500次", true);
    provider.failing.set("000001", limit);
    const summary = await runMarketSync({ trigger: "admin", provider, now: NOW });
    expect(summary.status).toBe("partial");
    expect(summary.failures).toEqual([{ code: "000001", message: limit.message }]);
    expect(await barCount("600519")).toBeGreaterThan(0);
    expect(await barCount("000001")).toBe(0);
    expect(await spansOf("000001")).toEqual([]);
    expect(await lastMarketSync()).toMatchObject({ status: "partial", failures: [{ code: "000001", message: limit.message }] });

    provider.failing.clear();
    provider.requests.length = 0;
    const retry = await runMarketSync({ trigger: "admin", provider, now: NOW });
    expect(retry.status).toBe("ok");
    expect(provider.barRequests().map((r) => r.codes)).toEqual([["000001"]]);
  });

  it("stops at a bad token with Tushare's message, and records the run as failed", async () => {
    const provider = new MemoryProvider(3);
    provider.failAll = new MarketDataError("auth", "Tushare daily：您的token不对，请确认。", false);
    const summary = await runMarketSync({ trigger: "cli", provider, codes: ["002594"], now: NOW });
    expect(summary).toMatchObject({ status: "failed", message: "Tushare daily：您的token不对，请确认。" });
    // the calendar is already kept, so the one request made was for bars, and no other followed
    expect(provider.requests).toHaveLength(1);
    expect(await lastMarketSync()).toMatchObject({ status: "failed", message: "Tushare daily：您的token不对，请确认。" });
  });

  it("fails every code of a run that cannot reach the provider, without stopping", async () => {
    const provider = new MemoryProvider(1);
    provider.failAll = new MarketDataError("server", "Tushare daily：HTTP 502", true);
    const summary = await runMarketSync({ trigger: "cli", provider, codes: ["002594", "000858"], now: NOW });
    expect(summary.status).toBe("failed");
    expect(summary.failures).toEqual([{ code: "000858", message: "Tushare daily：HTTP 502" }, { code: "002594", message: "Tushare daily：HTTP 502" }]);
    expect(summary.message).toBeNull();
  });

  it("says what to configure when there is no provider", async () => {
    const summary = await runMarketSync({ trigger: "admin", provider: null, now: NOW });
    expect(summary).toMatchObject({ status: "failed", provider: "none", message: NO_PROVIDER_MESSAGE, calls: 0 });
    expect((await recentMarketSyncs(1))[0]).toMatchObject({ id: summary.runId, status: "failed", message: NO_PROVIDER_MESSAGE });
  });

  it("stops when cancelled", async () => {
    const provider = new MemoryProvider(1);
    const abort = new AbortController();
    abort.abort();
    const summary = await runMarketSync({ trigger: "cli", provider, codes: ["002594"], now: NOW, signal: abort.signal });
    expect(summary).toMatchObject({ status: "failed", message: CANCELLED_MESSAGE, calls: 0 });
  });

  it("marks the run failed when storing breaks, and lets the caller see the error", async () => {
    const provider = new MemoryProvider(1);
    provider.dailyBars = async (codes, from) => {
      provider.calls++;
      return [{ code: codes[0]!, date: from.slice(0, 8) + "31", open: 1, high: 1, low: 1, close: 1, volume: 1, amount: 1, preClose: 1 }];
    };
    // February has no 31st: the database refuses the bar
    await expect(runMarketSync({ trigger: "daily", provider, codes: ["000858"], from: "2024-02-01", to: "2024-03-05", now: NOW })).rejects.toThrow();
    const run = await lastMarketSync();
    expect(run).toMatchObject({ status: "failed", trigger: "daily", calls: provider.calls });
    expect(run!.message).toMatch(/^同步中断：/);
  });

  it("lists runs newest first", async () => {
    const runs = await recentMarketSyncs(10);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.map((r) => r.id)).toEqual([...runs.map((r) => r.id)].sort((a, b) => b - a));
    const [row] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(marketSyncRuns).where(eq(marketSyncRuns.status, "running"));
    expect(row!.n).toBe(0);
  });
});
