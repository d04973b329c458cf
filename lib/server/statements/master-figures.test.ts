import { asc, eq } from "drizzle-orm";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import { masterFigures } from "@/lib/domain/statements/master-days";
import type { Fill, ImportReport } from "@/lib/domain/statements/types";
import { db } from "@/lib/db";
import { masterDays, masterFigures as masterFiguresTable, masterPositions, masters } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { loadBookInput } from "./books";
import { writeMissingMasterFigures } from "./figures-backfill";
import { deleteStatement, publishMasterStatement, storeReport } from "./import";
import { createMaster, updateMaster } from "./masters-admin";

function fill(line: number, date: string, side: "buy" | "sell", price: number, quantity: number, code = "600519", name = "贵州茅台"): Fill {
  const amount = Math.round(price * quantity * 100) / 100;
  return {
    line, date, time: side === "buy" ? "09:35:00" : "14:50:00", code, exchange: code.startsWith("6") ? "SH" : "SZ", market: "A", name, side, quantity,
    price, priceCurrency: "CNY", amount, amountStated: true, currency: "CNY", fxRate: null, feeBasis: "file", shareBalance: null,
    fees: { commission: 5, stampDuty: 0, transferFee: 0, other: 0 }, feesEstimated: false, netAmount: null, balance: null, kind: "trade",
    raw: side === "buy" ? "证券买入" : "证券卖出",
  };
}

const report = (fills: Fill[]): ImportReport => ({
  format: "generic", formatLabel: "通用格式", encoding: "utf-8", rowCount: fills.length, fills, events: [], skipped: [], warnings: [], feeBasis: "file",
  unreconciled: [],
});
const file = (name: string) => ({ bytes: new TextEncoder().encode(name), fileName: `${name}.csv` });

/** A: two 茅台 round trips (the first sold in two halves) and an open 宁德 position. B (earlier days): a 茅台 buy that FIFO now sells first. */
const A = [
  fill(2, "2026-03-02", "buy", 100, 200),
  fill(3, "2026-03-03", "sell", 110, 100),
  fill(4, "2026-03-05", "sell", 90, 100),
  fill(5, "2026-03-06", "buy", 200, 100, "300750", "宁德时代"),
  fill(6, "2026-03-09", "buy", 95, 100),
  fill(7, "2026-03-10", "sell", 96, 100),
];
const B = [fill(2, "2026-02-26", "buy", 50, 100), fill(3, "2026-02-27", "buy", 60, 100, "000001", "平安银行")];

/** The stored rows of a master in the domain's shape. */
async function stored(masterGuid: string) {
  const database = await db();
  const days = await database.select().from(masterDays).where(eq(masterDays.masterGuid, masterGuid)).orderBy(asc(masterDays.day));
  const positions = await database.select().from(masterPositions).where(eq(masterPositions.masterGuid, masterGuid)).orderBy(asc(masterPositions.id));
  const [figures] = await database.select().from(masterFiguresTable).where(eq(masterFiguresTable.masterGuid, masterGuid));
  return {
    days: days.map((d) => ({
      day: d.day, fills: d.fills, aShareFills: d.aShareFills, names: d.names, trips: d.trips, wins: d.wins, pnl: d.pnl,
      best: d.bestCode === null ? null : { code: d.bestCode, name: d.bestName, pnl: d.bestPnl },
      worst: d.worstCode === null ? null : { code: d.worstCode, name: d.worstName, pnl: d.worstPnl },
      cumTrips: d.cumTrips, cumWins: d.cumWins, cumPnl: d.cumPnl, cumTradingDays: d.cumTradingDays, cumFills: d.cumFills, lastFillDay: d.lastFillDay,
    })),
    positions: positions.map((p) => ({
      code: p.code, exchange: p.exchange, market: p.market, name: p.name, openDate: p.openDate, quantity: p.quantity, cost: p.cost,
      unknownQuantity: p.unknownQuantity, openingUnknown: p.openingUnknown, heldFrom: p.heldFrom, heldUntil: p.heldUntil,
    })),
    eligibleFrom: figures?.eligibleFrom ?? null,
    firstDay: figures?.firstDay ?? null,
    lastDay: figures?.lastDay ?? null,
  };
}

