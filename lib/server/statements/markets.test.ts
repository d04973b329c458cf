import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Fill, ImportReport, RoundTrip, StatementEvent } from "@/lib/domain/statements/types";
import { db } from "@/lib/db";
import { roundTrips, statementFills, statements } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { statementAccess } from "./access";
import { statementFindings } from "./analysis-page";
import { loadBookInput } from "./books";
import { writeMasterFigures } from "./master-figures";
import { masterCards } from "./master-hub";
import { storeReport } from "./import";
import { lossTracker } from "./loss-tracker";
import { createMaster } from "./masters-admin";
import { createUser } from "@/lib/server/members/users";
import { rankings } from "./rankings";
import { tripToRow } from "./rows";

const VIP: Viewer = { userId: "00000000-0000-4000-8000-000000000009", role: "member", userInfo: { levelId: 100 } as UserInfo };
const bytes = (s: string) => new TextEncoder().encode(s);

const hkFill: Fill = {
  line: 7, date: "2026-03-02", time: "10:01:02", code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", side: "buy",
  quantity: 200, price: 371.2, priceCurrency: "HKD", amount: 69310.46, amountStated: true, currency: "CNY", fxRate: 0.93358,
  fees: { commission: 0, stampDuty: 0, transferFee: 0, other: 75.73 }, feeBasis: "derived", feesEstimated: false, shareBalance: 200,
  netAmount: -69386.19, balance: 1000.5, kind: "trade", raw: "港股通买入",
};
const scheduleFill: Fill = {
  line: 8, date: "2026-03-03", time: null, code: "600519", exchange: "SH", market: "A", name: "贵州茅台", side: "buy",
  quantity: 100, price: 1500.123, priceCurrency: "CNY", amount: 150012.3, amountStated: false, currency: "CNY", fxRate: null,
  fees: null, feeBasis: "schedule", feesEstimated: false, shareBalance: null, netAmount: null, balance: null, kind: "trade", raw: "买入",
};
const allotment: StatementEvent = {
  line: 9, date: "2026-03-04", time: null, kind: "allotment", code: "072988", exchange: "SZ", market: "A", name: "豪美发债",
  quantity: 10, shareBalance: 10, amount: -1000, raw: "配债",
};
const report: ImportReport = {
  format: "citic_lscj", formatLabel: "中信证券 历史成交", encoding: "gb18030", rowCount: 3, fills: [hkFill, scheduleFill], events: [allotment],
  skipped: [], warnings: [], feeBasis: "mixed", unreconciled: [{ line: 7, amount: 69310.46, fees: 75.73, netAmount: -69386.2, difference: 0.01 }],
};

/** Trading days before `last`, oldest first, `n` of them including `last`. */
function tradingDays(last: string, n: number): string[] {
  const days = [last];
  while (days.length < n) days.unshift(defaultCalendar.previous(days[0]!));
  return days;
}

type TripRow = typeof roundTrips.$inferInsert;
const trip = (masterGuid: string, closeDate: string, pnl: number, extra: Partial<TripRow> = {}): TripRow => ({
  masterGuid, code: "600000", exchange: "SH", market: "A", name: "浦发银行", status: "closed", openingUnknown: false, realized: true,
  openDate: closeDate, closeDate, quantity: 1000, buyAmount: 10000, sellAmount: 10000 + pnl, fees: 0, pnl, holdingDays: 1, feeBasis: "file", ...extra,
});

/** A published master with one A-share buy on each of `days` (the ranking's trading-day sample) and the given trips. */
async function masterWithTrips(name: string, days: string[], trips: (guid: string) => TripRow[]) {
  const database = await db();
  const master = await createMaster(OPERATOR, { name });
  const [st] = await database.insert(statements).values({
    masterGuid: master.guid, fileName: `${name}.csv`, fileHash: name, fileSize: 1, format: "generic", formatLabel: "通用格式", encoding: "utf-8",
    rowCount: days.length, fillCount: days.length, eventCount: 0, isPublic: true,
  }).returning({ id: statements.id });
  await database.insert(statementFills).values(days.map((d, i) => ({
    statementId: st!.id, masterGuid: master.guid, line: i + 2, tradeDate: d, code: "600000", exchange: "SH", name: "浦发银行", side: "buy" as const,
    quantity: 100, price: 10, amount: 1000,
  })));
  const rows = trips(master.guid);
  await database.insert(roundTrips).values(rows);
  // the figures the rankings read (ADR 0044/0046), written as a rebuild writes them: from an analysis with these fills and trips
  const analysis = {
    fills: days.map((d) => ({ date: d, market: "A", name: "浦发银行" })),
    roundTrips: rows.map((t) => ({ code: t.code, name: t.name, market: t.market, realized: t.realized, closeDate: t.closeDate ?? null, pnl: t.pnl })),
    positionHistory: [],
  } as unknown as StatementAnalysis;
  await writeMasterFigures(database, master.guid, analysis);
  return master;
}

