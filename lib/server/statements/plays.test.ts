import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { upsertBars } from "@/lib/server/market/bars";
import { LIMIT_UP_CAVEAT } from "@/lib/domain/lessons/plays";
import { analysisPage } from "./analysis-page";
import { masterDetail } from "./detail";
import { importStatement } from "./import";
import { createMaster } from "./masters-admin";
import { closeStatementParser } from "./parser-pool";

/** The 打法 view of a stored book: its fills labelled from the stored bars, its trips counted per 打法 (docs/adr/0080). */
process.env.LOG_LEVEL = "silent";

const STATEMENT = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  // at the limit-up price of a day that closed there: 首板打板
  "20240305,10:00:00,600036,招商银行,证券买入,1000,11.22,11220.00,-11225.00,5.00,0.00",
  "20240306,10:00:00,600036,招商银行,证券卖出,1000,12.00,12000.00,11989.00,5.00,6.00",
  // below the previous close: 低吸, sold at a loss
  "20240308,10:00:00,600036,招商银行,证券买入,1000,12.95,12950.00,-12955.00,5.00,0.00",
  "20240311,10:00:00,600036,招商银行,证券卖出,1000,12.70,12700.00,12688.65,5.00,6.35",
].join("\n");
const bar = (date: string, preClose: number, open: number, high: number, low: number, close: number) => ({ code: "600036", date, open, high, low, close, preClose, volume: 10_000_000, amount: null });

describeOnEachEngine("the 打法 view of /analysis", () => {
  afterAll(() => closeStatementParser());

  it("labels the book's buys from the stored bars and counts each trip for the buy that opened it", async () => {
    const master = await createMaster(OPERATOR, { name: "打法测试" });
    await importStatement(OPERATOR, new TextEncoder().encode(STATEMENT), "打法.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    await upsertBars([
      bar("2024-03-04", 10.0, 10.1, 10.5, 9.9, 10.2),
      bar("2024-03-05", 10.2, 10.5, 11.22, 10.4, 11.22),
      bar("2024-03-06", 11.22, 11.5, 12.34, 11.3, 12.34),
      bar("2024-03-07", 12.34, 12.6, 13.57, 12.5, 13.0),
      bar("2024-03-08", 13.0, 12.8, 13.2, 12.5, 12.6),
      bar("2024-03-11", 12.6, 12.7, 12.9, 12.4, 12.8),
    ], { source: "import" });
    const admin = await userWithRole("admin");
    const page = await analysisPage(admin.viewer, master.guid, null, { plays: true });
    const plays = Object.fromEntries(page!.plays!.plays.map((p) => [p.play, [p.buys, p.trips, p.wins]]));
    expect(plays).toMatchObject({ "limit-up": [1, 1, 1], dip: [1, 1, 0], halfway: [0, 0, 0] });
    expect(page!.plays!.limitUp).toMatchObject({ buys: 1, nextDaySamples: 1, brokenRate: 0 });
    expect(page!.plays!.limitUp.nextDayPremium).toBeCloseTo(11.5 / 11.22 - 1, 10);
    // the other views do not pay for it
    expect((await analysisPage(admin.viewer, master.guid, null))!.plays).toBeNull();
    // the day's trade list carries each fill's label, 打板 with what daily bars cannot tell
    const day = await masterDetail(admin.viewer, master.guid, "2024-03-05");
    expect(day!.fills.map((f) => f.play)).toEqual([{ text: "首板打板", caveat: LIMIT_UP_CAVEAT }]);
    // and the K-line's markers, and the master's page its record
    expect(day!.chart!.markers.map((m) => [m.date, m.play])).toEqual([["2024-03-05", "首板打板"], ["2024-03-06", "其他卖出"], ["2024-03-08", "低吸"], ["2024-03-11", "其他卖出"]]);
    expect(day!.plays.limitUp.buys).toBe(1);
    const sold = await masterDetail(admin.viewer, master.guid, "2024-03-11");
    expect(sold!.fills.map((f) => f.play?.text)).toEqual(["其他卖出"]);
  });
});
