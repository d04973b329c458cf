import { defaultCalendar } from "@/lib/domain/market/calendar";
import { db } from "@/lib/db";
import { stocks } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { masterStatement, memberStatement, strategyWithFills } from "./fills.test-support";
import { calendarSpan, lastDayWithBars, planMarketSync } from "./plan";

// Friday 2024-06-14, 18:00 and 10:00 in Asia/Shanghai
const AFTER_CLOSE = new Date("2024-06-14T10:00:00Z");
const BEFORE_CLOSE = new Date("2024-06-14T02:00:00Z");

describe("lastDayWithBars", () => {
  it("is today after 16:00 Asia/Shanghai on a trading day, else the trading day before", () => {
    expect(lastDayWithBars(AFTER_CLOSE, defaultCalendar)).toBe("2024-06-14");
    expect(lastDayWithBars(BEFORE_CLOSE, defaultCalendar)).toBe("2024-06-13");
    expect(lastDayWithBars(new Date("2024-06-14T07:59:00Z"), defaultCalendar)).toBe("2024-06-13");
    expect(lastDayWithBars(new Date("2024-06-14T08:00:00Z"), defaultCalendar)).toBe("2024-06-14");
    // Saturday after the Spring Festival eve closure: the last open day was Thursday 2024-02-08
    expect(lastDayWithBars(new Date("2024-02-10T12:00:00Z"), defaultCalendar)).toBe("2024-02-08");
  });

  it("keeps the provider calendar from 2015 to the end of the year in Shanghai", () => {
    expect(calendarSpan(new Date("2024-12-31T16:30:00Z"))).toEqual({ from: "2015-01-01", to: "2025-12-31" });
    expect(calendarSpan(AFTER_CLOSE)).toEqual({ from: "2015-01-01", to: "2024-12-31" });
  });
});

describeOnEachEngine("market sync plan", () => {
  beforeAll(async () => {
    await masterStatement([
      { date: "2024-03-04", code: "600519" },
      { date: "2024-03-15", code: "600519" },
      { date: "2024-03-05", code: "00700", market: "HK" },
      { date: "2024-03-06", code: "510300" },
      { date: "2024-03-06", code: "204001" },
      { date: "2024-03-06", code: "113070" },
      { date: "2024-03-08", code: "159659" },
      { date: "2024-03-07", code: "300750" },
    ]);
    await memberStatement([{ date: "2024-05-06", code: "000001" }, { date: "2024-01-02", code: "600519" }]);
    await strategyWithFills([{ date: "2024-06-03", code: "688981" }]);
    await (await db()).insert(stocks).values({ code: "300750", exchange: "SZ", name: "宁德时代", isSynthetic: true });
  });

  it("takes every A-share stock and fund of masters', members' and strategies' fills over −120 / +20 trading days", async () => {
    const plan = await planMarketSync({ now: AFTER_CLOSE }, defaultCalendar, await db());
    const around = (first: string, last: string) => ({ from: defaultCalendar.addTradingDays(first, -120), to: defaultCalendar.addTradingDays(last, 20) });
    expect(plan.stocks).toEqual([
      { code: "000001", span: around("2024-05-06", "2024-05-06") },
      { code: "159659", span: around("2024-03-08", "2024-03-08") },
      { code: "510300", span: around("2024-03-06", "2024-03-06") },
      { code: "600519", span: { from: defaultCalendar.addTradingDays("2024-01-02", -120), to: defaultCalendar.addTradingDays("2024-03-15", 20) } },
      { code: "688981", span: { from: defaultCalendar.addTradingDays("2024-06-03", -120), to: "2024-06-14" } },
    ]);
    expect(plan.stocks.find((s) => s.code === "600519")!.span).toEqual({ from: "2023-07-07", to: "2024-04-16" });
    expect(plan.index).toEqual({ code: "000300.SH", span: { from: "2023-07-07", to: "2024-06-14" } });
  });

  it("stops at the trading day before while today's bars are not out", async () => {
    const plan = await planMarketSync({ now: BEFORE_CLOSE }, defaultCalendar, await db());
    expect(plan.stocks.find((s) => s.code === "688981")!.span.to).toBe("2024-06-13");
  });

  it("clamps every span to --from / --to", async () => {
    const plan = await planMarketSync({ from: "2024-04-01", to: "2024-05-31", now: AFTER_CLOSE }, defaultCalendar, await db());
    expect(plan.stocks.map((s) => [s.code, s.span])).toEqual([
      ["000001", { from: "2024-04-01", to: "2024-05-31" }],
      ["159659", { from: "2024-04-01", to: "2024-04-09" }],
      ["510300", { from: "2024-04-01", to: "2024-04-03" }],
      ["600519", { from: "2024-04-01", to: "2024-04-16" }],
      ["688981", { from: "2024-04-01", to: "2024-05-31" }],
    ]);
  });

  it("with codes takes just those, and says why bonds, repo and synthetic stocks are left out", async () => {
    const plan = await planMarketSync({ codes: ["600519", "510300", "113070", "204001", "300750", "000002", "000300.SH"], now: AFTER_CLOSE }, defaultCalendar, await db());
    expect(plan.stocks.map((s) => s.code)).toEqual(["000002", "510300", "600519"]);
    expect(plan.stocks[0]).toEqual({ code: "000002", span: { from: defaultCalendar.addTradingDays("2024-06-14", -250), to: "2024-06-14" } });
    expect(plan.stocks[2]).toEqual({ code: "600519", span: { from: "2023-07-07", to: "2024-04-16" } });
    expect(plan.index).toEqual({ code: "000300.SH", span: { from: defaultCalendar.addTradingDays("2024-06-14", -250), to: "2024-06-14" } });
    expect(plan.skipped.map((s) => s.code)).toEqual(["113070", "204001", "300750"]);
    expect(plan.skipped[0]!.reason).toContain("债券、回购");
    expect(plan.skipped[2]!.reason).toContain("模拟行情");
  });

  it("with codes and a window asks for that window, never past the last day with bars", async () => {
    const plan = await planMarketSync({ codes: ["600519"], from: "2022-01-04", to: "2030-01-01", now: AFTER_CLOSE }, defaultCalendar, await db());
    expect(plan.stocks).toEqual([{ code: "600519", span: { from: "2022-01-04", to: "2024-06-14" } }]);
    expect(plan.index).toBeNull();
  });
});
