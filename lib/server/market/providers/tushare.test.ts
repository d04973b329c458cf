import { startTushareLocal, TUSHARE_LOCAL_TOKEN } from "@/test/market-local/tushare";
import { FAST_RETRIES as FAST, rejection, standInForTests, withOwnStandIn } from "./stand-in.test-support";
import { TushareProvider, type TushareOptions } from "./tushare";

const local = standInForTests(startTushareLocal);

function provider(options: Partial<TushareOptions> = {}, server = local()): TushareProvider {
  return new TushareProvider({ token: TUSHARE_LOCAL_TOKEN, apiUrl: server.url, policy: FAST, ...options });
}

/** what the stand-in answers for `daily` (or `fund_daily`), in Tushare's units, keyed `ts_code trade_date` */
async function rawDaily(tsCodes: string, start: string, end: string, api = "daily"): Promise<Map<string, Record<string, number>>> {
  const response = await fetch(local().url, {
    method: "POST",
    body: JSON.stringify({ api_name: api, token: TUSHARE_LOCAL_TOKEN, params: { ts_code: tsCodes, start_date: start, end_date: end }, fields: "" }),
  });
  const { data } = (await response.json()) as { data: { fields: string[]; items: unknown[][] } };
  local().calls.length = 0;
  return new Map(data.items.map((item) => {
    const row = Object.fromEntries(data.fields.map((f, i) => [f, item[i]])) as Record<string, number>;
    return [`${row.ts_code} ${row.trade_date}`, row];
  }));
}