describeOnEachEngine("statements: markets, fee basis and what counts in rankings (ADR 0033)", () => {
  it("stores and loads every new field of fills, events and the statement", async () => {
    const owner = await createUser({ email: "hk@example.com" });
    const saved = await storeReport(report, { bytes: bytes("hk-file"), fileName: "hk.csv" }, { kind: "member", ownerId: owner.id, isPublic: false });
    const input = await loadBookInput(await db(), { kind: "statement", statementId: saved.statementId });
    expect(input.fills).toEqual([hkFill, scheduleFill]);
    expect(input.events).toEqual([allotment]);
    const [row] = await (await db()).select().from(statements).where(eq(statements.id, saved.statementId));
    expect(row!.feeBasis).toBe("mixed");
    expect(row!.unreconciled).toEqual(report.unreconciled);
  });

  it("stores a round trip's market, status, opening-unknown, realised flag and fee basis", async () => {
    const database = await db();
    const owner = await createUser({ email: "trips@example.com" });
    const [st] = await database.insert(statements).values({
      ownerId: owner.id, fileName: "t.csv", fileHash: "trips", fileSize: 1, format: "generic", formatLabel: "通用格式", encoding: "utf-8", rowCount: 0, fillCount: 0, eventCount: 0,
    }).returning({ id: statements.id });
    const hkTrip: RoundTrip = {
      code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", status: "transferred", openingUnknown: true, realized: false, openDate: "2024-03-05",
      closeDate: "2024-03-12", quantity: 200, buyAmount: 69_310.46, sellAmount: 0, fees: 75.73, dividends: 0, dividendTax: 0, pnl: -69_386.19, holdingDays: 5,
      fillIndexes: [0], feesEstimated: false, feeBasis: "derived",
    };
    await database.insert(roundTrips).values(tripToRow(hkTrip, { masterGuid: null, statementId: st!.id }));
    const [row] = await database.select().from(roundTrips).where(eq(roundTrips.statementId, st!.id));
    expect(row).toMatchObject({ code: "00700", exchange: "HK", market: "HK", status: "transferred", openingUnknown: true, realized: false, feeBasis: "derived", buyAmount: 69_310.46 });
  });

  it("ranks a master on realised A-share trips only: HK, opening-unknown and transferred trips move nothing", async () => {
    const days = tradingDays("2026-05-29", 25);
    const day = days.at(-1)!;
    const master = await masterWithTrips("只算A股", days, (guid) => [
      ...days.slice(0, 21).map((d) => trip(guid, d, 100)),
      trip(guid, day, 100, { code: "600519", name: "贵州茅台" }),
      trip(guid, day, 100000, { code: "00700", exchange: "HK", market: "HK", name: "腾讯控股" }),
      trip(guid, day, -50000, { code: "600036", name: "招商银行", openingUnknown: true, realized: false }),
      trip(guid, day, -80000, { code: "600016", name: "民生银行", status: "transferred", realized: false }),
      trip(guid, day, -30000, { code: "600028", name: "中国石化", status: "open", realized: false, closeDate: null }),
    ]);
    // 20 A-share trips and 25 trading days but only HK trips in the window: never ranked on them.
    const hkOnly = await masterWithTrips("只有港股", days, (guid) => days.slice(0, 22).map((d) => trip(guid, d, 5000, { code: "01810", exchange: "HK", market: "HK", name: "小米集团" })));

    const profit = await rankings(VIP, { day, period: "day", show: "profit" });
    const row = (profit.rows as { masterGuid: string; pnl: number; trips: number; best: { code: string } | null }[]).find((r) => r.masterGuid === master.guid);
    expect(row).toMatchObject({ pnl: 100, trips: 1, best: { code: "600519" } });
    expect((profit.rows as { masterGuid: string }[]).map((r) => r.masterGuid)).not.toContain(hkOnly.guid);

    const loss = await rankings(VIP, { day, period: "day", show: "loss" });
    expect((loss.rows as { masterGuid: string }[]).map((r) => r.masterGuid)).not.toContain(master.guid);

    const access = await statementAccess(VIP, new Date("2026-06-30T04:00:00Z"));
    const cards = (await masterCards(access)).items;
    expect(cards.find((c) => c.guid === master.guid)).toMatchObject({ realizedPnl: 2200, closedTrips: 22, wins: 22 });
    expect(cards.find((c) => c.guid === hkOnly.guid)).toMatchObject({ realizedPnl: 0, closedTrips: 0 });

    const tracker = await lossTracker(VIP, day);
    expect(tracker.closed.filter((t) => t.masterGuid === master.guid)).toEqual([]);
  });

  it("backfills rows stored before migration 0011: open trips, transferred trips and estimated fees", async () => {
    const database = await db();
    const owner = await createUser({ email: "old@example.com" });
    const [st] = await database.insert(statements).values({
      ownerId: owner.id, fileName: "old.csv", fileHash: "old", fileSize: 1, format: "generic", formatLabel: "通用格式", encoding: "utf-8",
      rowCount: 2, fillCount: 2, eventCount: 1,
    }).returning({ id: statements.id });
    const statementId = st!.id;
    await database.insert(statementFills).values([
      { statementId, line: 2, tradeDate: "2026-01-05", code: "600000", exchange: "SH", name: "浦发银行", side: "buy", quantity: 100, price: 10, amount: 1000 },
      { statementId, line: 3, tradeDate: "2026-01-06", code: "600000", exchange: "SH", name: "浦发银行", side: "buy", quantity: 100, price: 10, amount: 1000, commission: 5 },
    ]);
    await database.execute(sql`insert into statement_events (statement_id, line, event_date, kind, code, exchange, name, quantity) values (${statementId}, 4, '2026-01-09', 'shares_out', '600016', 'SH', '民生银行', 100)`);
    const old = (code: string, closeDate: string | null, pnl: number) => ({ ...trip("", closeDate ?? "2026-01-05", pnl), masterGuid: null, statementId, code, closeDate, status: undefined, realized: undefined });
    await database.insert(roundTrips).values([old("600000", null, -1000), old("600036", "2026-01-08", 50), old("600016", "2026-01-09", -2000)]);
    // As the rows were before 0011: the new columns at their plain defaults.
    await database.execute(sql`update round_trips set status = 'closed', realized = false where statement_id = ${statementId}`);
    await database.execute(sql`update statement_fills set fee_basis = 'file' where statement_id = ${statementId}`);

    const file = readFileSync(path.join(process.cwd(), "lib/db/migrations/0011_statements_markets.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint").filter((s) => /^\s*(--.*\n\s*)*UPDATE/.test(s))) {
      await database.execute(sql.raw(statement));
    }
    const trips = await database.select().from(roundTrips).where(eq(roundTrips.statementId, statementId)).orderBy(roundTrips.code);
    expect(trips.map((t) => [t.code, t.status, t.realized])).toEqual([
      ["600000", "open", false],
      ["600016", "transferred", false],
      ["600036", "closed", true],
    ]);
    const fills = await database.select().from(statementFills).where(eq(statementFills.statementId, statementId)).orderBy(statementFills.line);
    expect(fills.map((f) => f.feeBasis)).toEqual(["schedule", "file"]);
    const [row] = await database.select().from(statements).where(eq(statements.id, statementId));
    expect(row!.feeBasis).toBe("mixed");
  });
});

