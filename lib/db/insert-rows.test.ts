import { asc, eq, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { db } from "@/lib/db";
import { marketBars, masterDays, masters, stocks } from "@/lib/db/schema";
import { insertRows } from "./insert-rows";
import { describeOnEachEngine } from "./test-support";

// Text as statements and providers send it: Chinese, quotes, backslashes, JSON's own punctuation, emoji.
const awkwardText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("贵州茅台", "*ST 康美", 'say "hi"', "back\\slash", "{a,b}", "NULL", "🚀涨停", "", "[1]", "'"),
);
const priceValue = fc.integer({ min: 1, max: 9_999_999 }).map((milli) => milli / 1000);
const moneyValue = fc.integer({ min: -9_000_000_000, max: 9_000_000_000 }).map((fen) => fen / 100);

describeOnEachEngine("insertRows", () => {
  it("stores every value as drizzle's own insert does: prices, money, volumes, dates, nulls and awkward text", async () => {
    const database = await db();
    const bar = fc.record({
      day: fc.integer({ min: 0, max: 5000 }),
      open: priceValue, high: priceValue, low: priceValue, close: priceValue,
      volume: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      amount: fc.option(moneyValue, { nil: null }),
      preClose: fc.option(priceValue, { nil: null }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(bar, { selector: (b) => b.day, minLength: 1, maxLength: 30 }), async (bars) => {
        run += 1;
        const rows = (code: string) =>
          bars.map((b) => ({
            code, tradeDate: new Date(Date.UTC(2010, 0, 1) + b.day * 86_400_000).toISOString().slice(0, 10),
            open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume, amount: b.amount, preClose: b.preClose, source: "tushare" as const,
          }));
        await database.insert(marketBars).values(rows(`D${run}`));
        await insertRows(database, marketBars, rows(`J${run}`));
        const read = async (code: string) =>
          (await database.select().from(marketBars).where(eq(marketBars.code, code)).orderBy(asc(marketBars.tradeDate))).map((r) => ({ ...r, code: "" }));
        expect(await read(`J${run}`)).toEqual(await read(`D${run}`));
      }),
      { numRuns: 25 },
    );
  });

  it("keeps arrays, jsonb and timestamps, and a left-out column takes its database default", async () => {
    const database = await db();
    const createdAt = new Date("2024-03-05T01:02:03.456Z");
    await insertRows(database, masters, [
      { name: "有标签", styleTags: ["打板", 'a"b', "c\\d"], createdAt },
      { name: "无标签" },
    ]);
    const stored = await database.select().from(masters).where(like(masters.name, "%标签")).orderBy(asc(masters.name));
    expect(stored.map((m) => [m.name, m.styleTags, m.disclosureDelayDays])).toEqual([["无标签", [], 0], ["有标签", ["打板", 'a"b', "c\\d"], 0]]);
    expect(stored.find((m) => m.name === "有标签")!.createdAt.toISOString()).toBe(createdAt.toISOString());
    expect(stored.find((m) => m.name === "无标签")!.guid).toMatch(/^[0-9a-f-]{36}$/);

    const guid = stored[0]!.guid;
    await fc.assert(
      fc.asyncProperty(fc.array(awkwardText, { maxLength: 6 }), moneyValue, async (names, pnl) => {
        await database.delete(masterDays).where(eq(masterDays.masterGuid, guid));
        await insertRows(database, masterDays, [{ masterGuid: guid, day: "2024-01-02", names, pnl, cumPnl: pnl }]);
        const [day] = await database.select().from(masterDays).where(eq(masterDays.masterGuid, guid));
        expect([day!.names, day!.pnl, day!.cumPnl, day!.trips, day!.bestCode]).toEqual([names, pnl, pnl, 0, null]);
      }),
      { numRuns: 40 },
    );
  });

  it("writes more rows than one statement holds, and applies the conflict clause it is given", async () => {
    const database = await db();
    const many = Array.from({ length: 12_345 }, (_, i) => ({ code: `M${String(i).padStart(5, "0")}`, exchange: "SZ", name: `股${i}` }));
    await insertRows(database, stocks, many);
    expect((await database.select({ n: sql<number>`count(*)::int` }).from(stocks).where(like(stocks.code, "M%")))[0]!.n).toBe(12_345);
    await insertRows(database, stocks, [{ code: "M00007", exchange: "SZ", name: "改名" }], {
      onConflict: sql`on conflict (code) do update set name = excluded.name`,
    });
    const [renamed] = await database.select().from(stocks).where(eq(stocks.code, "M00007"));
    expect([renamed!.name, renamed!.isSynthetic]).toEqual(["改名", false]);
  });

  it("refuses a key that is not a column instead of dropping it", async () => {
    const database = await db();
    await expect(insertRows(database, stocks, [{ code: "X1", exchange: "SH", name: "x", nmae: "typo" } as never])).rejects.toThrow("nmae is not a column");
  });
});
