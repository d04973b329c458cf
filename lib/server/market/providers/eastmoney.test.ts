import { startEastmoneyLocal } from "@/test/market-local/eastmoney";
import { EastmoneyProvider } from "./eastmoney";
import { FAST_RETRIES as FAST, rejection, standInForTests } from "./stand-in.test-support";

const local = standInForTests(startEastmoneyLocal);

function provider(policy: Partial<typeof FAST> & { attempts?: number } = {}): EastmoneyProvider {
  return new EastmoneyProvider({ apiUrl: local().url, policy: { ...FAST, ...policy } });
}

/** the stand-in's klines for a secid, split into their comma fields, keyed by date */
async function rawKlines(secid: string, beg: string, end: string): Promise<Map<string, string[]>> {
  const response = await fetch(`${local().url}/api/qt/stock/kline/get?secid=${secid}&klt=101&fqt=0&beg=${beg}&end=${end}`);
  const { data } = (await response.json()) as { data: { klines: string[] } };
  local().calls.length = 0;
  return new Map(data.klines.map((line) => [line.split(",")[0]!, line.split(",")]));
}

describe("东方财富 client against the stand-in", () => {
  it("asks one secid per code, unadjusted daily bars, and converts 手 to 股", async () => {
    const raw = await rawKlines("0.300750", "20240102", "20240329");
    const client = provider();
    const bars = await client.dailyBars(["600519", "300750", "920047"], "2024-01-02", "2024-03-29");

    expect(client.maxCodesPerCall).toBe(1);
    expect(local().calls.map((c) => c.subject)).toEqual(["1.600519", "0.300750", "0.920047"]);
    expect(local().calls[0]!.params).toMatchObject({ klt: "101", fqt: "0", beg: "20240102", end: "20240329" });
    expect(client.calls).toBe(3);
    const catl = bars.filter((b) => b.code === "300750");
    expect(catl).toHaveLength(raw.size);
    for (const bar of catl) {
      const [, open, close, high, low, volume, amount, , , change] = raw.get(bar.date)!;
      expect([bar.open, bar.close, bar.high, bar.low]).toEqual([open, close, high, low].map(Number));
      expect(bar.volume).toBe(Number(volume) * 100);
      expect(bar.amount).toBe(Number(amount));
      expect(bar.preClose).toBeCloseTo(Number(close) - Number(change), 6);
    }
    expect(bars.filter((b) => b.code === "920047").length).toBe(catl.length);
  });

  it("serves funds from the same endpoint and secid rule, prices to the answer's three decimals", async () => {
    const raw = await rawKlines("0.159659", "20250102", "20250328");
    const client = provider();
    const bars = await client.dailyBars(["518850", "159659", "510330"], "2025-01-02", "2025-03-28");
    expect(local().calls.map((c) => c.subject)).toEqual(["1.518850", "0.159659", "1.510330"]);
    const nasdaq = bars.filter((b) => b.code === "159659");
    expect(nasdaq).toHaveLength(raw.size);
    expect(raw.size).toBe(56);
    for (const bar of nasdaq) {
      const [, open, close, high, low, volume, amount, , , change] = raw.get(bar.date)!;
      expect(close).toMatch(/^\d+\.\d{3}$/);
      expect([bar.open, bar.close, bar.high, bar.low]).toEqual([open, close, high, low].map(Number));
      expect(bar.volume).toBe(Number(volume) * 100);
      expect(bar.amount).toBe(Number(amount));
      expect(bar.preClose).toBe(Math.round((Number(close) - Number(change)) * 1000) / 1000);
    }
    expect(nasdaq.some((b) => Math.round(b.preClose! * 1000) % 10 !== 0)).toBe(true);
    const etf = await provider().dailyBars(["510330"], "2025-06-13", "2025-06-18");
    expect(etf.map((b) => b.preClose)).toEqual([4.032, 4.004, 4.015, 4.014]);
  });

  it("keeps the published 招商轮船 rows exactly, with 昨收 = close − change", async () => {
    const bars = await provider().dailyBars(["601872"], "2024-12-18", "2024-12-24");
    expect(bars[0]).toEqual({ code: "601872", date: "2024-12-18", open: 6.11, high: 6.28, low: 6.1, close: 6.18, volume: 84_274_300, amount: 542_829_495, preClose: 6.08 });
    expect(bars.map((b) => b.preClose)).toEqual([6.08, 6.18, 6.09, 5.97, 6.06]);
  });

  it("tells 平安银行 (0.000001) from 上证指数 (1.000001)", async () => {
    const [bank] = await provider().dailyBars(["000001"], "2018-07-02", "2018-07-02");
    expect(bank).toMatchObject({ code: "000001", close: 8.61, preClose: 9.09 });
    const index = await provider().indexBars("000001.SH", "2018-07-02", "2018-07-02");
    expect(index[0]!.close).toBeGreaterThan(1000);
  });

  it("fetches 沪深300 as secid 1.000300 under its stored code", async () => {
    const bars = await provider().indexBars("000300.SH", "2024-02-01", "2024-02-29");
    expect(local().calls.map((c) => c.subject)).toEqual(["1.000300"]);
    expect(bars).toHaveLength(15);
    expect(bars.every((b) => b.code === "000300.SH")).toBe(true);
  });

  it("derives the calendar from the index's bars across Spring Festival 2024", async () => {
    const days = await provider().tradingDays("2024-02-05", "2024-02-23");
    expect(days).toEqual(["2024-02-05", "2024-02-06", "2024-02-07", "2024-02-08", "2024-02-19", "2024-02-20", "2024-02-21", "2024-02-22", "2024-02-23"]);
  });

  it("returns no bars for a security it does not know (data null)", async () => {
    expect(await provider().dailyBars(["699999"], "2024-01-02", "2024-01-31")).toEqual([]);
    expect(local().calls).toEqual([expect.objectContaining({ subject: "1.699999", outcome: "data null" })]);
  });

  it("has no list of names", async () => {
    expect(await provider().stockNames()).toEqual([]);
    expect(local().calls).toHaveLength(0);
  });

  it("retries a 500 twice and then gets the bars", async () => {
    local().faults.push({ match: "600519", count: 2, kind: "500" });
    const bars = await provider().dailyBars(["600519"], "2024-01-02", "2024-01-31");
    expect(bars).toHaveLength(22);
    expect(local().calls.map((c) => c.outcome)).toEqual(["fault 500", "fault 500", "ok"]);
  });

  it("names the provider, the secid and the answer when it gives up", async () => {
    local().faults.push({ match: "600519", count: 9, kind: "500" });
    const error = await rejection(provider({ attempts: 2 }).dailyBars(["600519"], "2024-01-02", "2024-01-31"));
    expect(error).toMatchObject({ kind: "server", retryable: true });
    expect(error.message).toMatch(/^东方财富 K线 1\.600519: HTTP 500/);
  });

  it("turns a server that never answers into a retryable network error", async () => {
    local().faults.push({ count: 1, kind: "timeout" });
    const error = await rejection(provider({ attempts: 1, timeoutMs: 300 }).dailyBars(["600519"], "2024-01-02", "2024-01-31"));
    expect(error).toMatchObject({ kind: "network", retryable: true, message: "东方财富 K线 1.600519: no answer within 0.3 s" });
  });
});