describe("Tushare Pro client against the stand-in", () => {
  it("fetches several codes in one call, in 股 and 元 with the exchange's 昨收", async () => {
    const raw = await rawDaily("000001.SZ,600519.SH,300750.SZ", "20240102", "20240329");
    const client = provider();
    const bars = await client.dailyBars(["000001", "600519", "300750"], "2024-01-02", "2024-03-29");

    expect(client.calls).toBe(1);
    expect(local().calls).toEqual([expect.objectContaining({ api: "daily", subject: "000001.SZ,600519.SH,300750.SZ", outcome: "ok" })]);
    expect(bars).toHaveLength(raw.size);
    expect(new Set(bars.map((b) => b.code))).toEqual(new Set(["000001", "600519", "300750"]));
    for (const bar of bars) {
      const row = raw.get(`${bar.code}.${bar.code.startsWith("6") ? "SH" : "SZ"} ${bar.date.replaceAll("-", "")}`)!;
      expect(bar.volume).toBe(Math.round(row.vol! * 100));
      expect(bar.amount).toBeCloseTo(row.amount! * 1000, 2);
      expect(bar.preClose).toBe(row.pre_close);
      expect([bar.open, bar.high, bar.low, bar.close]).toEqual([row.open, row.high, row.low, row.close]);
    }
    const dates = bars.filter((b) => b.code === "600519").map((b) => b.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates).not.toContain("2024-02-09");
  });

  it("fetches stocks from daily and each fund from fund_daily, prices to the 0.001, in 股 and 元", async () => {
    const raw = await rawDaily("518850.SH", "20250102", "20250328", "fund_daily");
    expect(await rawDaily("518850.SH", "20250102", "20250328")).toEqual(new Map()); // `daily` has no funds
    const client = provider();
    const bars = await client.dailyBars(["600519", "159659", "000001", "518850"], "2025-01-02", "2025-03-28");

    expect(local().calls.map((c) => [c.api, c.subject])).toEqual([
      ["daily", "600519.SH,000001.SZ"], ["fund_daily", "159659.SZ"], ["fund_daily", "518850.SH"],
    ]);
    expect(client.calls).toBe(3);
    const days = 56; // 2025-01-02..03-28 without Spring Festival (01-28..02-04)
    for (const code of ["000001", "159659", "518850", "600519"]) expect(bars.filter((b) => b.code === code)).toHaveLength(days);
    const gold = bars.filter((b) => b.code === "518850");
    expect(gold).toHaveLength(raw.size);
    for (const bar of gold) {
      const row = raw.get(`518850.SH ${bar.date.replaceAll("-", "")}`)!;
      expect(bar.volume).toBe(Math.round(row.vol! * 100));
      expect(bar.amount).toBeCloseTo(row.amount! * 1000, 2);
      expect([bar.open, bar.high, bar.low, bar.close, bar.preClose]).toEqual([row.open, row.high, row.low, row.close, row.pre_close]);
    }
    expect(gold.some((b) => Math.round(b.close * 1000) % 10 !== 0)).toBe(true);
  });

  it("keeps Tushare's documented fund_daily rows of 沪深300ETF华夏 exactly: 手 → 股, 千元 → 元", async () => {
    const bars = await provider().dailyBars(["510330"], "2025-06-13", "2025-06-18");
    // 20250613: vol 1216787.53 手, amount 487632.318 千元 (https://tushare.pro/document/2?doc_id=127)
    expect(bars[0]).toEqual({ code: "510330", date: "2025-06-13", open: 4.023, high: 4.028, low: 3.992, close: 4.004, volume: 121_678_753, amount: 487_632_318, preClose: 4.032 });
    expect(bars.map((b) => [b.close, b.volume, b.amount])).toEqual([
      [4.004, 121_678_753, 487_632_318], [4.015, 42_352_600, 169_788_251], [4.014, 44_027_204, 176_617_125], [4.017, 38_289_600, 153_574_446],
    ]);
  });

  it("pages a fund's years through fund_daily's smaller row limit", async () => {
    const whole = await provider().dailyBars(["159659"], "2023-01-03", "2024-12-31");
    local().calls.length = 0;
    const paged = provider({ rowLimits: { fund_daily: 200 } });
    expect(await paged.dailyBars(["159659"], "2023-01-03", "2024-12-31")).toEqual(whole);
    expect(whole).toHaveLength(484);
    expect(local().calls.every((c) => c.api === "fund_daily" && c.outcome === "ok")).toBe(true);
    // at least ceil(484 / 200) requests, none answering more than the limit
    expect(paged.calls).toBeGreaterThanOrEqual(3);
  });

  it("keeps Tushare's documented 平安银行 rows exactly, converted", async () => {
    const bars = await provider().dailyBars(["000001"], "2018-07-02", "2018-07-04");
    expect(bars[0]).toEqual({ code: "000001", date: "2018-07-02", open: 9.05, high: 9.05, low: 8.55, close: 8.61, volume: 131_552_013, amount: 1_158_545_868, preClose: 9.09 });
    expect(bars.map((b) => b.volume)).toEqual([131_552_013, 127_483_857, 71_115_337]);
  });

  it("pages through the row limit: every bar once, in as many calls as the rows need", async () => {
    const whole = await provider().dailyBars(["000001", "600519", "300750"], "2023-01-03", "2023-06-30");
    local().calls.length = 0;

    const paged = provider({ rowLimits: { daily: 100 }, maxCodesPerCall: 3 });
    const bars = await paged.dailyBars(["000001", "600519", "300750"], "2023-01-03", "2023-06-30");
    expect(bars).toEqual(whole);
    expect(paged.calls).toBe(Math.ceil(whole.length / 99));
    expect(local().calls.every((c) => c.outcome === "ok")).toBe(true);
  });

  it("sizes windows one row short of the limit, so a full answer is never mistaken for a cut one", async () => {
    const client = provider({ rowLimits: { daily: 90 } });
    const bars = await client.dailyBars(["000001", "600519", "300750"], "2023-01-03", "2023-06-30");
    const days = new Set(bars.map((b) => b.date)).size;
    expect(client.calls).toBe(Math.ceil(days / 29));
  });

  it("splits a window the server cut short (has_more) until every row is in", async () => {
    await withOwnStandIn(startTushareLocal({ rowLimits: { daily: 50 } }), async (small) => {
      const client = provider({}, small);
      const bars = await client.dailyBars(["000001", "600519"], "2023-01-03", "2023-03-31");
      const expected = await provider().dailyBars(["000001", "600519"], "2023-01-03", "2023-03-31");
      expect(bars).toEqual(expected);
      expect(small.calls.length).toBeGreaterThan(1);
      expect(small.calls[0]).toMatchObject({ params: { start_date: "20230103", end_date: "20230331" } });
    });
  });

  it("fetches 沪深300 through index_daily under its stored code", async () => {
    const bars = await provider().indexBars("000300.SH", "2024-02-01", "2024-02-29");
    expect(local().calls).toEqual([expect.objectContaining({ api: "index_daily", subject: "000300.SH" })]);
    expect(bars.every((b) => b.code === "000300.SH")).toBe(true);
    expect(bars.map((b) => b.date)).toContain("2024-02-08");
    expect(bars).toHaveLength(15);
  });

  it("reads the SSE calendar across Spring Festival 2024", async () => {
    const days = await provider().tradingDays("2024-02-05", "2024-02-23");
    expect(days).toEqual(["2024-02-05", "2024-02-06", "2024-02-07", "2024-02-08", "2024-02-19", "2024-02-20", "2024-02-21", "2024-02-22", "2024-02-23"]);
    expect(local().calls[0]).toMatchObject({ api: "trade_cal", params: { exchange: "SSE", start_date: "20240205", end_date: "20240223" } });
  });

  it("lists stock names from stock_basic", async () => {
    const names = await provider().stockNames();
    expect(names).toContainEqual({ code: "600519", exchange: "SH", name: "贵州茅台" });
    expect(names).toContainEqual({ code: "000001", exchange: "SZ", name: "平安银行" });
  });

  it("lists every name a stock went by from namechange, with its days", async () => {
    const spans = await provider().nameHistory();
    expect(spans).toContainEqual({ code: "000001", exchange: "SZ", name: "深发展A", from: "1991-04-03", to: "2012-08-01" });
    expect(spans).toContainEqual({ code: "000001", exchange: "SZ", name: "平安银行", from: "2012-08-02", to: null });
    expect(local().calls[0]).toMatchObject({ api: "namechange", params: { offset: "0", limit: "5000" } });
  });

  it("surfaces a bad token in Tushare's words, without retrying", async () => {
    const client = provider({ token: "not-my-token" });
    const error = await rejection(client.dailyBars(["600519"], "2024-01-02", "2024-01-31"));
    expect(error).toMatchObject({ kind: "auth", retryable: false });
    expect(error.message).toBe("Tushare Pro daily 600519.SH: 您的token不对，请确认。 (code 40101)");
    expect(local().calls).toHaveLength(1);
  });

  it("surfaces a missing permission without retrying", async () => {
    await withOwnStandIn(startTushareLocal({ forbidden: ["index_daily"] }), async (strict) => {
      const error = await rejection(provider({}, strict).indexBars("000300.SH", "2024-01-02", "2024-01-31"));
      expect(error).toMatchObject({ kind: "permission", retryable: false });
      expect(error.message).toContain("抱歉，您没有访问该接口的权限");
      expect(strict.calls).toHaveLength(1);
    });
  });

  it("waits out the per-minute limit and succeeds", async () => {
    await withOwnStandIn(startTushareLocal({ perMinute: 2, windowMs: 200 }), async (limited) => {
      const client = provider({ policy: { ...FAST, rateLimitDelayMs: 250 } }, limited);
      await client.tradingDays("2024-01-01", "2024-01-31");
      await client.tradingDays("2024-02-01", "2024-02-29");
      const march = await client.tradingDays("2024-03-01", "2024-03-31");
      expect(march).toHaveLength(21);
      expect(limited.calls.map((c) => c.outcome)).toEqual(["ok", "ok", "40203 rate limit", "ok"]);
      expect(client.calls).toBe(4);
    });
  });

  it("reports the rate limit in Tushare's words when retries run out", async () => {
    await withOwnStandIn(startTushareLocal({ perMinute: 1, windowMs: 60_000 }), async (limited) => {
      const client = provider({ policy: { ...FAST, attempts: 2 } }, limited);
      await client.tradingDays("2024-01-01", "2024-01-31");
      const error = await rejection(client.tradingDays("2024-02-01", "2024-02-29"));
      expect(error).toMatchObject({ kind: "rate_limit", retryable: true });
      expect(error.message).toContain("抱歉，您每分钟最多访问该接口1次");
    });
  });

  it("retries a 500 twice and then gets the bars", async () => {
    await fetch(`${local().url}/_local/faults`, { method: "POST", body: JSON.stringify({ match: "600519", count: 2, kind: "500" }) });
    const bars = await provider().dailyBars(["600519"], "2024-01-02", "2024-01-31");
    expect(bars).toHaveLength(22);
    expect(local().calls.map((c) => c.outcome)).toEqual(["fault 500", "fault 500", "ok"]);
  });

  it("gives up on repeated 500s with a retryable server error naming the call", async () => {
    local().faults.push({ match: "600519", count: 5, kind: "500" });
    const error = await rejection(provider({ policy: { ...FAST, attempts: 3 } }).dailyBars(["600519"], "2024-01-02", "2024-01-31"));
    expect(error).toMatchObject({ kind: "server", retryable: true });
    expect(error.message).toMatch(/^Tushare Pro daily 600519\.SH: HTTP 500/);
    expect(local().calls).toHaveLength(3);
  });

  it("turns a server that never answers into a retryable network error", async () => {
    local().faults.push({ match: "600519", count: 1, kind: "timeout" });
    const error = await rejection(provider({ policy: { ...FAST, attempts: 1, timeoutMs: 300 } }).dailyBars(["600519"], "2024-01-02", "2024-01-31"));
    expect(error).toMatchObject({ kind: "network", retryable: true });
    expect(error.message).toBe("Tushare Pro daily 600519.SH: no answer within 0.3 s");

    local().faults.push({ match: "600519", count: 1, kind: "timeout" });
    const bars = await provider({ policy: { ...FAST, timeoutMs: 300 } }).dailyBars(["600519"], "2024-01-02", "2024-01-31");
    expect(bars).toHaveLength(22);
  });

  it("stops at once when the caller aborts", async () => {
    local().faults.push({ count: 1, kind: "timeout" });
    const controller = new AbortController();
    const pending = provider().tradingDays("2024-01-01", "2024-01-31", controller.signal);
    setTimeout(() => controller.abort(new Error("sync cancelled")), 50);
    await expect(pending).rejects.toThrow("sync cancelled");
  });
});
