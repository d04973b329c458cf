import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { marketBars, stocks } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { MarketDataError } from "@/lib/server/market/providers/types";
import { masterStatement } from "@/lib/server/market/sync/fills.test-support";
import { MemoryProvider } from "@/lib/server/market/sync/memory-provider.test-support";
import { NO_PROVIDER_MESSAGE } from "@/lib/server/market/sync/run";
import { parseCodes, registerMarketCommands } from "./market";
import { runCommand } from "./run-command.test-support";

process.env.LOG_LEVEL = "silent";

describe("parseCodes", () => {
  it("reads six-digit codes with or without the exchange, and the 沪深300", () => {
    expect(parseCodes("600519, sh601318 000001.SZ，000300.sh 600519")).toEqual(["600519", "601318", "000001", "000300.SH"]);
  });

  it("refuses what is not a stock, naming it", () => {
    expect(() => parseCodes("60051")).toThrow('"60051" is not a stock code');
    expect(() => parseCodes("600519,abc")).toThrow('"abc" is not a stock code');
    expect(() => parseCodes("113070")).toThrow("113070 is neither an A-share stock nor an exchange-traded fund");
    expect(parseCodes("510300,159659")).toEqual(["510300", "159659"]);
    expect(() => parseCodes(" , ")).toThrow("no codes given");
  });
});

describeOnEachEngine("cli market:sync", () => {
  let provider: MemoryProvider | null = null;
  const cli = (...args: string[]) => runCommand((program) => registerMarketCommands(program, { provider: () => provider }), "market:sync", ...args);

  beforeAll(async () => {
    await masterStatement([{ date: "2024-03-04", code: "600519" }, { date: "2024-03-05", code: "000001" }]);
    await (await db()).insert(stocks).values({ code: "300750", exchange: "SZ", name: "宁德时代", isSynthetic: true });
  });

  it("syncs every statement's stocks and prints the summary", async () => {
    provider = new MemoryProvider(2);
    const { out, error } = await cli();
    expect(error).toBeNull();
    expect(out[0]).toBe("provider: 内存行情（测试）");
    expect(out[1]).toMatch(/^ok: 3 codes, \d+ bars, \d+ calls, 0 failures in [\d.]+ s \(run \d+\)$/);
    const [row] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(marketBars).where(eq(marketBars.code, "600519"));
    expect(row!.n).toBeGreaterThan(100);
  });

  it("makes no calls when run again", async () => {
    const { out, error } = await cli();
    expect(error).toBeNull();
    expect(out[1]).toMatch(/^ok: 3 codes, 0 bars, 0 calls, 0 failures/);
  });

  it("lists each failed code with its reason and fails", async () => {
    provider = new MemoryProvider(1);
    provider.failing.set("002594", new MarketDataError("rate_limit", "Tushare daily（002594）：抱歉，您每分钟最多访问该接口500次", true));
    const { out, error } = await cli("--codes", "002594,000858", "--from", "2024-01-02", "--to", "2024-01-31");
    // January 2024 had 22 trading days; the third call asks for the new stock's name
    expect(out[1]).toMatch(/^partial: 2 codes, 22 bars, 3 calls, 1 failures/);
    expect(out).toContain("failed 002594: Tushare daily（002594）：抱歉，您每分钟最多访问该接口500次");
    expect(error).toBe("1 code was not fetched (reasons above); run market:sync again to retry them");
  });

  it("says the demo's synthetic stocks are left alone", async () => {
    provider = new MemoryProvider(1);
    const { out, error } = await cli("--codes", "300750");
    expect(error).toBeNull();
    expect(out[0]).toBe("skipped 300750: its bars are the demo's synthetic 模拟行情 and are not overwritten");
    expect(provider.barRequests()).toEqual([]);
  });

  it("fails with what to configure when there is no provider", async () => {
    provider = null;
    const { out, error } = await cli();
    expect(out).toContain(`stopped: ${NO_PROVIDER_MESSAGE}`);
    expect(error).toBe(NO_PROVIDER_MESSAGE);
  });

  it("refuses bad dates and a window the wrong way round", async () => {
    expect((await cli("--from", "2024-02-30")).error).toContain('expected a date YYYY-MM-DD from 1990 to 2100, got "2024-02-30"');
    expect((await cli("--from", "2024-03-01", "--to", "2024-02-01")).error).toContain("--from 2024-03-01 is after --to 2024-02-01");
    expect((await cli("--codes", "12345")).error).toContain('"12345" is not a stock code');
  });
});