describe("statementFindings", () => {
  it("keeps the 港股通 trips apart, newest first, and tells one fee basis or mixed across a book's files", () => {
    const hkTrip = { code: "00700", market: "HK", openDate: "2024-01-02" };
    const full = {
      roundTrips: [{ code: "600519", market: "A", openDate: "2024-01-01" }, hkTrip, { ...hkTrip, openDate: "2024-02-01" }],
      hk: { summary: {}, perStock: [], currency: "CNY" }, unknownOpenings: [], pendingAllotments: [],
    } as unknown as StatementAnalysis;
    const row = { line: 3, amount: 1, fees: 0, netAmount: -1.01, difference: 0.01 };
    const findings = statementFindings(full, [{ feeBasis: "derived", unreconciled: [row] }, { feeBasis: "file", unreconciled: [] }]);
    expect(findings.hk?.roundTrips.map((t) => t.openDate)).toEqual(["2024-02-01", "2024-01-02"]);
    expect(findings.feeBasis).toBe("mixed");
    expect(findings.unreconciled).toEqual([row]);
    expect(statementFindings({ ...full, hk: null } as unknown as StatementAnalysis, [{ feeBasis: "derived", unreconciled: [] }])).toMatchObject({ hk: null, feeBasis: "derived" });
  });
});
