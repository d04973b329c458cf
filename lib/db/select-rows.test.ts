import { asc, eq, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { db } from "@/lib/db";
import { marketBars, masters, statementFills, statements } from "@/lib/db/schema";
import { insertRows } from "./insert-rows";
import { selectRows } from "./select-rows";
import { describeOnEachEngine } from "./test-support";

// Text as statements and providers send it: Chinese, quotes, backslashes, JSON's own punctuation, emoji, controls.
const awkwardText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("贵州茅台", "*ST 康美", 'say "hi"', "back\\slash", "{a,b}", "NULL", "🚀涨停", "", "[1]", "'", "a\tb\nc", "\u0001"),
);
const priceValue = fc.integer({ min: 1, max: 99_999_999 }).map((milli) => milli / 1000);
const moneyValue = fc.integer({ min: -9_000_000_000_000, max: 9_000_000_000_000 }).map((fen) => fen / 100);
const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

describeOnEachEngine("selectRows", () => {
  it("reads a statement's fills exactly as drizzle's select does: every column type, nulls, jsonb and awkward text", async () => {
    const database = await db();
    const [master] = await database.insert(masters).values({ name: "读取测试" }).returning();
    const fill = fc.record({
      time: orNull(fc.constantFrom("09:30:00", "14:59:59", "")),
      name: awkwardText,
      side: fc.constantFrom("buy" as const, "sell" as const),
      quantity: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      price: priceValue,
      amount: moneyValue,
      fxRate: orNull(fc.integer({ min: 1, max: 999_999_999 }).map((n) => n / 1e8)),
      commission: orNull(moneyValue),
      shareBalance: orNull(fc.integer({ min: -1e12, max: 1e12 })),
      raw: awkwardText,
      auditStatus: orNull(fc.constantFrom("passed" as const, "failed" as const)),
      auditFailures: fc.array(fc.record({ rule: awkwardText, message: awkwardText }), { maxLength: 2 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fill, { minLength: 1, maxLength: 20 }), async (fills) => {
        run += 1;
        const [statement] = await database.insert(statements).values({ masterGuid: master!.guid, fileName: `f${run}`, fileHash: `h${run}`, fileSize: 1, format: "ths", formatLabel: "x", encoding: "utf-8", rowCount: fills.length, fillCount: fills.length, eventCount: 0 }).returning();
        await insertRows(database, statementFills, fills.map(({ time, ...f }, i) => ({
          ...f, statementId: statement!.id, masterGuid: master!.guid, line: i + 2, tradeDate: `2024-01-${String(1 + (i % 28)).padStart(2, "0")}`,
          tradeTime: time, code: "600000", exchange: "SH",
        })));
        const where = eq(statementFills.statementId, statement!.id);
        const expected = await database.select().from(statementFills).where(where).orderBy(asc(statementFills.tradeDate), asc(statementFills.id));
        expect(await selectRows(database, statementFills, where, sql`${statementFills.tradeDate}, ${statementFills.id}`)).toEqual(expected);
      }),
      { numRuns: 20 },
    );
  });

  it("keeps timestamps, arrays and the order asked for, and reads no rows as an empty list", async () => {
    const database = await db();
    const createdAt = new Date("2024-03-05T01:02:03.456Z");
    await insertRows(database, masters, [{ name: "乙 标签", styleTags: ["打板", 'a"b'], createdAt }, { name: "甲 标签" }]);
    const where = like(masters.name, "% 标签");
    const expected = await database.select().from(masters).where(where).orderBy(asc(masters.name));
    const read = await selectRows(database, masters, where, sql`${masters.name}`);
    expect(read).toEqual(expected);
    const tagged = read.find((m) => m.name === "乙 标签")!;
    expect(tagged.createdAt).toBeInstanceOf(Date);
    expect([tagged.createdAt.toISOString(), tagged.styleTags]).toEqual([createdAt.toISOString(), ["打板", 'a"b']]);
    expect(await selectRows(database, marketBars, eq(marketBars.code, "无此代码"), sql`${marketBars.tradeDate}`)).toEqual([]);
  });
});
