import { and, eq, sql } from "drizzle-orm";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { Fill, ImportReport } from "@/lib/domain/statements/types";
import type { UserInfo } from "@/lib/domain/user-info";
import { db } from "@/lib/db";
import { statementFills } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { storeReport } from "./import";
import { createMaster } from "./masters-admin";
import { rankings, type MasterRankRow, type StockRankRow } from "./rankings";

/**
 * /rank/{date}/{week}/{show}/passed: only the masters whose every A-share trade fill the viewer may see passed the
 * 交割单体检 (docs/adr/0079) — at least one such fill, none failed, unverifiable or not checked yet.
 */

const VIP: Viewer = { userId: "00000000-0000-4000-8000-000000000079", role: "member", userInfo: { levelId: 100 } as UserInfo };
const STAFF: Viewer = { ...VIP, role: "editor" };

const LAST = "2026-11-20";
/** A week every master's book covers, before the disclosure end of 丁 (delay 2: through 2026-11-18). */
const WEEK_DAY = "2026-11-11";

function sessions(last: string, n: number): string[] {
  const days = [last];
  while (days.length < n) days.unshift(defaultCalendar.previous(days[0]!));
  return days;
}
const DAYS = sessions(LAST, 60);

/** Bought one session, sold the next at a profit: a winning round trip every other session (30 in all). */
function book(): Fill[] {
  return DAYS.map((date, i): Fill => {
    const side = i % 2 === 0 ? "buy" : "sell";
    const price = side === "buy" ? 10 : 11;
    const amount = price * 100;
    return {
      line: 2 + i, date, time: "10:00:00", code: "600000", exchange: "SH", market: "A", name: "浦发银行", side, quantity: 100, price,
      priceCurrency: "CNY", amount, amountStated: true, currency: "CNY", fxRate: null, feeBasis: "file", shareBalance: null,
      fees: { commission: 5, stampDuty: side === "sell" ? 0.55 : 0, transferFee: 0.01, other: 0 },
      feesEstimated: false, netAmount: null, balance: null, kind: "trade", raw: side === "buy" ? "证券买入" : "证券卖出",
    };
  });
}

function report(fills: Fill[]): ImportReport {
  return { format: "generic", formatLabel: "通用格式", encoding: "utf-8", rowCount: fills.length, fills, events: [], skipped: [], warnings: [], feeBasis: "file", unreconciled: [] };
}

const names = (rows: Rankings["rows"]) => (rows as MasterRankRow[]).map((r) => r.masterName).sort();
type Rankings = Awaited<ReturnType<typeof rankings>>;

describeOnEachEngine("rankings filtered by the 交割单体检 (docs/adr/0079)", () => {
  const guids: Record<string, string> = {};

  /** Every fill of the master `status`, then the one on `day` `odd`. */
  async function audit(name: string, status: "passed" | null, odd?: { day: string; status: "failed" | "unverifiable" | null }) {
    const database = await db();
    await database.update(statementFills).set({ auditStatus: status }).where(eq(statementFills.masterGuid, guids[name]!));
    if (odd) {
      await database.update(statementFills).set({ auditStatus: odd.status })
        .where(and(eq(statementFills.masterGuid, guids[name]!), eq(statementFills.tradeDate, odd.day)));
    }
  }

  beforeAll(async () => {
    // 己大神 has no statement: unranked without the filter, not even counted with it
    for (const [name, delay] of [["甲大神", 0], ["乙大神", 0], ["丙大神", 0], ["丁大神", 2], ["己大神", 0]] as const) {
      guids[name] = (await createMaster(OPERATOR, { name, disclosureDelayDays: delay })).guid;
    }
    for (const name of ["甲大神", "乙大神", "丙大神", "丁大神"]) {
      await storeReport(report(book()), { bytes: new TextEncoder().encode(name), fileName: `${name}.csv` }, { kind: "master", masterGuid: guids[name]!, isPublic: true });
    }
  }, 120_000);

  it("keeps nobody while no fill has passed, and says so", async () => {
    // no bars: the import could check nothing
    const [passed] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(statementFills).where(eq(statementFills.auditStatus, "passed"));
    expect(passed!.n).toBe(0);
    const all = await rankings(VIP, { day: WEEK_DAY, period: "week", show: "profit" });
    expect(names(all.rows)).toEqual(["丁大神", "丙大神", "乙大神", "甲大神"]);
    expect(all).toMatchObject({ audit: null, auditedMasters: null, unranked: 1 });
    const filtered = await rankings(VIP, { day: WEEK_DAY, period: "week", show: "profit", audit: "passed" });
    expect(filtered).toMatchObject({ audit: "passed", auditedMasters: 0, rows: [], total: 0, unranked: 0 });
  }, 60_000);

  it("lists only the masters whose fills all passed; without the filter, every master", async () => {
    await audit("甲大神", "passed");
    await audit("乙大神", "passed", { day: DAYS[10]!, status: "failed" });
    await audit("丙大神", "passed", { day: DAYS[11]!, status: null });
    // 丁's one unchecked fill is on its last day, past its disclosure end for everyone but staff
    await audit("丁大神", "passed", { day: LAST, status: null });

    for (const viewer of [null, VIP]) {
      const all = await rankings(viewer, { day: WEEK_DAY, period: "week", show: "profit" });
      expect(names(all.rows)).toEqual(["丁大神", "丙大神", "乙大神", "甲大神"]);
      const filtered = await rankings(viewer, { day: WEEK_DAY, period: "week", show: "profit", audit: "passed" });
      expect(names(filtered.rows)).toEqual(["丁大神", "甲大神"]);
      expect(filtered).toMatchObject({ auditedMasters: 2, total: 2, unranked: 0 });
      expect((filtered.rows as MasterRankRow[]).map((r) => r.rank)).toEqual([1, 2]);
    }
    // staff see 丁's last day, and its fill not checked yet
    const staff = await rankings(STAFF, { day: WEEK_DAY, period: "week", show: "profit", audit: "passed" });
    expect(names(staff.rows)).toEqual(["甲大神"]);
    expect(staff.auditedMasters).toBe(1);

    // the day board, and the stocks they bought
    const day = await rankings(VIP, { day: DAYS[51]!, period: "day", show: "profit", audit: "passed" });
    expect(names(day.rows)).toEqual(["丁大神", "甲大神"]);
    const stocks = await rankings(VIP, { day: WEEK_DAY, period: "week", show: "stocks", audit: "passed" });
    expect((stocks.rows as StockRankRow[]).map((r) => [r.code, r.masters, r.masterNames])).toEqual([["600000", 2, ["丁大神", "甲大神"]]]);
    const allStocks = await rankings(VIP, { day: WEEK_DAY, period: "week", show: "stocks" });
    expect((allStocks.rows as StockRankRow[])[0]!.masters).toBe(4);

    // the newest day, as /rank asks for it
    const newest = await rankings(VIP, { period: "day", show: "profit", audit: "passed" });
    expect(newest.rows.length).toBeGreaterThan(0);
    expect(names(newest.rows).every((n) => n === "甲大神" || n === "丁大神")).toBe(true);
  }, 60_000);

  it("drops a master as soon as one of its fills fails (a re-audit)", async () => {
    await audit("甲大神", "passed", { day: DAYS[0]!, status: "unverifiable" });
    const filtered = await rankings(VIP, { day: WEEK_DAY, period: "week", show: "profit", audit: "passed" });
    expect(names(filtered.rows)).toEqual(["丁大神"]);
  }, 60_000);
});
