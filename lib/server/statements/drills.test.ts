import { randomUUID } from "node:crypto";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { db } from "@/lib/db";
import { trainAnswers } from "@/lib/db/schema";
import { DRILL_LOOKBACK_BARS, FREE_DRILLS_PER_DAY } from "@/lib/domain/lessons/drill";
import { shanghaiDate } from "@/lib/domain/membership";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import type { Viewer } from "@/lib/server/auth/viewer";
import { upsertBars } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { drillOverview, masterDrills } from "./drill-sets";
import { answerDrill, drillQuestion, drillsLeftToday } from "./drills";
import { importStatement } from "./import";
import { createMaster } from "./masters-admin";
import { closeStatementParser } from "./parser-pool";

/**
 * The decision drill on a stored book (docs/adr/0081): the question holds nothing dated from the day on, the answer
 * reveals the master's day, and each tier gets the drills its window shows.
 */
process.env.LOG_LEVEL = "silent";

const CODE = "600036";
const DATE_RE = /\d{4}-\d{2}-\d{2}/g;

async function book() {
  const days = (await marketCalendar()).tradingDays("2024-01-02", "2024-06-28").slice(0, 60);
  const closeOf = (i: number) => Math.round((10 + 0.05 * i) * 1.01 * 100) / 100;
  await upsertBars(
    days.map((date, i) => {
      const p = 10 + 0.05 * i;
      return { code: CODE, date, open: p, high: Math.round(p * 1.02 * 100) / 100, low: Math.round(p * 0.98 * 100) / 100, close: closeOf(i), preClose: i ? closeOf(i - 1) : null, volume: 1e7, amount: null };
    }),
    { source: "import" },
  );
  const row = (i: number, side: "证券买入" | "证券卖出", quantity: number) => {
    const price = 10 + 0.05 * i;
    const amount = (price * quantity).toFixed(2);
    const net = side === "证券买入" ? -(price * quantity + 5) : price * quantity - 5;
    return `${days[i]!.replaceAll("-", "")},10:00:00,${CODE},招商银行,${side},${quantity},${price.toFixed(2)},${amount},${net.toFixed(2)},5.00,0.00`;
  };
  const csv = [
    "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
    row(25, "证券买入", 1000),
    row(30, "证券买入", 500),
    row(32, "证券卖出", 1500),
    row(58, "证券买入", 800),
  ].join("\n");
  const master = await createMaster(OPERATOR, { name: `训练-${randomUUID().slice(0, 6)}` });
  await importStatement(OPERATOR, new TextEncoder().encode(csv), "训练.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
  return { master, days };
}

const vip = (v: Viewer): Viewer => ({ ...v, userInfo: { ...v.userInfo, levelId: 100 } });

describeOnEachEngine("the decision drill", () => {
  afterAll(() => closeStatementParser());

  it("asks with the bars before the day and the master's position then, and nothing dated from the day on", async () => {
    const { master, days } = await book();
    const day = days[30]!;
    const question = await drillQuestion(null, { guid: master.guid, date: day, code: CODE });
    expect(question.bars).toHaveLength(30);
    expect(question.bars.length).toBeLessThanOrEqual(DRILL_LOOKBACK_BARS);
    expect(question.bars[question.bars.length - 1]!.date).toBe(days[29]);
    expect(Object.keys(question.bars[0]!).sort()).toEqual(["close", "date", "high", "low", "open", "volume"]);
    expect(question.position).toEqual({ shares: 1000, averageCost: 11.25 });
    expect(question.stock).toEqual({ code: CODE, name: "招商银行" });
    const dates = JSON.stringify(question).match(DATE_RE) ?? [];
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((d) => d >= day)).toEqual([]);
  });

  it("reveals the master's day on the answer, scores it once, and keeps the first answer", async () => {
    const { master, days } = await book();
    const { viewer } = await userWithRole("member", "drill");
    const key = { guid: master.guid, date: days[32]!, code: CODE };
    const reveal = await answerDrill(viewer, key, "buy", 200);
    expect(reveal).toMatchObject({ choice: "buy", quantity: 200, masterChoice: "sell", agreed: false, repeated: false, bothWays: false });
    expect(reveal.fills).toEqual([expect.objectContaining({ date: days[32], side: "sell", quantity: 1500, price: 11.6 })]);
    expect(reveal.bars.map((b) => b.date)).toEqual(days.slice(32, 38));
    expect(reveal.outcome.trip).toMatchObject({ status: "closed", openDate: days[25], closeDate: days[32] });
    expect(reveal.outcome.choiceReturn).toBeCloseTo(Math.round(((10 + 0.05 * 37) * 1.01) * 100) / 100 / (10 + 0.05 * 32) - 1, 3);
    expect(reveal.detailHref).toBe(`/detail/${master.guid}/${days[32]}/${CODE}`);
    // answering again changes nothing: the first answer stands
    expect(await answerDrill(viewer, key, "sell", null)).toMatchObject({ choice: "buy", agreed: false, repeated: true });
    const sets = await masterDrills(viewer, master.guid);
    expect(sets!.answered).toBe(1);
    // /train keeps the member's history: what they chose beside what the master did
    expect((await drillOverview(viewer)).history).toEqual([
      { masterGuid: master.guid, masterName: master.name, date: days[32], code: CODE, name: "招商银行", choice: "buy", masterChoice: "sell", agreed: false, play: reveal.play, choiceReturn: reveal.outcome.choiceReturn },
    ]);
    expect(sets!.groups.flatMap((g) => g.next.map((d) => d.date))).not.toContain(days[32]);
  });

  it("gives visitors and free members the free sample's days, VIP every disclosed day, and free members five a day", async () => {
    const { master, days } = await book();
    const recent = { guid: master.guid, date: days[58]!, code: CODE };
    await expect(drillQuestion(null, recent)).rejects.toMatchObject({ code: "unauthenticated" });
    const { viewer: free } = await userWithRole("member", "free");
    await expect(drillQuestion(free, recent)).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("VIP") });
    await expect(answerDrill(free, recent, "buy", null)).rejects.toMatchObject({ code: "forbidden" });
    await expect(drillQuestion(vip(free), recent)).resolves.toMatchObject({ position: null });
    await expect(drillQuestion(free, { ...recent, date: days[31]! })).rejects.toMatchObject({ code: "not_found" });
    // the sets list what the window shows
    const freeSets = await masterDrills(free, master.guid);
    expect(freeSets!.groups.flatMap((g) => g.next.map((d) => d.date)).sort()).toEqual([days[25], days[30], days[32]]);
    const vipSets = await masterDrills(vip(free), master.guid);
    expect(vipSets!.total).toBe(4);
    // /train counts them in the database by the same rules
    const countOf = async (v: Viewer | null) => (await drillOverview(v)).masters.find((m) => m.guid === master.guid)?.total;
    expect([await countOf(null), await countOf(free), await countOf(vip(free))]).toEqual([3, 3, 4]);

    const database = await db();
    const today = shanghaiDate(new Date());
    await database.insert(trainAnswers).values(
      Array.from({ length: FREE_DRILLS_PER_DAY }, (_, i) => ({
        userId: free.userId, masterGuid: master.guid, tradeDate: `2023-01-0${i + 2}`, code: CODE, choice: "watch" as const, masterChoice: "buy" as const, agreed: false, answeredOn: today,
      })),
    );
    expect(await drillsLeftToday(free)).toBe(0);
    await expect(answerDrill(free, { ...recent, date: days[30]! }, "buy", null)).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("明天再来") });
    expect(await drillsLeftToday(vip(free))).toBeNull();
    await expect(answerDrill(vip(free), { ...recent, date: days[30]! }, "buy", null)).resolves.toMatchObject({ agreed: true, play: expect.any(String) });
  });
});