/** What the analysis of the master's published fills, made now, says the figures are. */
async function analysed(masterGuid: string) {
  const input = await loadBookInput(await db(), { kind: "master", masterGuid });
  return masterFigures(analyzeStatement(input, { positionHistory: true }));
}

describeOnEachEngine("stored master figures follow every change of the book", () => {
  it("equal the analysis of the fills after an import, a draft, its publication, a late statement and a deletion", async () => {
    const master = await createMaster(OPERATOR, { name: "存储大神" });
    const first = await storeReport(report(A), file("a"), { kind: "master", masterGuid: master.guid, isPublic: true });
    const afterImport = await stored(master.guid);
    expect(afterImport).toEqual(await analysed(master.guid));
    expect(afterImport.days.map((d) => d.day)).toEqual(["2026-03-02", "2026-03-03", "2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10"]);
    // one trip 03-02→03-05 (200 shares sold in two halves at 110 and 90): −15 in fees; one 03-09→03-10: +100 − 10
    expect(afterImport.days.at(-1)).toMatchObject({ cumTrips: 2, cumWins: 1, cumPnl: -15 + 90, cumFills: 6 });
    expect(afterImport.positions.find((p) => p.code === "300750")).toMatchObject({ quantity: 100, cost: 20005, heldFrom: "2026-03-06", heldUntil: null });

    // a draft changes nothing the pages read until it is published
    const draft = await storeReport(report(B), file("b"), { kind: "master", masterGuid: master.guid, isPublic: false });
    expect(await stored(master.guid)).toEqual(afterImport);

    // published, its earlier 茅台 buy is sold first (FIFO reordered) and 平安银行 is held from 02-27
    expect(await publishMasterStatement(OPERATOR, draft.statementId)).toBe(true);
    const afterPublish = await stored(master.guid);
    expect(afterPublish).toEqual(await analysed(master.guid));
    expect(afterPublish.days[0]!.day).toBe("2026-02-26");
    // 茅台 never goes flat now: no trip closes, and FIFO leaves the 03-09 lot (100 at 95 + 5 fee) held at the end
    expect(afterPublish.days.at(-1)).toMatchObject({ cumTrips: 0, cumPnl: 0 });
    expect(afterPublish.positions.find((p) => p.code === "600519" && p.heldUntil === null)).toMatchObject({ quantity: 100, cost: 9505, openDate: "2026-02-26" });
    expect(afterPublish.positions.some((p) => p.code === "000001" && p.heldFrom === "2026-02-27" && p.heldUntil === null)).toBe(true);

    // a change of disclosure is applied when reading: nothing stored moves
    await updateMaster(OPERATOR, master.guid, { name: "存储大神", disclosureDelayDays: 5 });
    expect(await stored(master.guid)).toEqual(afterPublish);

    // deleting the first statement leaves the late one's figures alone
    expect(await deleteStatement(OPERATOR, first.statementId)).toBe(true);
    const afterDelete = await stored(master.guid);
    expect(afterDelete).toEqual(await analysed(master.guid));
    expect(afterDelete.days.map((d) => d.day)).toEqual(["2026-02-26", "2026-02-27"]);
    expect(afterDelete.days.every((d) => d.trips === 0)).toBe(true);
  });

  it("are written at start-up for masters that have none, and go with their master", async () => {
    const master = await createMaster(OPERATOR, { name: "补算大神" });
    await storeReport(report(A), file("c"), { kind: "master", masterGuid: master.guid, isPublic: true });
    const expected = await stored(master.guid);
    const database = await db();
    await database.delete(masterFiguresTable).where(eq(masterFiguresTable.masterGuid, master.guid));
    await database.delete(masterDays).where(eq(masterDays.masterGuid, master.guid));
    await database.delete(masterPositions).where(eq(masterPositions.masterGuid, master.guid));
    expect(await writeMissingMasterFigures(database)).toBeGreaterThanOrEqual(1);
    expect(await stored(master.guid)).toEqual(expected);
    expect(await writeMissingMasterFigures(database)).toBe(0);

    await database.delete(masters).where(eq(masters.guid, master.guid));
    expect(await stored(master.guid)).toEqual({ days: [], positions: [], eligibleFrom: null, firstDay: null, lastDay: null });
  });
});
